import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { usersApi, type LoginResponse } from '@fleetdeck/contract';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { codeIn, uniqueEmail } from '../../../test/support/helpers.ts';
import { newCustomer, randomIp } from '../../../test/support/factory.ts';

/** Issue 12, item 3: verify-otp tells nothing about an email, and a stranger cannot burn the login's code. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

async function twoStepCustomer() {
  const c = await newCustomer(rt);
  const res = await call(rt, usersApi.updateSecuritySetting, {
    body: { enable_two_step_email_verification: true },
    token: c.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

async function startLogin(email: string, password: string) {
  const before = rt.smtp.inbox.length;
  const res = await call(rt, usersApi.login, { body: { email, password }, ip: randomIp() });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<LoginResponse>();
  const mail = await rt.smtp.waitFor(email, (m) => rt.smtp.inbox.indexOf(m) >= before && Boolean(codeIn(m.text)));
  return { code: codeIn(mail.text)!, challengeId: answer.challengeId! };
}

const verify = (body: { email: string; otp: string; challengeId?: string }) =>
  call(rt, usersApi.verifyOtp, { body, ip: randomIp() });

describe('verify-otp (issue 12, item 3)', () => {
  it('answers an unknown email exactly like a known one without a pending code', async () => {
    const known = await newCustomer(rt);
    const a = await verify({ email: uniqueEmail('ghost'), otp: '1234' });
    const b = await verify({ email: known.email, otp: '1234' });
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
  });

  it('the login answer names the attempt; with it the right code logs in after a stranger tried 5 wrong codes by email', async () => {
    const c = await twoStepCustomer();
    const { code, challengeId } = await startLogin(c.email, c.password);
    expect(challengeId).toMatch(/^[0-9a-f]{64}$/);
    const wrong = code === '0000' ? '1111' : '0000';
    const strangers = [];
    for (let i = 0; i < 6; i += 1)
      strangers.push((await verify({ email: c.email, otp: wrong })).json<{ code: string }>().code);
    expect(strangers.at(-1)).toBe('E_OTP_EXHAUSTED');
    const ok = await verify({ email: c.email, otp: code, challengeId });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a wrong challenge id gets nothing, even with the right code; wrong codes with the challenge count against it', async () => {
    const c = await twoStepCustomer();
    const { code, challengeId } = await startLogin(c.email, c.password);
    const forged = await verify({ email: c.email, otp: code, challengeId: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.error().code).toBe('E_OTP_EXPIRED');
    expect((await verify({ email: c.email, otp: code, challengeId: 'not-hex' })).statusCode).toBe(400);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i += 1) await verify({ email: c.email, otp: wrong, challengeId });
    const late = await verify({ email: c.email, otp: code, challengeId });
    expect(late.error().code).toBe('E_OTP_EXHAUSTED');
  });
});
