/**
 * `npm run bench -- device` (and the first half of `npm run bench`, bench/index.ts): device API load benchmark
 * (DECISIONS §6, §7).
 *
 * Starts the real product in this process (startRuntime: embedded PostgreSQL in a throwaway DATA_DIR,
 * migrations, workers, HTTP on 127.0.0.1 at a free port), creates a customer with licence seats, enrols
 * N simulated devices (packages/device-sim) over real HTTP, then measures:
 *   (a) check-in throughput: each device in turn does POST status + GET policy with If-None-Match (304),
 *       with a fixed number of check-ins in flight, for a fixed time; requests/s and latency percentiles;
 *   (b) long-poll wake-up: P devices hold GET events?wait=…; the customer presses Apply for each, one
 *       after another; latency from Apply's answer to that device's GET policy answer.
 * Writes bench/results/device-<date>.json and bench/results/latest-device.md, prints a summary, and
 * stops the server and the database. Loopback only; every loop is bounded by time or count.
 *
 * Options: --devices 1000 --duration 20 --warmup 3 --concurrency 32 --pollers 200 --wait 30 --no-write
 */
import { setMaxListeners } from 'node:events';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { EVENTS_MAX_WAIT_SECONDS, devicesApi, policyApi } from '@fleetdeck/contract';
import {
  RequestCounter,
  SimulatedDevice,
  createLimiter,
  errorText,
  serialsFor,
  summarise,
  type LatencySummary,
  type RequestRecord,
} from '@fleetdeck/device-sim';
import { profiles } from '../apps/api/src/db/schema.ts';
import { enrolmentTokenOf } from '../apps/api/src/modules/users/service.ts';
import type { Runtime } from '../apps/api/src/runtime.ts';
import { buy } from '../apps/api/test/support/ledger.ts';
import { loopbackFetch } from './http.ts';
import {
  benchCustomer,
  benchInstallation,
  fmtLatency,
  interruptSignal,
  loadAverage,
  machineFacts,
  round,
  runBenchmark,
  seconds,
  startProduct,
  teardown,
  writeResults,
} from './support.ts';

/** Enrolments per loopback source address: under the API's 120 a minute per IP. */
const ENROLMENTS_PER_ADDRESS = 100;

// ------------------------------------------------------------------------------------------------ options

function options() {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '1000' },
      duration: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '3' },
      concurrency: { type: 'string', default: '32' },
      pollers: { type: 'string', default: '200' },
      wait: { type: 'string', default: '30' },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'npm run bench -- device [--devices 1000] [--duration 20] [--warmup 3] [--concurrency 32] [--pollers 200] [--wait 30] [--no-write]',
    );
    process.exit(0);
  }
  const int = (name: string, raw: string, min: number, max: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      console.error(`bench: --${name} must be a whole number from ${min} to ${max} (got ${raw})`);
      process.exit(2);
    }
    return n;
  };
  const devices = int('devices', values.devices, 1, 5000);
  return {
    devices,
    duration: int('duration', values.duration, 1, 120),
    warmup: int('warmup', values.warmup, 0, 30),
    concurrency: int('concurrency', values.concurrency, 1, 512),
    pollers: int('pollers', values.pollers, 0, devices),
    wait: int('wait', values.wait, 1, EVENTS_MAX_WAIT_SECONDS),
    write: !values['no-write'],
  };
}

// ---------------------------------------------------------------------------------------------- helpers

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Latency samples and status counts of one phase. */
class Recorder {
  readonly all: number[] = [];
  readonly byRoute = new Map<string, number[]>();
  readonly counter = new RequestCounter();
  add(r: RequestRecord) {
    this.all.push(r.ms);
    const route = `${r.method} ${r.path.replace(/\?.*$/, '')}`;
    let list = this.byRoute.get(route);
    if (!list) this.byRoute.set(route, (list = []));
    list.push(r.ms);
    this.counter.add(r.method, r.path, r.status);
  }
  routes(): Record<string, LatencySummary> {
    return Object.fromEntries([...this.byRoute.entries()].sort().map(([k, v]) => [k, summarise(v)]));
  }
}

/** Failures by reason, for the summary. */
class Reasons {
  private readonly counts = new Map<string, number>();
  add(reason: string) {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
  }
  lines(): string[] {
    return [...this.counts.entries()].map(([reason, n]) => `${n} × ${reason}`);
  }
}

// -------------------------------------------------------------------------------------------------- main

