import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { EnrolRequest, EnrolResponse, FamilyLicence } from '@fleetdeck/contract';
import { customers } from '../../db/schema.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { get, jsonOf, signedInCustomer } from '../../../test/support/helpers.ts';
import { customerIdOf } from '../../../test/support/ledger.ts';
import { enrolmentTokenOf } from '../users/service.ts';

/** Shared steps of the devices tests (not a test file itself). */

export const D = '/api/v1/device';
export const A = '/api/v1/admin';

/** A different client address per call, so the per-IP enrolment limit never couples tests. */
export const randomIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

export async function call(
  rt: TestRuntime,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { payload?: unknown; authorization?: string; ip?: string } = {},
) {
  return rt.app.inject({
    method,
    url,
    ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
    headers: opts.authorization ? { authorization: opts.authorization } : {},
    remoteAddress: opts.ip ?? randomIp(),
  });
}

export async function newCustomer(rt: TestRuntime) {
  const c = await signedInCustomer(rt);
  const id = await customerIdOf(rt.ctx.db, c.email);
  return { ...c, id };
}

/** The customer's current enrolment token (what the login QR carries). */
export async function enrolmentToken(rt: TestRuntime, customerId: string) {
  const [row] = await rt.ctx.db.select().from(customers).where(eq(customers.id, customerId));
  return enrolmentTokenOf(rt.ctx, row!);
}

export const serial = () => `SN-${crypto.randomUUID().slice(0, 13)}`;

export function enrolBody(token: string, overrides: Partial<EnrolRequest> = {}): EnrolRequest {
  return {
    enrolmentToken: token,
    serialNumber: serial(),
    deviceName: 'Front desk tablet',
    appName: 'PD',
    appVersionCode: 412,
    deviceModel: 'SM-T220',
    osVersion: '13',
    macAddress: '02:00:00:00:00:01',
    localIpAddress: '192.168.1.20',
    batteryLevel: 80,
    ...overrides,
  };
}

export async function enrolDevice(rt: TestRuntime, token: string, overrides: Partial<EnrolRequest> = {}) {
  const body = enrolBody(token, overrides);
  const res = await call(rt, 'POST', `${D}/enrol`, { payload: body });
  if (res.statusCode !== 200) throw new Error(`enrol failed: ${res.statusCode} ${res.body}`);
  const data = jsonOf<EnrolResponse>(res);
  return { ...data, serialNumber: body.serialNumber, auth: `Device ${data.deviceToken}` };
}

export async function usedSeats(rt: TestRuntime, customerToken: string, family: string) {
  const res = await get(rt, `${A}/licences/summary`, customerToken);
  if (res.statusCode !== 200) throw new Error(`summary failed: ${res.body}`);
  return jsonOf<{ data: FamilyLicence[] }>(res).data.find((l) => l.family === family)!.used;
}
