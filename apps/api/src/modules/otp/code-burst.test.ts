import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { usersApi, type LoginResponse } from '@fleetdeck/contract';
import { staffApi, type StaffLoginResponse } from '@fleetdeck/contract/staff';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { codeIn, uniqueEmail } from '../../../test/support/helpers.ts';
import { newCustomer, newStaff, randomIp } from '../../../test/support/factory.ts';

/**
 * Issue 24, item 1 (M1): emailed codes are counted before they are checked, atomically, so a burst of parallel
 * guesses checks at most 5 of them. "Checked" is observed where it happens: the keyed hash of `<owner id>:<code>`.
 * Item 6 (code-check answers): an unknown email answers like staff, two-step and just-logged-in accounts.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());
afterEach(() => vi.restoreAllMocks());

/** Counts the code checks of one owner: every HMAC over `<ownerId>:<digits>`. */
function codeChecksOf(ownerId: string) {
  const createHmac = crypto.createHmac.bind(crypto);
  const checkOfOwner = new RegExp(`^${ownerId}:\\d+$`);
  let checks = 0;
  vi.spyOn(crypto, 'createHmac').mockImplementation((...args: Parameters<typeof crypto.createHmac>) => {
    const h = createHmac(...args);
    const update = h.update.bind(h) as (data: string) => crypto.Hmac;
    h.update = ((data: unknown) => {
      if (typeof data === 'string' && checkOfOwner.test(data)) checks += 1;
      return update(data as string);
    }) as typeof h.update;
    return h;
  });
  return () => checks;
}

/** `n` distinct wrong codes for `code`. */
const wrongCodes = (code: string, n: number) =>
  Array.from({ length: n + 1 }, (_, i) => String((Number(code) + 1 + i) % 10 ** code.length).padStart(code.length, '0'))
    .filter((c) => c !== code)
    .slice(0, n);

async function twoStepLogin() {
  const c = await newCustomer(rt);
  const on = await call(rt, usersApi.updateSecuritySetting, {
    body: { enable_two_step_email_verification: true },
    token: c.token,
  });
  expect(on.statusCode, on.body).toBe(200);
  const before = rt.smtp.inbox.length;
  const res = await call(rt, usersApi.login, { body: { email: c.email, password: c.password }, ip: randomIp() });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await rt.smtp.waitFor(c.email, (m) => rt.smtp.inbox.indexOf(m) >= before && Boolean(codeIn(m.text)));
  return { customer: c, code: codeIn(mail.text)!, challengeId: res.json<LoginResponse>().challengeId! };
}

async function staffLogin() {
  const s = await newStaff(rt, 'SuperAdmin');
  const before = rt.smtp.inbox.length;
  const res = await call(rt, staffApi.login, { body: { email: s.email, password: s.password }, ip: randomIp() });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await rt.smtp.waitFor(s.email, (m) => rt.smtp.inbox.indexOf(m) >= before && Boolean(codeIn(m.text)));
  return { staff: s, code: codeIn(mail.text)!, challengeId: res.json<StaffLoginResponse>().challengeId! };
}

describe('a burst of 60 parallel code guesses checks at most 5 (issue 24, item 1)', () => {
  it('customer, by email alone', async () => {
    const { customer, code, challengeId } = await twoStepLogin();
    const checks = codeChecksOf(customer.id);
    const answers = await Promise.all(
      wrongCodes(code, 60).map((otp) =>
        call(rt, usersApi.verifyOtp, { body: { email: customer.email, otp }, ip: randomIp() }),
      ),
    );
    expect(checks()).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.error().code === 'E_OTP_INVALID').length).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    // The burst by email did not touch the code of the login in progress.
    const ok = await call(rt, usersApi.verifyOtp, {
      body: { email: customer.email, otp: code, challengeId },
      ip: randomIp(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('customer, with the challenge: the code is dead after the burst', async () => {
    const { customer, code, challengeId } = await twoStepLogin();
    const checks = codeChecksOf(customer.id);
    const answers = await Promise.all(
      wrongCodes(code, 60).map((otp) =>
        call(rt, usersApi.verifyOtp, { body: { email: customer.email, otp, challengeId }, ip: randomIp() }),
      ),
    );
    expect(checks()).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.error().code === 'E_OTP_INVALID').length).toBeLessThanOrEqual(5);
    const late = await call(rt, usersApi.verifyOtp, {
      body: { email: customer.email, otp: code, challengeId },
      ip: randomIp(),
    });
    expect(late.error().code).toBe('E_OTP_EXHAUSTED');
  });

  it('staff, with the challenge the staff realm requires', async () => {
    const { staff, code, challengeId } = await staffLogin();
    const checks = codeChecksOf(staff.id);
    const answers = await Promise.all(
      wrongCodes(code, 60).map((otp) =>
        call(rt, staffApi.verifyOtp, { body: { email: staff.email, otp, challengeId }, ip: randomIp() }),
      ),
    );
    expect(checks()).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.error().code === 'E_OTP_INVALID').length).toBeLessThanOrEqual(5);
    const late = await call(rt, staffApi.verifyOtp, {
      body: { email: staff.email, otp: code, challengeId },
      ip: randomIp(),
    });
    expect(late.error().code).toBe('E_OTP_EXHAUSTED');
  });

  it('staff: without the challenge no code is checked at all', async () => {
    const { staff, code } = await staffLogin();
    const checks = codeChecksOf(staff.id);
    const res = await call(rt, staffApi.verifyOtp, { body: { email: staff.email, otp: code }, ip: randomIp() });
    expect(res.statusCode).toBe(400);
    expect(res.error().code).toBe('E_VALIDATION');
    expect(checks()).toBe(0);
  });
});

describe('code-check answers tell nothing about an email (issue 24, item 6)', () => {
  it('customer: a two-step account that just logged in answers like an unknown email, with and without a challenge', async () => {
    const { customer, code, challengeId } = await twoStepLogin();
    const ok = await call(rt, usersApi.verifyOtp, {
      body: { email: customer.email, otp: code, challengeId },
      ip: randomIp(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const ghost = uniqueEmail('ghost');
    for (const extra of [{}, { challengeId: 'a'.repeat(64) }]) {
      const known = await call(rt, usersApi.verifyOtp, {
        body: { email: customer.email, otp: code, ...extra },
        ip: randomIp(),
      });
      const unknown = await call(rt, usersApi.verifyOtp, {
        body: { email: ghost, otp: code, ...extra },
        ip: randomIp(),
      });
      expect(known.statusCode).toBe(unknown.statusCode);
      expect(known.json()).toEqual(unknown.json());
    }
  });

  it('staff: a staff email with a pending or used code answers like an unknown email', async () => {
    const { staff, code } = await staffLogin();
    const ghost = uniqueEmail('ghost');
    const forged = { challengeId: 'b'.repeat(64) };
    const pending = await call(rt, staffApi.verifyOtp, {
      body: { email: staff.email, otp: code, ...forged },
      ip: randomIp(),
    });
    const unknown = await call(rt, staffApi.verifyOtp, {
      body: { email: ghost, otp: code, ...forged },
      ip: randomIp(),
    });
    expect(pending.statusCode).toBe(unknown.statusCode);
    expect(pending.json()).toEqual(unknown.json());
  });
});