async function main() {
  const opts = options();
  const signal = interruptSignal();
  // Every request of every device listens to these signals: more than the default 10 is the point here.
  setMaxListeners(0, signal);

  const startedAt = new Date();
  const loadAtStart = loadAverage();
  const { dataDir, baseUrl, config, logger } = await benchInstallation('fd-bench-');
  const agent = new http.Agent({ keepAlive: true });
  let rt: Runtime | null = null;

  console.log(
    `Device API benchmark: ${opts.devices} devices, check-ins ${opts.duration} s (+${opts.warmup} s warm-up) ` +
      `at ${opts.concurrency} in flight, ${opts.pollers} long-polls (wait=${opts.wait})`,
  );
  try {
    // --- the product, and a customer with one seat per device, signed in over HTTP
    const started = await startProduct(config, logger, dataDir);
    rt = started.rt;
    const { startMs } = started;
    const { ctx } = started.rt;
    const customerFetch = loopbackFetch(agent, '127.0.0.1');
    const { customer, token: customerToken } = await benchCustomer(started.rt, customerFetch, 'bench@fleetdeck.local');
    await buy(ctx.db, customer.id, 'PD', opts.devices);
    const enrolmentToken = enrolmentTokenOf(ctx, customer);

    // --- enrol the fleet: enrol, status, inventory, policy fetch (version 0: no ack), logs (device-sim `once`)
    let recorder = new Recorder();
    const fetches = new Map<string, typeof fetch>();
    const fetchFor = (i: number) => {
      const address = `127.0.0.${2 + Math.floor(i / ENROLMENTS_PER_ADDRESS)}`;
      let f = fetches.get(address);
      if (!f) fetches.set(address, (f = loopbackFetch(agent, address)));
      return f;
    };
    const devices = serialsFor('BENCH', opts.devices).map(
      (serialNumber, i) =>
        new SimulatedDevice({
          baseUrl,
          enrolmentToken,
          appName: 'PD',
          serialNumber,
          fetch: fetchFor(i),
          onRequest: (r) => recorder.add(r),
        }),
    );
    const t = performance.now();
    const enrolLimiter = createLimiter(opts.concurrency);
    const enrolFailures = new Reasons();
    await Promise.all(
      devices.map((d) =>
        enrolLimiter.run(async () => {
          if (signal.aborted) return;
          try {
            await d.once(signal);
          } catch (err) {
            enrolFailures.add(errorText(err));
          }
        }),
      ),
    );
    const enrolMs = performance.now() - t;
    const enrolled = devices.filter((d) => d.deviceToken && d.etag);
    const enrolment = {
      devices: opts.devices,
      enrolled: enrolled.length,
      sourceAddresses: fetches.size,
      seconds: seconds(enrolMs),
      devicesPerSecond: round(enrolled.length / (enrolMs / 1000)),
      requests: recorder.all.length,
      latencyMs: recorder.routes(),
      failures: enrolFailures.lines(),
    };
    console.log(
      `Enrolled ${enrolled.length}/${opts.devices} devices in ${enrolment.seconds} s ` +
        `(${enrolment.devicesPerSecond} devices/s, ${recorder.all.length} requests)`,
    );
    if (enrolled.length === 0) throw new Error(`no device enrolled: ${enrolFailures.lines().join('; ')}`);
    if (signal.aborted) throw new Error('interrupted');

    // --- (a) check-in throughput
    const checkIns = async (ms: number) => {
      let next = 0;
      let done = 0;
      const errors = new Reasons();
      const end = performance.now() + ms;
      const worker = async () => {
        while (performance.now() < end && !signal.aborted) {
          const d = enrolled[next++ % enrolled.length]!;
          try {
            const p = await d.checkIn();
            if (p.changed) errors.add('GET policy answered 200 instead of 304');
            done++;
          } catch (err) {
            errors.add(errorText(err));
          }
        }
      };
      const t0 = performance.now();
      await Promise.all(Array.from({ length: opts.concurrency }, worker));
      return { ms: performance.now() - t0, done, errors: errors.lines() };
    };
    if (opts.warmup > 0) {
      recorder = new Recorder();
      await checkIns(opts.warmup * 1000);
    }
    recorder = new Recorder();
    const run = await checkIns(opts.duration * 1000);
    const checkIn = {
      seconds: seconds(run.ms),
      concurrency: opts.concurrency,
      checkIns: run.done,
      requests: recorder.all.length,
      requestsPerSecond: round(recorder.all.length / (run.ms / 1000)),
      checkInsPerSecond: round(run.done / (run.ms / 1000)),
      latencyMs: { all: summarise(recorder.all), ...recorder.routes() },
      statuses: recorder.counter.lines(),
      errors: run.errors,
    };
    console.log(
      `(a) Check-ins: ${checkIn.requestsPerSecond} requests/s (${checkIn.checkInsPerSecond} check-ins/s) over ` +
        `${checkIn.seconds} s at ${opts.concurrency} in flight; latency ${fmtLatency(checkIn.latencyMs.all)}`,
    );
    if (run.errors.length) console.log(`    errors: ${run.errors.join('; ')}`);
    if (signal.aborted) throw new Error('interrupted');

    // --- (b) long-poll wake-up latency
    const pollers = enrolled.slice(0, opts.pollers);
    const stopPolls = new AbortController();
    const stopBoth = AbortSignal.any([signal, stopPolls.signal]);
    setMaxListeners(0, stopPolls.signal, stopBoth);
    let repolls = 0;
    /** Holds GET events until the policy changed, then GET policy (timed) and ack. */
    const hold = async (d: SimulatedDevice) => {
      for (;;) {
        const ev = await d.pollEvents(opts.wait, stopBoth);
        if (ev.policyChanged) break;
        repolls++;
      }
      const eventsAt = performance.now();
      const fetched = await d.fetchPolicy(stopBoth);
      const policyAt = performance.now();
      if (fetched.changed) await d.ack(fetched.version, 'Success', 'bench');
      return { eventsAt, policyAt, changed: fetched.changed };
    };
    const holds = pollers.map((d) => {
      const p = hold(d);
      p.catch(() => undefined); // read below; an abort at the end is expected
      return p;
    });
    const waitFrom = performance.now();
    while (ctx.wakeups.waiterCount() < pollers.length && performance.now() - waitFrom < 30_000 && !signal.aborted) {
      await sleep(50);
    }
    const held = ctx.wakeups.waiterCount();
    const wake: number[] = [];
    const applyMs: number[] = [];
    const eventsMs: number[] = [];
    const failures = new Reasons();
    const phaseStarted = performance.now();
    for (const [i, d] of pollers.entries()) {
      if (signal.aborted) break;
      try {
        const t0 = performance.now();
        const res = await customerFetch(`${baseUrl}${policyApi.apply.path}?profileId=${d.profileId}`, {
          headers: { authorization: customerToken },
        });
        await res.arrayBuffer();
        const answeredAt = performance.now();
        if (res.status !== 200) throw new Error(`Apply answered ${res.status}`);
        applyMs.push(answeredAt - t0);
        const r = await withTimeout(holds[i]!, 10_000, `device ${d.serialNumber}`);
        if (!r.changed) throw new Error('GET policy answered 304 after Apply');
        wake.push(r.policyAt - answeredAt);
        eventsMs.push(r.eventsAt - answeredAt);
      } catch (err) {
        failures.add(errorText(err));
      }
    }
    const phaseMs = performance.now() - phaseStarted;
    stopPolls.abort();
    await Promise.allSettled(holds);
    const acked = await ctx.db
      .select({ applied: profiles.appliedPolicyVersion })
      .from(profiles)
      .where(eq(profiles.customerId, customer.id));
    const longPoll = {
      devices: pollers.length,
      waitSeconds: opts.wait,
      heldAtOnce: held,
      woken: wake.length,
      repollsAfterTimeout: repolls,
      seconds: seconds(phaseMs),
      acknowledged: acked.filter((a) => a.applied === 1).length,
      applyToPolicyAnswerMs: summarise(wake),
      applyToEventsAnswerMs: summarise(eventsMs),
      applyRequestMs: summarise(applyMs),
      failures: failures.lines(),
    };
    console.log(
      `(b) Long-poll wake-up: ${longPoll.woken}/${pollers.length} devices (held ${held} polls at once); ` +
        `Apply answer → GET policy answer p50 ${longPoll.applyToPolicyAnswerMs.p50} ms, ` +
        `p99 ${longPoll.applyToPolicyAnswerMs.p99} ms (max ${longPoll.applyToPolicyAnswerMs.max} ms); ` +
        `Apply itself p50 ${longPoll.applyRequestMs.p50} ms`,
    );
    if (longPoll.failures.length) console.log(`    failures: ${longPoll.failures.join('; ')}`);
    if (signal.aborted) throw new Error('interrupted');

    // --- results
    const result = {
      benchmark: 'device-api',
      date: startedAt.toISOString(),
      machine: {
        ...machineFacts(),
        /** 1, 5 and 15 min load averages when the run began: other work on the machine skews the numbers. */
        loadAverageAtStart: loadAtStart,
        note: 'server and load generator share one Node process (one event loop); PostgreSQL runs alongside',
      },
      settings: { ...opts, dbPool: 20 },
      server: { startSeconds: seconds(startMs) },
      enrolment,
      checkIn,
      longPoll,
    };
    const md = markdown(result);
    if (opts.write) {
      await writeResults('device', startedAt, result, md);
    }
  } finally {
    await teardown(agent, rt, dataDir);
  }
}

