import type { PolicyResponse } from '@fleetdeck/contract';
import { jsonOf } from '../../apps/api/test/support/helpers.ts';
import { SimulatedDevice, tokenFromQr, type SimulatedDeviceOptions } from '../../packages/device-sim/src/index.ts';
import type { E2e } from './app.ts';

/** Long-poll seconds of the simulated devices: short, so stopping them at the end of a file is quick. */
const POLL_WAIT = 5;

/** A customer call through the API with the customer's session (a check or an arrange step, not the journey). */
export async function customerGet<T>(e2e: E2e, token: string, url: string): Promise<T> {
  const res = await e2e.rt.app.inject({ method: 'GET', url, headers: { authorization: token } });
  if (res.statusCode !== 200) throw new Error(`GET ${url} → ${res.statusCode} ${res.body}`);
  return jsonOf<T>(res);
}

/** The customer's enrolment token: the login QR text (`users/detail` `enrolmentLink`), as the customer's app scans it. */
export async function enrolmentTokenOf(e2e: E2e, token: string) {
  const detail = await customerGet<{ data: { enrolmentLink: string } }>(e2e, token, '/api/v1/admin/users/detail');
  return tokenFromQr(detail.data.enrolmentLink);
}

/** What the device API serves a device as its current policy. */
export async function servedPolicy(e2e: E2e, device: SimulatedDevice) {
  const res = await e2e.rt.app.inject({
    method: 'GET',
    url: '/api/v1/device/policy',
    headers: { authorization: `Device ${device.deviceToken}` },
  });
  if (res.statusCode !== 200) throw new Error(`GET policy of ${device.serialNumber} → ${res.statusCode} ${res.body}`);
  return jsonOf<PolicyResponse>(res).data;
}

/**
 * The simulated devices (packages/device-sim) of a journey, speaking the device API over HTTP: each enrols, reports
 * its inventory and first policy, then keeps long-polling for events until `stop()` (afterAll). Their activity is
 * kept in `log`, printed by `printLogIfFailed` (afterEach) when a test fails.
 */
export class SimulatedDevices {
  readonly log: string[] = [];
  private readonly stopping = new AbortController();
  private readonly running: Promise<void>[] = [];

  async start(e2e: E2e, opts: Omit<SimulatedDeviceOptions, 'baseUrl' | 'log'>) {
    const device = new SimulatedDevice({
      baseUrl: e2e.baseUrl,
      log: (d, line) => this.log.push(`[${d.serialNumber}] ${line}`),
      ...opts,
    });
    await device.once(this.stopping.signal);
    if (!device.profileId) throw new Error(`${device.serialNumber} enrolled without a profile`);
    this.running.push(device.run(this.stopping.signal, { wait: POLL_WAIT }));
    return device;
  }

  async stop() {
    this.stopping.abort();
    await Promise.allSettled(this.running);
  }

  printLogIfFailed(task: { result?: { state?: string } }) {
    if (task.result?.state === 'fail' && this.log.length) console.log(`simulated devices:\n${this.log.join('\n')}`);
  }
}
