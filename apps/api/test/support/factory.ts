import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  devicesApi,
  licencesApi,
  usersApi,
  type EnrolRequest,
  type EnrolResponse,
  type Family,
} from '@fleetdeck/contract';
import type { StaffRole } from '@fleetdeck/contract/staff';
import type { MemberRole } from '@fleetdeck/contract';
import { accountMembers, customers, staffUsers } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/lib/crypto.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import { enrolmentTokenOf, newEnrolmentToken } from '../../src/modules/users/service.ts';
import { writeAudit } from '../../src/modules/audit/service.ts';
import { call } from './call.ts';
import { STRONG_PASSWORD, linkParams, uniqueEmail } from './helpers.ts';
import { buy as buyInLedger, customerIdOf } from './ledger.ts';
import type { TestRuntime } from './runtime.ts';

/**
 * The arrange steps every test file needs, in one place: a signed-in customer, a staff member of a role, an enrolled
 * device, bought seats. They go through the real API where the API has the call, and through the ledger otherwise.
 */

/** A different client address per call, so per-IP limits never couple tests. */
export const randomIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

export const serial = () => `SN-${crypto.randomUUID().slice(0, 13)}`;

export type TestCustomer = Awaited<ReturnType<typeof newCustomer>>;

/** The factory password's hash, made once: a scrypt hash per customer cost more than the rest of the arrange step. */
let strongPasswordHash: Promise<string> | null = null;
const passwordHashOf = (password: string) =>
  password === STRONG_PASSWORD ? (strongPasswordHash ??= hashPassword(password)) : hashPassword(password);

/**
 * A verified customer, signed in through the API. The account is written straight to the database with what the
 * sign-up journey leaves (the row with its enrolment token, `emailVerifiedAt`, the Registration and Email Verified
 * audit entries); the journey itself (register, the emailed link, verify) has its own tests
 * (modules/users/*.test.ts, e2e identity). No verification email is queued, so nothing runs behind the test's back.
 * The login goes through the API: the session, its audit entry and the answer are the product's.
 */
export async function newCustomer(
  rt: TestRuntime,
  overrides: Partial<{ email: string; password: string; name: string }> = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? STRONG_PASSWORD;
  const name = overrides.name ?? 'Test Customer';
  // A server in another process (httpRuntime) keeps its keys to itself: there the customer signs up through the API.
  if (!rt.ctx.secrets) return signUpThroughApi(rt, { email, password, name });
  const [row] = await rt.ctx.db
    .insert(customers)
    .values({
      email,
      name,
      passwordHash: await passwordHashOf(password),
      emailVerifiedAt: new Date(),
      ...newEnrolmentToken(rt.ctx),
    })
    .returning({ id: customers.id });
  const id = row!.id;
  const actor = { kind: 'customer' as const, id, ip: randomIp(), userAgent: 'lightMyRequest' };
  const account = { customerId: id, email, type: 'User Account' as const, actor };
  await writeAudit(rt.ctx.db, { ...account, subType: 'Registration', message: 'Account registered' });
  await writeAudit(rt.ctx.db, { ...account, subType: 'Email Verified', message: 'Email verified' });
  const login = await call(rt, usersApi.login, { body: { email, password, userAgent: 'vitest' }, ip: randomIp() });
  const token = login.data().data!.token;
  return { email, password, token, id };
}

/** The sign-up journey through the API: register, the verification email's link, verify, log in. */
async function signUpThroughApi(rt: TestRuntime, body: { email: string; password: string; name: string }) {
  const { email, password } = body;
  const reg = await call(rt, usersApi.register, { body, ip: randomIp() });
  if (reg.statusCode !== 200) throw new Error(`register failed: ${reg.body}`);
  const mail = await rt.smtp.waitFor(email, (m) => m.subject.startsWith('Verify'));
  const { iv, encryptedData } = linkParams(mail.text, '/login');
  (await call(rt, usersApi.verifyEmail, { body: { iv, encryptedData } })).data();
  const login = await call(rt, usersApi.login, { body: { email, password, userAgent: 'vitest' }, ip: randomIp() });
  const token = login.data().data!.token;
  return { email, password, token, id: await customerIdOf(rt.ctx.db, email) };
}

export type TestMember = Awaited<ReturnType<typeof newMember>>;

