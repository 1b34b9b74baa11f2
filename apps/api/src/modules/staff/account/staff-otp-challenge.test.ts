import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { staffApi, type StaffLoginResponse } from '@fleetdeck/contract/staff';
import { call } from '../../../../test/support/call.ts';
import { newStaff, randomIp } from '../../../../test/support/factory.ts';
import { codeIn, uniqueEmail } from '../../../../test/support/helpers.ts';
import { startTestRuntime, type TestRuntime } from '../../../../test/support/runtime.ts';

/** Issue 12, item 3 for staff: the back office's code check is bound to the login attempt, as the customer's is. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

async function startLogin(email: string, password: string) {
  const before = rt.smtp.inbox.length;
  const res = await call(rt, staffApi.login, { body: { email, password }, ip: randomIp() });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<StaffLoginResponse>();
  const mail = await rt.smtp.waitFor(email, (m) => rt.smtp.inbox.indexOf(m) >= before && Boolean(codeIn(m.text)));
  return { code: codeIn(mail.text)!, challengeId: answer.challengeId! };
}

const verify = (body: { email: string; otp: string; challengeId?: string }) =>
  call(rt, staffApi.verifyOtp, { body, ip: randomIp() });

describe('staff verify/otp (issue 12, item 3)', () => {
  it('the login answer names the attempt; with it the right code signs in after a stranger tried 6 codes by email alone', async () => {
    const s = await newStaff(rt, 'Support');
    const { code, challengeId } = await startLogin(s.email, s.password);
    expect(challengeId).toMatch(/^[0-9a-f]{64}$/);
    const wrong = code === '0000' ? '1111' : '0000';
    const strangers: string[] = [];
    for (let i = 0; i < 6; i += 1) strangers.push((await verify({ email: s.email, otp: wrong })).error().code!);
    // The staff realm requires the challenge (DECISIONS §4, issue 24): by email alone nothing is checked.
    expect(strangers).toEqual(Array.from({ length: 6 }, () => 'E_VALIDATION'));
    expect((await verify({ email: s.email, otp: code })).error().code).toBe('E_VALIDATION');
    const ok = await verify({ email: s.email, otp: code, challengeId });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a wrong challenge id gets nothing, even with the right code; the real challenge still works', async () => {
    const s = await newStaff(rt, 'Admin');
    const { code, challengeId } = await startLogin(s.email, s.password);
    const forged = await verify({ email: s.email, otp: code, challengeId: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.error().code).toBe('E_OTP_EXPIRED');
    const plain = await verify({ email: s.email, otp: code, challengeId });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('answers an unknown email like a known one without a code', async () => {
    const s = await newStaff(rt, 'Content');
    const a = await verify({ email: uniqueEmail('ghost'), otp: '1234', challengeId: 'c'.repeat(64) });
    const b = await verify({ email: s.email, otp: '1234', challengeId: 'c'.repeat(64) });
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
  });
});
