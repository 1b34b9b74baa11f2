import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DeviceApplication, ErrorResponse, PolicyResponse, ProfileDetail } from '@fleetdeck/contract';
import { auditEntries, profiles } from '../../db/schema.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import { buy } from '../../../test/support/ledger.ts';
import { A, D, call, enrolDevice, enrolmentToken, newCustomer, randomIp } from '../devices/test-support.ts';

/** Shared steps of the profile tests (not a test file itself). */

export { A, D };
export type Customer = Awaited<ReturnType<typeof newCustomer>>;
export type Device = Awaited<ReturnType<typeof enrolDevice>>;

/** Plan codes whose families have a profile page. */
export const DEVICE_APPS = ['PD', 'PDOW', 'SL', 'PC', 'UB', 'KM', 'POB'] as const;

/** A signed-in customer with seats of every device family, and a way to enrol devices of any app. */
export async function fleetOwner(rt: TestRuntime, seatsPerFamily = 50) {
  const customer = await newCustomer(rt);
  const grants = new Map<string, string>();
  for (const app of DEVICE_APPS) {
    const { grant } = await buy(rt.ctx.db, customer.id, app, seatsPerFamily);
    grants.set(app, grant!.id);
  }
  const token = await enrolmentToken(rt, customer.id);
  return {
    ...customer,
    grants,
    enrol: (appName: string, overrides: Parameters<typeof enrolDevice>[2] = {}) =>
      enrolDevice(rt, token, { appName, deviceName: `Tablet ${crypto.randomUUID().slice(0, 8)}`, ...overrides }),
  };
}

export interface Request {
  token?: string | undefined;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
}

/** A customer call; `query` is URL-encoded, `body` sent as JSON. */
export function api(rt: TestRuntime, method: 'GET' | 'POST' | 'DELETE', path: string, r: Request = {}) {
  const qs = r.query
    ? `?${new URLSearchParams(Object.entries(r.query).map(([k, v]): [string, string] => [k, String(v)]))}`
    : '';
  return rt.app.inject({
    method,
    url: `${A}/${path}${qs}`,
    ...(r.body === undefined ? {} : { payload: r.body as object }),
    headers: r.token ? { authorization: r.token } : {},
    remoteAddress: randomIp(),
  });
}

/** The `data` of a 200 answer (fails the test with the body otherwise). */
export function dataOf<T>(res: { statusCode: number; body: string }): T {
  expect(res.statusCode, res.body).toBe(200);
  return jsonOf<{ data: T }>(res).data;
}

/** Expects a failure envelope with this status and code; answers it. */
export function failure(res: { statusCode: number; body: string }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = jsonOf<ErrorResponse>(res);
  expect(body.code).toBe(code);
  expect(body.respones_msg.length).toBeGreaterThan(0);
  return body;
}

export async function profileDetail(rt: TestRuntime, c: Pick<Customer, 'token'>, profileId: string) {
  return dataOf<ProfileDetail>(await api(rt, 'GET', 'profile/detail', { token: c.token, query: { profileId } }));
}

export async function applyProfile(rt: TestRuntime, c: Pick<Customer, 'token'>, profileId: string) {
  return dataOf<{ policyVersion: number }>(
    await api(rt, 'GET', 'profile/apply', { token: c.token, query: { profileId } }),
  );
}

/** What the device is served by `GET /api/v1/device/policy`. */
export async function devicePolicy(rt: TestRuntime, d: Device) {
  return dataOf<PolicyResponse['data']>(await call(rt, 'GET', `${D}/policy`, { authorization: d.auth }));
}

/** The device reports its inventory (`PUT /api/v1/device/applications`). */
export async function reportInventory(rt: TestRuntime, d: Device, applications: Partial<DeviceApplication>[]) {
  const res = await call(rt, 'PUT', `${D}/applications`, { authorization: d.auth, payload: { applications } });
  expect(res.statusCode, res.body).toBe(200);
}

export const profileRow = async (rt: TestRuntime, id: string) =>
  (await rt.ctx.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

/** The customer's newest audit entry of a Profile sub-type. */
export async function lastProfileAudit(rt: TestRuntime, c: Customer, subType: string) {
  const [row] = await rt.ctx.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.type, 'Profile'), eq(auditEntries.subType, subType)))
    .orderBy(desc(auditEntries.id))
    .limit(1);
  return row ?? null;
}
