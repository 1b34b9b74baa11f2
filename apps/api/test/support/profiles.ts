import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  devicesApi,
  policyApi,
  profilesApi,
  type DeviceApplication,
  type Endpoint,
  type EnrolRequest,
  type ErrorResponse,
} from '@fleetdeck/contract';
import { allCustomerEndpoints } from '@fleetdeck/contract/all-endpoints';
import { auditEntries, profiles } from '../../src/db/schema.ts';
import { call, type CallOptions } from './call.ts';
import { enrolDevice, newCustomer, type TestCustomer, type TestDevice } from './factory.ts';
import { buy } from './ledger.ts';
import type { TestRuntime } from './runtime.ts';

/** Arrange and assert steps of the profile and policy tests (not a test file itself). */

export type Customer = TestCustomer;
export type Device = TestDevice;

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
  return {
    ...customer,
    grants,
    enrol: (appName: string, overrides: Partial<EnrolRequest> = {}) =>
      enrolDevice(rt, customer, { appName, deviceName: `Tablet ${crypto.randomUUID().slice(0, 8)}`, ...overrides }),
  };
}

export interface Request {
  token?: string | undefined;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
}

/**
 * A customer call named by method and path under /api/v1/admin, for the tests whose data are tables of calls (the
 * access matrix, the "not on this app" rows): the endpoint is looked up in the contract's table and sent with `call`.
 */
export function api(rt: TestRuntime, method: Endpoint['method'], path: string, r: Request = {}) {
  const endpoint = allCustomerEndpoints.find((e) => e.method === method && e.path === `/api/v1/admin/${path}`);
  if (!endpoint) throw new Error(`no endpoint ${method} /api/v1/admin/${path} in the contract`);
  return call(rt, endpoint, r as CallOptions);
}

/** The `data` of a 200 answer (fails the test with the body otherwise). */
export function dataOf<T>(res: { statusCode: number; body: string }): T {
  expect(res.statusCode, res.body).toBe(200);
  return (JSON.parse(res.body) as { data: T }).data;
}

/** Expects a failure envelope with this status and code; answers it. */
export function failure(res: { statusCode: number; body: string }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as ErrorResponse;
  expect(body.code).toBe(code);
  expect(body.respones_msg.length).toBeGreaterThan(0);
  return body;
}

export async function profileDetail(rt: TestRuntime, c: Pick<Customer, 'token'>, profileId: string) {
  return (await call(rt, profilesApi.detail, { token: c.token, query: { profileId } })).data().data;
}

export async function applyProfile(rt: TestRuntime, c: Pick<Customer, 'token'>, profileId: string) {
  return dataOf<{ policyVersion: number }>(await call(rt, policyApi.apply, { token: c.token, query: { profileId } }));
}

/** What the device is served by `policyApi.policy`. */
export async function devicePolicy(rt: TestRuntime, d: Device) {
  return (await call(rt, policyApi.policy, { token: d.auth })).data().data;
}

/** The device reports its inventory (`devicesApi.applications`). */
export async function reportInventory(rt: TestRuntime, d: Device, applications: Partial<DeviceApplication>[]) {
  const res = await call(rt, devicesApi.applications, { token: d.auth, body: { applications } });
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
