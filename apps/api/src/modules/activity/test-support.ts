import type { EnrolRequest } from '@fleetdeck/contract';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { buy } from '../../../test/support/ledger.ts';
import { enrolDevice, enrolmentToken, newCustomer, randomIp } from '../devices/test-support.ts';

/** Shared steps of the activity and chat tests (not a test file itself). */

export const A = '/api/v1/admin';
export const D = '/api/v1/device';

/** Any method, with the customer token and an optional JSON body (DELETE calls may carry one). */
export async function send(
  rt: TestRuntime,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string; payload?: unknown } = {},
) {
  return rt.app.inject({
    method,
    url,
    ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
    headers: opts.token ? { authorization: opts.token } : {},
    remoteAddress: randomIp(),
  });
}

export type Customer = Awaited<ReturnType<typeof newCustomer>>;

/** A signed-in customer who bought `seats` of `plan`. */
export async function customerWithSeats(rt: TestRuntime, plan = 'PD', seats = 5): Promise<Customer> {
  const c = await newCustomer(rt);
  await buy(rt.ctx.db, c.id, plan, seats);
  return c;
}

export async function enrol(rt: TestRuntime, c: Customer, overrides: Partial<EnrolRequest> = {}) {
  return enrolDevice(rt, await enrolmentToken(rt, c.id), overrides);
}

/** A device uploads an export through the device API; answers its id. */
export async function uploadExport(
  rt: TestRuntime,
  deviceAuth: string,
  body: { exportName: string; disabledApplications: string[] },
) {
  const res = await rt.app.inject({
    method: 'POST',
    url: `${D}/exports`,
    payload: body,
    headers: { authorization: deviceAuth },
    remoteAddress: randomIp(),
  });
  if (res.statusCode !== 200) throw new Error(`export upload failed: ${res.statusCode} ${res.body}`);
  return (JSON.parse(res.body) as { data: { _id: string } }).data._id;
}

export { newCustomer };