type Result = {
  date: string;
  machine: { node: string; cpus: number; cpuModel: string; platform: string; loadAverageAtStart: number[] };
  settings: { devices: number; duration: number; concurrency: number; pollers: number; wait: number };
  enrolment: {
    enrolled: number;
    seconds: number;
    devicesPerSecond: number;
    sourceAddresses: number;
    latencyMs: Record<string, LatencySummary>;
  };
  checkIn: {
    seconds: number;
    requests: number;
    requestsPerSecond: number;
    checkInsPerSecond: number;
    latencyMs: Record<string, LatencySummary>;
    errors: string[];
  };
  longPoll: {
    devices: number;
    heldAtOnce: number;
    woken: number;
    acknowledged: number;
    applyToPolicyAnswerMs: LatencySummary;
    applyToEventsAnswerMs: LatencySummary;
    applyRequestMs: LatencySummary;
    failures: string[];
  };
};

function markdown(r: Result) {
  const row = (name: string, s: LatencySummary | undefined) =>
    s ? `| ${name} | ${s.count} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} |` : `| ${name} | – | | | | |`;
  const c = r.checkIn;
  const l = r.longPoll;
  const enrol = r.enrolment.latencyMs[`POST ${devicesApi.enrol.path}`];
  return [
    '# Device API benchmark (latest run)',
    '',
    `${r.date.slice(0, 16).replace('T', ' ')} UTC · Node ${r.machine.node} · ${r.machine.cpus} × ${r.machine.cpuModel} · ${r.machine.platform} · load average at start ${r.machine.loadAverageAtStart.join(' / ')}`,
    '',
    'Produced by `npm run bench -- device` (bench/device.ts): the real server in-process on the embedded PostgreSQL, the',
    'simulated devices of packages/device-sim in the same Node process over loopback HTTP (so the load generator',
    'takes part of the same CPU).',
    '',
    `**Enrolment:** ${r.enrolment.enrolled} devices in ${r.enrolment.seconds} s (${r.enrolment.devicesPerSecond}/s; each: enrol, status, inventory, policy fetch (version 0: no ack), logs; ` +
      `${r.enrolment.sourceAddresses} loopback source addresses for the per-IP enrolment limit). POST enrol ${enrol ? `p50 ${enrol.p50} ms, p99 ${enrol.p99} ms` : '–'}: ` +
      "one customer's enrolments into one family take turns on the family's seat lock, so they queue.",
    '',
    `**(a) Check-in throughput** — POST status + GET policy (If-None-Match → 304), ${r.settings.concurrency} check-ins in flight, ${c.seconds} s:`,
    `**${c.requestsPerSecond} requests/s** (${c.checkInsPerSecond} check-ins/s, ${c.requests} requests, ${c.errors.length ? `errors: ${c.errors.join('; ')}` : 'no errors'}).`,
    '',
    '| latency (ms) | n | p50 | p95 | p99 | max |',
    '|---|---:|---:|---:|---:|---:|',
    row('all requests', c.latencyMs.all),
    row('POST status', c.latencyMs[`POST ${devicesApi.status.path}`]),
    row('GET policy (304)', c.latencyMs[`GET ${policyApi.policy.path}`]),
    '',
    `**(b) Long-poll wake-up** — ${l.devices} devices holding GET events?wait=${r.settings.wait} (${l.heldAtOnce} at once); Apply pressed for each, one after another:`,
    `${l.woken} woken, ${l.acknowledged} acknowledged${l.failures.length ? `, failures: ${l.failures.join('; ')}` : ''}.`,
    '',
    '| latency (ms) | n | p50 | p95 | p99 | max |',
    '|---|---:|---:|---:|---:|---:|',
    row("Apply's answer → device's GET policy answer", l.applyToPolicyAnswerMs),
    row("Apply's answer → device's GET events answer", l.applyToEventsAnswerMs),
    row('Apply request itself', l.applyRequestMs),
    '',
    "A negative minimum means the device's answer came before Apply's own answer reached the customer: the",
    'wake-up (Postgres NOTIFY on commit) races the HTTP answer of Apply.',
    '',
  ].join('\n');
}

runBenchmark(main);
