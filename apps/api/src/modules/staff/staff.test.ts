import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paymentsApi, usersApi } from '@fleetdeck/contract';
import { STAFF_AREAS, STAFF_ROLES, canUseArea, staffApi, type StaffEndpoint } from '@fleetdeck/contract/staff';
import { auditEntries } from '../../db/schema.ts';
import { call } from '../../../test/support/call.ts';
import { buy, enrolDevice, newCustomer, newStaff, type TestStaff } from '../../../test/support/factory.ts';
import { STRONG_PASSWORD, codeIn } from '../../../test/support/helpers.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const staffEndpoints = Object.values(staffApi) as StaffEndpoint[];

async function signIn(email: string, password: string, ip = '127.0.0.1') {
  const before = rt.smtp.inbox.length;
  const login = await call(rt, staffApi.login, { body: { email, password }, ip });
  expect(login.statusCode, login.body).toBe(200);
  const mail = await rt.smtp.waitFor(email, (m) => rt.smtp.inbox.indexOf(m) >= before && /login code/.test(m.text));
  const challengeId = login.data().challengeId!;
  const verified = await call(rt, staffApi.verifyOtp, { body: { email, otp: codeIn(mail.text)!, challengeId }, ip });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.data().data;
}

describe('staff session (spec 3 §7)', () => {
  it('signs in with the password and then, always, the emailed code; answers the token and the role', async () => {
    const s = await newStaff(rt, 'Support');
    const data = await signIn(s.email, s.password);
    expect(data.user).toMatchObject({ email: s.email, role: 'Support' });
    const detail = await call(rt, staffApi.detail, { token: data.token });
    expect(detail.data().data).toMatchObject({ email: s.email, role: 'Support' });
    expect(detail.data().data.areas).toContain('customers');
    expect(detail.data().data.areas).not.toContain('paymentHistory');
  });

  it('answers unknown emails, wrong passwords and disabled accounts alike, and locks after ten wrong passwords', async () => {
    const s = await newStaff(rt, 'Admin');
    const unknown = await call(rt, staffApi.login, { body: { email: 'nobody@example.com', password: 'x-Wrong-123' } });
    const wrong = await call(rt, staffApi.login, { body: { email: s.email, password: 'x-Wrong-123' } });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.error()).toEqual(unknown.error());
    for (let i = 0; i < 9; i++) await call(rt, staffApi.login, { body: { email: s.email, password: 'x-Wrong-123' } });
    const locked = await call(rt, staffApi.login, { body: { email: s.email, password: s.password } });
    expect(locked.statusCode).toBe(429);
    expect(locked.error().code).toBe('E_ACCOUNT_LOCKED');
  });

  it('refuses a wrong code, and a customer token never opens a staff route nor the reverse', async () => {
    const s = await newStaff(rt, 'SuperAdmin');
    const login = await call(rt, staffApi.login, { body: { email: s.email, password: s.password } });
    const mail = await rt.smtp.waitFor(s.email, (m) => /login code/.test(m.text));
    const wrong = codeIn(mail.text) === '0000' ? '1111' : '0000';
    const challengeId = login.data().challengeId!;
    const bad = await call(rt, staffApi.verifyOtp, { body: { email: s.email, otp: wrong, challengeId } });
    expect(bad.statusCode).toBe(400);
    const c = await newCustomer(rt);
    expect((await call(rt, staffApi.detail, { token: c.token })).statusCode).toBe(401);
    expect((await call(rt, usersApi.detail, { token: s.token })).statusCode).toBe(401);
  });

  it('changing the password ends every staff session (is_logout)', async () => {
    const s = await newStaff(rt, 'Content');
    const other = await signIn(s.email, s.password);
    const res = await call(rt, staffApi.changePassword, {
      token: s.token,
      body: {
        old_password: s.password,
        new_password: 'Harbour-Lantern-9921',
        confirm_password: 'Harbour-Lantern-9921',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const token of [s.token, other.token]) {
      const after = await call(rt, staffApi.detail, { token });
      expect(after.statusCode).toBe(401);
      expect(after.error().is_logout).toBe(1);
    }
  });

  it('logout revokes the token (GET and POST)', async () => {
    for (const logout of [staffApi.logout, staffApi.logoutPost]) {
      const s = await newStaff(rt, 'Support');
      expect((await call(rt, logout, { token: s.token })).statusCode).toBe(200);
      expect((await call(rt, staffApi.detail, { token: s.token })).statusCode).toBe(401);
    }
  });
});

describe('staff accounts (DECISIONS §8)', () => {
  it('SuperAdmin lists, creates, changes the role of and disables staff; disabling ends their sessions at once', async () => {
    const root = await newStaff(rt, 'SuperAdmin');
    const email = `new.staff.${Date.now()}@example.com`;
    const created = await call(rt, staffApi.staffCreate, {
      token: root.token,
      body: { name: 'New Person', email, password: STRONG_PASSWORD, role: 'Support' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.data().data._id;
    const dup = await call(rt, staffApi.staffCreate, {
      token: root.token,
      body: { name: 'Again', email, password: STRONG_PASSWORD, role: 'Admin' },
    });
    expect(dup.statusCode).toBe(409);

    const session = await signIn(email, STRONG_PASSWORD);
    const listed = await call(rt, staffApi.staffList, { token: root.token, query: { email, page: 1, limit: 5 } });
    expect(listed.data().data).toEqual([expect.objectContaining({ email, role: 'Support', disabled: false })]);
    expect(listed.data().pagination).toEqual({ page: 1, limit: 5, total: 1 });

    const promoted = await call(rt, staffApi.staffUpdate, { token: root.token, body: { id, role: 'Admin' } });
    expect(promoted.data().data.role).toBe('Admin');
    expect((await call(rt, staffApi.detail, { token: session.token })).statusCode).toBe(401);

    const again = await signIn(email, STRONG_PASSWORD);
    const disabled = await call(rt, staffApi.staffUpdate, { token: root.token, body: { id, disabled: true } });
    expect(disabled.data().data.disabled).toBe(true);
    const after = await call(rt, staffApi.detail, { token: again.token });
    expect(after.statusCode).toBe(401);
    expect(after.error().is_logout).toBe(1);
    const relogin = await call(rt, staffApi.login, { body: { email, password: STRONG_PASSWORD } });
    expect(relogin.statusCode).toBe(401);
  });

  it('refuses to disable yourself and a common password; an unknown id is 404', async () => {
    const root = await newStaff(rt, 'SuperAdmin');
    const self = await call(rt, staffApi.staffUpdate, { token: root.token, body: { id: root.id, disabled: true } });
    expect(self.statusCode).toBe(400);
    const weak = await call(rt, staffApi.staffCreate, {
      token: root.token,
      body: { name: 'Weak', email: `weak.${Date.now()}@example.com`, password: 'password123', role: 'Support' },
    });
    expect(weak.statusCode).toBe(400);
    const missing = await call(rt, staffApi.staffUpdate, {
      token: root.token,
      body: { id: '00000000-0000-4000-8000-000000000000', name: 'X' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('login-as (DECISIONS §8)', () => {
  it("opens the customer's console for 60 minutes, audited on both sides, with the refused calls", async () => {
    const staff = await newStaff(rt, 'Support');
    const c = await newCustomer(rt);
    const res = await call(rt, staffApi.bypassLogin, { token: staff.token, body: { email: c.email } });
    expect(res.statusCode, res.body).toBe(200);
    const { token, expiresAt } = res.data().data;
    const minutes = (new Date(expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    const detail = await call(rt, usersApi.detail, { token });
    expect(detail.data().data).toMatchObject({ email: c.email, staffSession: { staffEmail: staff.email } });
    // The banner's minutes left: the session's own end, within the moment between the two clocks above.
    const shownEnd = new Date(detail.data().data.staffSession?.expiresAt ?? '').getTime();
    expect(Math.abs(shownEnd - new Date(expiresAt).getTime())).toBeLessThan(5_000);
    expect((await call(rt, usersApi.detail, { token: c.token })).data().data.staffSession).toBeUndefined();

    const refused = await call(rt, usersApi.changePassword, {
      token,
      body: {
        old_password: c.password,
        new_password: 'Harbour-Lantern-9921',
        confirm_password: 'Harbour-Lantern-9921',
      },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.error().code).toBe('E_IMPERSONATION_FORBIDDEN');
    const twoStep = await call(rt, usersApi.updateSecuritySetting, {
      token,
      body: { enable_two_step_email_verification: true },
    });
    expect(twoStep.error().code).toBe('E_IMPERSONATION_FORBIDDEN');
    for (const money of [paymentsApi.purchase, paymentsApi.attachPaymentMethod, paymentsApi.setDefaultPaymentMethod]) {
      const res = await call(rt, money, { token, body: {} });
      expect(res.statusCode, money.path).toBe(403);
      expect(res.error().code).toBe('E_IMPERSONATION_FORBIDDEN');
    }
    // Reading is allowed: the staff member sees what the customer sees.
    expect((await call(rt, paymentsApi.paymentMethods, { token })).statusCode).toBe(200);

    const updated = await call(rt, usersApi.update, { token, body: { name: 'Changed by staff' } });
    expect(updated.statusCode).toBe(200);
    const rows = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.customerId, c.id))
      .orderBy(desc(auditEntries.id));
    expect(rows[0]).toMatchObject({ subType: 'Update Profile', actorKind: 'staff', actorId: staff.id });
    expect(rows.find((r) => r.subType === 'Staff Login As')).toMatchObject({
      message: `Staff login-as by ${staff.email}`,
      actorKind: 'staff',
      actorId: staff.id,
    });
    const staffTrail = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.actorId, staff.id), eq(auditEntries.customerId, c.id)));
    expect(staffTrail.length).toBeGreaterThanOrEqual(2);
  });

  it('ends the login-as session when the staff member is disabled; an unknown customer is 404', async () => {
    const root = await newStaff(rt, 'SuperAdmin');
    const staff = await newStaff(rt, 'Admin');
    const c = await newCustomer(rt);
    const { token } = (
      await call(rt, staffApi.usersBypassLogin, { token: staff.token, body: { email: c.email } })
    ).data().data;
    expect((await call(rt, usersApi.detail, { token })).statusCode).toBe(200);
    await call(rt, staffApi.staffUpdate, { token: root.token, body: { id: staff.id, disabled: true } });
    expect((await call(rt, usersApi.detail, { token })).statusCode).toBe(401);
    const unknown = await call(rt, staffApi.bypassLogin, { token: root.token, body: { email: 'ghost@example.com' } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('login-as roles (DECISIONS §8, issue 24 M3)', () => {
  it('is open to SuperAdmin, Admin and Support only: Content gets 403 on both paths', async () => {
    expect(STAFF_AREAS.loginAs).toEqual(['SuperAdmin', 'Admin', 'Support']);
    const c = await newCustomer(rt);
    const content = await newStaff(rt, 'Content');
    for (const endpoint of [staffApi.bypassLogin, staffApi.usersBypassLogin]) {
      const res = await call(rt, endpoint, { token: content.token, body: { email: c.email } });
      expect(res.statusCode, endpoint.path).toBe(403);
      expect(res.error().code).toBe('E_FORBIDDEN');
    }
    for (const role of ['SuperAdmin', 'Admin', 'Support'] as const) {
      const s = await newStaff(rt, role);
      expect((await call(rt, staffApi.bypassLogin, { token: s.token, body: { email: c.email } })).statusCode).toBe(200);
    }
  });
});

describe('role matrix, generated from the area table', () => {
  let staffByRole: Record<string, TestStaff>;
  let customerToken: string;
  let deviceAuth: string;
  beforeAll(async () => {
    staffByRole = Object.fromEntries(await Promise.all(STAFF_ROLES.map(async (r) => [r, await newStaff(rt, r)])));
    const c = await newCustomer(rt);
    customerToken = c.token;
    await buy(rt, c, 'PD', 1);
    deviceAuth = (await enrolDevice(rt, c)).auth;
  });

  const guarded = staffEndpoints.filter((e) => e.area !== null);
  it('covers every area of the table', () => {
    const areasInUse = new Set(guarded.map((e) => e.area));
    expect(areasInUse.size).toBeGreaterThan(0);
    for (const area of areasInUse) expect(Object.keys(STAFF_AREAS)).toContain(area);
  });

  for (const endpoint of guarded) {
    it(`${endpoint.method} ${endpoint.path} (${endpoint.area}): 401 without a staff token, 403 outside the area's roles`, async () => {
      // Logout would end the session the next calls need: it runs last, per role, with a fresh staff member.
      const noToken = await call(rt, endpoint, { body: {} });
      expect(noToken.statusCode).toBe(401);
      expect((await call(rt, endpoint, { token: customerToken, body: {} })).statusCode).toBe(401);
      expect((await call(rt, endpoint, { token: deviceAuth, body: {} })).statusCode).toBe(401);
      for (const role of STAFF_ROLES) {
        const s =
          endpoint === staffApi.logout || endpoint === staffApi.logoutPost
            ? await newStaff(rt, role)
            : staffByRole[role]!;
        const res = await call(rt, endpoint, { token: s.token, body: {} });
        if (canUseArea(role, endpoint.area!)) expect([401, 403], `${role}: ${res.body}`).not.toContain(res.statusCode);
        else {
          expect(res.statusCode, role).toBe(403);
          expect(res.error().code).toBe('E_FORBIDDEN');
        }
      }
    });
  }
});
