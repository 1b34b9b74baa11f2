import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  activityApi,
  usersApi,
  type AuditEntry,
  type AuditListResponse,
  type ErrorResponse,
} from '@fleetdeck/contract';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { STRONG_PASSWORD, codeIn, jsonOf } from '../../../test/support/helpers.ts';
import { card, checkout, confirm } from '../../../test/support/payments.ts';
import { buy } from '../../../test/support/ledger.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, enrolDevice, type TestCustomer as Customer } from '../../../test/support/factory.ts';

let rt: TestRuntime;
let c: Customer;

const NEW_PASSWORD = 'Harbour-Lantern-9051';

async function list(token: string, query: Record<string, string | number | boolean> = {}) {
  return call(rt, activityApi.auditList, { token, query });
}

async function okList(query: Record<string, string | number | boolean> = {}) {
  const res = await list(c.token, query);
  expect(res.statusCode, res.body).toBe(200);
  return jsonOf<AuditListResponse>(res).data;
}

/** All entries matching the filters, oldest first, through the cursor. */
async function all(query: Record<string, string | number | boolean> = {}) {
  const rows: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const data = await okList({ ...query, order: 'asc', limit: 50, ...(cursor ? { cursor } : {}) });
    rows.push(...data.data);
    cursor = data.pagination.nextCursor;
  } while (cursor);
  return rows;
}

const brief = (rows: AuditEntry[]) => rows.map((r) => [r.type, r.sub_type, r.source, r.hasError]);

async function loginCode(email: string, password: string) {
  const before = rt.smtp.inbox.length;
  const res = await call(rt, usersApi.login, { body: { email, password, userAgent: 'vitest' } });
  expect(jsonOf(res)).toMatchObject({ enable_two_step_email_verification: true });
  const mail = await rt.smtp.waitFor(email, (m) => rt.smtp.inbox.indexOf(m) >= before && Boolean(codeIn(m.text)));
  return codeIn(mail.text)!;
}

/**
 * One customer's life through the identity, payment and device code, which all write the audit log: the list
 * then shows each step with its type, sub-type, source and status.
 */
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  c = await newCustomer(rt);
  const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);
  ok(await call(rt, usersApi.update, { body: { name: 'Renamed Customer' }, token: c.token }));
  ok(
    await call(rt, usersApi.updateSecuritySetting, {
      body: { enable_two_step_email_verification: true },
      token: c.token,
    }),
  );
  ok(await call(rt, usersApi.logout, { token: c.token }));
  // Two-step login: a wrong code first, then the right one.
  const code = await loginCode(c.email, STRONG_PASSWORD);
  const wrong = String((Number(code) + 1) % 10_000).padStart(code.length, '0');
  expect((await call(rt, usersApi.verifyOtp, { body: { otp: wrong, email: c.email } })).statusCode).toBe(400);
  const verified = await call(rt, usersApi.verifyOtp, { body: { otp: code, email: c.email } });
  ok(verified);
  let token = jsonOf<{ data: { token: string } }>(verified).data.token;
  ok(
    await call(rt, usersApi.updateSecuritySetting, {
      body: { enable_two_step_email_verification: false, password: STRONG_PASSWORD },
      token,
    }),
  );
  const refused = await call(rt, usersApi.changePassword, {
    body: { old_password: 'Not-My-Password-1', new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    token,
  });
  expect(refused.statusCode).toBe(400);
  ok(
    await call(rt, usersApi.changePassword, {
      body: { old_password: STRONG_PASSWORD, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      token,
    }),
  );
  const login = await call(rt, usersApi.login, {
    body: { email: c.email, password: NEW_PASSWORD, userAgent: 'vitest' },
  });
  token = jsonOf<{ data: { token: string } }>(login).data.token;
  c = { ...c, token };
  // Payments: a Power Chat subscription paid, a one-time purchase declined.
  const subscription = await checkout(rt, token, { priceId: 'PCHAT', qty: 2 });
  ok(await confirm(rt, subscription.clientSecret, card('4242424242424242')));
  const declined = await checkout(rt, token, { priceId: 'PDOT', qty: 1 });
  expect((await confirm(rt, declined.clientSecret, card('4000000000000002'))).statusCode).toBe(402);
  // A device enrols (written by the app: source App).
  await buy(rt.ctx.db, c.id, 'PD', 1);
  await enrolDevice(rt, c, { serialNumber: 'SN-AUDIT-1' });
});
afterAll(async () => rt?.close());

