import { errorText, type RequestRecord } from './client.ts';
import { SimulatedDevice } from './device.ts';
import { createLimiter, RequestCounter } from './stats.ts';

export interface FleetOptions {
  baseUrl: string;
  enrolmentToken: string;
  appName: string;
  count: number;
  serialPrefix: string;
  /** Short requests in flight at once across the fleet. */
  concurrency: number;
  /** Long-poll seconds. */
  wait: number;
  once: boolean;
  statusIntervalMs?: number;
  log?: (line: string) => void;
  onRequest?: (r: RequestRecord) => void;
  /** Fail policies on purpose: this share of them, or those with this setting on. */
  failRate?: number;
  failWhen?: string;
  /** Enrol into this group (a group's enrolment QR). */
  groupId?: string | undefined;
  /** The remote commands the devices claim they can run (default: every type). */
  capabilities?: readonly string[];
}

export interface FleetReport {
  devices: number;
  enrolled: number;
  /** Devices that stopped or failed, grouped by reason. */
  problems: Record<string, number>;
  requests: string[];
  seconds: number;
}

/** SERIAL-0001, SERIAL-0002, … unique within a run. */
export const serialsFor = (prefix: string, count: number) =>
  Array.from(
    { length: count },
    (_, i) => `${prefix}-${String(i + 1).padStart(Math.max(4, String(count).length), '0')}`,
  );

/** A prefix unique per run, so two runs against one customer do not collide: SIM-<6 hex>. */
export const defaultSerialPrefix = (random: () => number = Math.random) =>
  `SIM-${Math.floor(random() * 0xffffff)
    .toString(16)
    .toUpperCase()
    .padStart(6, '0')}`;

/** Runs `count` devices until `signal` aborts (or, with `once`, until each finished one check-in). */
export async function runFleet(opts: FleetOptions, signal: AbortSignal): Promise<FleetReport> {
  const started = Date.now();
  const limiter = createLimiter(opts.concurrency);
  const counter = new RequestCounter();
  const devices = serialsFor(opts.serialPrefix, opts.count).map(
    (serialNumber) =>
      new SimulatedDevice({
        baseUrl: opts.baseUrl,
        enrolmentToken: opts.enrolmentToken,
        appName: opts.appName,
        serialNumber,
        limiter,
        statusIntervalMs: opts.statusIntervalMs,
        failRate: opts.failRate,
        failWhen: opts.failWhen,
        ...(opts.groupId ? { groupId: opts.groupId } : {}),
        ...(opts.capabilities ? { capabilities: opts.capabilities } : {}),
        log: opts.log ? (d, line) => opts.log!(`[${d.serialNumber}] ${line}`) : undefined,
        onRequest: (r) => {
          counter.add(r.method, r.path, r.status);
          opts.onRequest?.(r);
        },
      }),
  );
  const problems: Record<string, number> = {};
  const note = (reason: string) => (problems[reason] = (problems[reason] ?? 0) + 1);

  await Promise.all(
    devices.map(async (d) => {
      try {
        if (opts.once) await d.once(signal);
        else await d.run(signal, { wait: opts.wait });
        if (d.stopped) note(d.stopped);
      } catch (err) {
        if (signal.aborted) return;
        const reason = errorText(err);
        note(reason);
        opts.log?.(`[${d.serialNumber}] failed: ${reason}`);
      }
    }),
  );
  return {
    devices: devices.length,
    enrolled: devices.filter((d) => d.deviceToken).length,
    problems,
    requests: counter.lines(),
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
