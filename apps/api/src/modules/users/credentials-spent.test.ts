import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { usersApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { customers } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, newStaff } from '../../../test/support/factory.ts';
import { STRONG_PASSWORD, codeIn, jsonOf, linkParams, uniqueEmail } from '../../../test/support/helpers.ts';

/** Issue 12, item 8: what a new password spends, two-step off with the password, emails to unverified addresses. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const NEW_PASSWORD = 'Brand-New-Pass-77';

async function resetLink(email: string) {
  const before = rt.smtp.inbox.length;
  expect((await call(rt, usersApi.sendForgetPasswordLink, { body: { email } })).statusCode).toBe(200);
  const mail = await rt.smtp.waitFor(email, (m) => rt.smtp.inbox.indexOf(m) >= before && m.subject.startsWith('Reset'));
  return { mail, ...linkParams(mail.text, '/reset-password') };
}

const reset = (link: { iv: string; encryptedData: string }, password = NEW_PASSWORD) =>
  call(rt, usersApi.resetPassword, {
    body: { password, confirm_password: password, iv: link.iv, encrypted_data: link.encryptedData },
  });

async function twoStepOn(token: string) {
  const res = await call(rt, usersApi.updateSecuritySetting, {
    body: { enable_two_step_email_verification: true },
    token,
  });
  expect(res.statusCode).toBe(200);
}

/** A two-step login: the pending code and its challenge. */
async function pendingCode(email: string, password: string) {
  const before = rt.smtp.inbox.length;
  const res = await call(rt, usersApi.login, { body: { email, password } });
  expect(res.statusCode).toBe(200);
  const { challengeId } = jsonOf<{ challengeId: string }>(res);
  const mail = await rt.smtp.waitFor(email, (m) => rt.smtp.inbox.indexOf(m) >= before && Boolean(codeIn(m.text)));
  return { code: codeIn(mail.text)!, challengeId };
}

describe('a new password spends reset links and pending codes (issue 12, item 8)', () => {
  it('a new reset link voids the older one', async () => {
    const { email } = await newCustomer(rt);
    const first = await resetLink(email);
    const second = await resetLink(email);
    expect(jsonOf(await reset(first))).toMatchObject({ code: 'E_LINK_USED' });
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('a password change spends the open reset link and the pending login code', async () => {
    const { email, password, token } = await newCustomer(rt);
    await twoStepOn(token);
    const link = await resetLink(email);
    const pending = await pendingCode(email, password);
    const changed = await call(rt, usersApi.changePassword, {
      body: { old_password: password, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      token,
    });
    expect(changed.statusCode).toBe(200);
    const otp = await call(rt, usersApi.verifyOtp, {
      body: { email, otp: pending.code, challengeId: pending.challengeId },
    });
    expect(otp.statusCode).toBe(400);
    expect(jsonOf(await reset(link, 'Another-Pass-88'))).toMatchObject({ code: 'E_LINK_USED' });
    expect((await call(rt, usersApi.login, { body: { email, password: 'Another-Pass-88' } })).statusCode).toBe(401);
  });

  it('a password reset spends the pending login code', async () => {
    const { email, password, token } = await newCustomer(rt);
    await twoStepOn(token);
    const pending = await pendingCode(email, password);
    const link = await resetLink(email);
    expect((await reset(link)).statusCode).toBe(200);
    const otp = await call(rt, usersApi.verifyOtp, {
      body: { email, otp: pending.code, challengeId: pending.challengeId },
    });
    expect(otp.statusCode).toBe(400);
  });
});

describe('a new staff password spends pending staff login codes (issue 12, item 8)', () => {
  it('their own change, and a SuperAdmin setting it', async () => {
    const root = await newStaff(rt, 'SuperAdmin');
    const s = await newStaff(rt, 'Content');
    const staffCode = async () => {
      const before = rt.smtp.inbox.length;
      const login = await call(rt, staffApi.login, { body: { email: s.email, password: s.password } });
      expect(login.statusCode, login.body).toBe(200);
      const mail = await rt.smtp.waitFor(s.email, (m) => rt.smtp.inbox.indexOf(m) >= before && Boolean(codeIn(m.text)));
      return { otp: codeIn(mail.text)!, challengeId: login.data().challengeId! };
    };
    const first = await staffCode();
    const changed = await call(rt, staffApi.changePassword, {
      token: s.token,
      body: { old_password: s.password, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(rt, staffApi.verifyOtp, { body: { email: s.email, ...first } })).statusCode).toBe(400);

    s.password = NEW_PASSWORD;
    const second = await staffCode();
    const set = await call(rt, staffApi.staffUpdate, {
      token: root.token,
      body: { id: s.id, password: 'Set-By-Root-4412' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call(rt, staffApi.verifyOtp, { body: { email: s.email, ...second } })).statusCode).toBe(400);
  });
});

describe('turning two-step off needs the password (issue 12, item 8)', () => {
  it('refuses a missing or wrong password (counted like a wrong login), then turns it off and emails', async () => {
    const { email, password, token, id } = await newCustomer(rt);
    await twoStepOn(token);
    const twoStep = async () => (await rt.ctx.db.select().from(customers).where(eq(customers.id, id)))[0]!;

    const missing = await call(rt, usersApi.updateSecuritySetting, {
      body: { enable_two_step_email_verification: false },
      token,
    });
    expect(missing.statusCode).toBe(400);
    expect(jsonOf(missing)).toMatchObject({ code: 'E_VALIDATION' });
    expect(jsonOf<{ respones_msg: string }>(missing).respones_msg).toMatch(/^password: enter your password/);
    expect((await twoStep()).twoStepEnabled).toBe(true);

    const wrong = await call(rt, usersApi.updateSecuritySetting, {
      body: { enable_two_step_email_verification: false, password: 'Not-The-Password-1' },
      token,
    });
    expect(wrong.statusCode).toBe(400);
    expect(jsonOf(wrong)).toMatchObject({ code: 'E_WRONG_PASSWORD' });
    const after = await twoStep();
    expect(after.twoStepEnabled).toBe(true);
    expect(after.failedLoginCount).toBe(1);

    const ok = await call(rt, usersApi.updateSecuritySetting, {
      body: { enable_two_step_email_verification: false, password },
      token,
    });
    expect(ok.statusCode).toBe(200);
    expect((await twoStep()).twoStepEnabled).toBe(false);
    const mail = await rt.smtp.waitFor(email, (m) => m.subject.includes('Two-step verification was turned off'));
    expect(mail.text).toMatch(/turned off/);
  });
});

describe('no user-chosen text in emails to an unverified address (issue 12, item 8)', () => {
  it('the verification and reset emails to a new address leave out the name the registrant typed', async () => {
    const email = uniqueEmail('unverified');
    const name = 'Visit evil-example dot com now';
    const reg = await call(rt, usersApi.register, { body: { name, email, password: STRONG_PASSWORD } });
    expect(reg.statusCode).toBe(200);
    const verify = await rt.smtp.waitFor(email, (m) => m.subject.startsWith('Verify'));
    expect(verify.text).not.toContain(name);
    const { mail } = await resetLink(email);
    expect(mail.text).not.toContain(name);
  });
});