describe('GET users/audit/list', () => {
  it("lists every step of the account's life, each with type, sub-type, source and status", async () => {
    expect(brief(await all())).toEqual([
      ['User Account', 'Registration', 'Web', false],
      ['User Account', 'Email Verified', 'Web', false],
      ['User Account', 'Login', 'Web', false],
      ['User Account', 'Update Profile', 'Web', false],
      ['User Account', 'Two Step Setting Changed', 'Web', false],
      ['User Account', 'Logout', 'Web', false],
      ['User Account', 'Login', 'Web', true],
      ['User Account', 'Login', 'Web', false],
      ['User Account', 'Two Step Setting Changed', 'Web', false],
      ['User Account', 'Change Password', 'Web', true],
      ['User Account', 'Change Password', 'Web', false],
      ['User Account', 'Login', 'Web', false],
      ['Payments', 'Subscription Created', 'Web', false],
      ['Payments', 'Onetime Purchased Failed', 'Web', true],
      ['Device', 'Enrol', 'App', false],
    ]);
  });

  it('answers newest first by default with the entry fields of spec 2', async () => {
    const data = await okList({ limit: 5 });
    expect(data.data).toHaveLength(5);
    expect(data.pagination).toMatchObject({ page: 1, limit: 5, total: 15, totalCapped: false });
    expect(data.data[0]).toEqual({
      _id: expect.any(String),
      type: 'Device',
      sub_type: 'Enrol',
      message: expect.stringContaining('SN-AUDIT-1'),
      source: 'App',
      hasError: false,
      created_at: expect.any(String),
      actor: 'Device',
      memberId: null,
    });
    const wrongCode = (await all({ type: 'User Account', sub_type: 'Login', hasError: true }))[0];
    expect(wrongCode?.message).toBe('Login failed: wrong email code');
    // A failed sign-in names nobody (whoever typed the email); the account's own steps name its registrant.
    expect(wrongCode).toMatchObject({ actor: null, memberId: null });
  });

  it('filters by type, type and sub-type, source and status, alone and together', async () => {
    expect(brief(await all({ type: 'Payments' }))).toEqual([
      ['Payments', 'Subscription Created', 'Web', false],
      ['Payments', 'Onetime Purchased Failed', 'Web', true],
    ]);
    expect((await all({ type: 'User Account', sub_type: 'Login' })).map((r) => r.hasError)).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect(brief(await all({ source: 'App' }))).toEqual([['Device', 'Enrol', 'App', false]]);
    expect(brief(await all({ hasError: true }))).toEqual([
      ['User Account', 'Login', 'Web', true],
      ['User Account', 'Change Password', 'Web', true],
      ['Payments', 'Onetime Purchased Failed', 'Web', true],
    ]);
    expect((await all({ hasError: false })).length).toBe(12);
    expect(brief(await all({ type: 'Payments', hasError: false, source: 'Web' }))).toEqual([
      ['Payments', 'Subscription Created', 'Web', false],
    ]);
    expect(await all({ type: 'Profile' })).toEqual([]);
    // Empty values (old clients send `type=`) are no filter.
    expect((await okList({ type: '', sub_type: '', source: '', hasError: '' })).pagination.total).toBe(15);
  });

  it('pages by position and by cursor to the same rows', async () => {
    const newestFirst = (await all()).reverse();
    const page2 = await okList({ limit: 5, page: 2 });
    expect(page2.data.map((r) => r._id)).toEqual(newestFirst.slice(5, 10).map((r) => r._id));
    const first = await okList({ limit: 5 });
    const byCursor = await okList({ limit: 5, page: 2, cursor: first.pagination.nextCursor! });
    expect(byCursor.data).toEqual(page2.data);
    const last = await okList({ limit: 5, page: 3, cursor: byCursor.pagination.nextCursor! });
    expect(last.data).toHaveLength(5);
    expect(last.pagination.nextCursor).toBeNull();
  });

  it('never lists entries without a customer (failed logins of unknown emails)', async () => {
    const res = await call(rt, usersApi.login, { body: { email: 'nobody@example.com', password: 'Whatever-123' } });
    expect(res.statusCode).toBe(401);
    const orphan = await rt.ctx.db.execute(sql`select count(*)::int as n from audit_entries where customer_id is null`);
    expect(orphan.rows[0]).toEqual({ n: 1 });
    expect((await okList()).pagination.total).toBe(15);
  });

  it.each([
    [{ type: 'Billing' }, 'type: must be one of User Account, Profile, Payments, Device'],
    [{ sub_type: 'Login' }, 'sub_type: needs type (the sub-types depend on the type)'],
    [{ type: 'Payments', sub_type: 'Login' }, 'sub_type: is not a sub-type of this type'],
    [{ type: 'Payments', sub_type: 'Chargeback' }, 'sub_type: is not a known sub-type'],
    [{ source: 'Mobile' }, 'source: must be one of Web, App'],
    [{ hasError: 'yes' }, 'hasError: must be true or false'],
    [{ limit: 100 }, 'limit: must be one of 5, 10, 25, 50'],
    [{ order: 'newest' }, 'order: must be asc or desc'],
    [{ page: 401 }, expect.stringMatching(/^page: pages past the first 10,000 rows/)],
    [
      { cursor: Buffer.from('["serialNumber","desc","x",1]').toString('base64url') },
      expect.stringMatching(/^cursor: /),
    ],
  ])('refuses %j with 400 naming the field', async (query, message) => {
    const res = await list(c.token, query);
    expect(res.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(res)).toMatchObject({ code: 'E_VALIDATION', respones_msg: message });
  });

  it('needs the customer session', async () => {
    const res = await call(rt, activityApi.auditList);
    expect(res.statusCode).toBe(401);
    expect(jsonOf<ErrorResponse>(res)).toMatchObject({ is_logout: 1 });
  });
});