/**
 * A member of `account` with `role` (and optionally limited to `groupIds`), signed in. The row is written straight to
 * the database as an accepted invite leaves it; the invite and accept journey has its own tests (modules/team).
 */
export async function newMember(
  rt: TestRuntime,
  account: { id: string },
  role: MemberRole,
  options: { groupIds?: string[] | null; email?: string; name?: string } = {},
) {
  const email = options.email ?? uniqueEmail(`member-${role.toLowerCase()}`);
  const [row] = await rt.ctx.db
    .insert(accountMembers)
    .values({
      customerId: account.id,
      email,
      name: options.name ?? `${role} member`,
      passwordHash: await passwordHashOf(STRONG_PASSWORD),
      role,
      groupIds: options.groupIds ?? null,
    })
    .returning();
  const token = await createSession(
    rt.ctx.db,
    'customer',
    account.id,
    { userAgent: 'vitest', ip: '127.0.0.1' },
    { memberId: row!.id },
  );
  return { id: row!.id, customerId: account.id, email, role, password: STRONG_PASSWORD, token };
}

export type TestStaff = Awaited<ReturnType<typeof newStaff>>;

/** A staff member of `role` with a signed-in staff session. */
export async function newStaff(rt: TestRuntime, role: StaffRole, overrides: Partial<{ email: string }> = {}) {
  const email = overrides.email ?? uniqueEmail(`staff-${role.toLowerCase()}`);
  const [row] = await rt.ctx.db
    .insert(staffUsers)
    .values({ email, name: `${role} member`, role, passwordHash: await passwordHashOf(STRONG_PASSWORD) })
    .returning();
  const token = await createSession(rt.ctx.db, 'staff', row!.id, { userAgent: 'vitest', ip: '127.0.0.1' });
  return { id: row!.id, email, role, password: STRONG_PASSWORD, token };
}

/** The customer's current enrolment token (what the login QR carries). */
export async function enrolmentToken(rt: TestRuntime, customerId: string) {
  const [row] = await rt.ctx.db.select().from(customers).where(eq(customers.id, customerId));
  return enrolmentTokenOf(rt.ctx, row!);
}

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

export type TestDevice = Awaited<ReturnType<typeof enrolDevice>>;

/**
 * Enrols a device through the device API (it needs a free seat of the app's family), with the customer's current
 * enrolment token or with the enrolment token given (e.g. one rotated since).
 */
export async function enrolDevice(
  rt: TestRuntime,
  owner: { id: string } | string,
  overrides: Partial<EnrolRequest> = {},
) {
  const token = typeof owner === 'string' ? owner : await enrolmentToken(rt, owner.id);
  const body = enrolBody(token, overrides);
  const res = await call(rt, devicesApi.enrol, { body, ip: randomIp() });
  if (res.statusCode !== 200) throw new Error(`enrol failed: ${res.statusCode} ${res.body}`);
  const data = res.json<EnrolResponse>();
  return { ...data, serialNumber: body.serialNumber, auth: `Device ${data.deviceToken}` };
}

/** A signed-in customer who bought `seats` of `plan`. */
export async function customerWithSeats(rt: TestRuntime, plan = 'PD', seats = 5): Promise<TestCustomer> {
  const c = await newCustomer(rt);
  await buy(rt, c, plan, seats);
  return c;
}

/** A device uploads an export (a backup of its disabled apps) through the device API; answers its id. */
export async function uploadExport(
  rt: TestRuntime,
  deviceAuth: string,
  body: { exportName: string; disabledApplications: string[] },
) {
  return (await call(rt, devicesApi.createExport, { token: deviceAuth, body })).data().data._id;
}

/** Seats of `family` in use, as the customer's licence summary shows them. */
export async function usedSeats(rt: TestRuntime, customerToken: string, family: string) {
  const res = await call(rt, licencesApi.summary, { token: customerToken });
  return res.data().data.find((l) => l.family === family)!.used;
}

/** Seats bought on a plan (`PD`, `UBOT`, …): a Success payment and its grant in the ledger. */
export async function buy(
  rt: TestRuntime,
  customer: { id: string },
  planIdentifier: string,
  seats: number,
  opts: Parameters<typeof buyInLedger>[4] = {},
) {
  return buyInLedger(rt.ctx.db, customer.id, planIdentifier, seats, opts);
}

export type { Family };
