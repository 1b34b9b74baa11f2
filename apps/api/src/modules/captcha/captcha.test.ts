import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { CaptchaChallenge } from '@fleetdeck/contract';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { captchaApi, paymentsApi } from '@fleetdeck/contract';
import { jsonOf } from '../../../test/support/helpers.ts';
import { postWithKey, solvedCaptcha } from '../../../test/support/payments.ts';
import { CAPTCHA_TTL_SECONDS, verifyCaptcha } from './service.ts';

let rt: TestRuntime;
let token: string;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  token = (await newCustomer(rt)).token;
});
afterAll(async () => rt?.close());
afterEach(() => {
  vi.useRealTimers();
});

const buy = (captcha: unknown, key?: string) =>
  postWithKey(
    rt,
    paymentsApi.purchase,
    { priceId: 'PDOT', qty: 1, ...(captcha === undefined ? {} : { captcha }) },
    token,
    key,
  );

const expectCaptchaError = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode).toBe(400);
  expect(jsonOf(res)).toEqual({ respones_msg: 'Please verify captcha.', code: 'E_CAPTCHA' });
};

describe('GET /api/v1/captcha/challenge', () => {
  it('answers a signed ALTCHA v2 challenge valid for 2 minutes, never cached', async () => {
    const res = await call(rt, captchaApi.challenge);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = jsonOf<CaptchaChallenge>(res);
    expect(body.respones_msg).toBeTruthy();
    expect(body.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyLength: 32 });
    expect(body.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    const ttl = body.parameters.expiresAt! - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(CAPTCHA_TTL_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(CAPTCHA_TTL_SECONDS);
  });
});

describe('verifyCaptcha', () => {
  it('accepts a solved payload once', async () => {
    const payload = await solvedCaptcha(rt);
    await expect(verifyCaptcha(rt.ctx, rt.ctx.db, payload)).resolves.toBeUndefined();
    await expect(verifyCaptcha(rt.ctx, rt.ctx.db, payload)).rejects.toMatchObject({ code: 'E_CAPTCHA' });
  });

  it('refuses a payload whose solution is wrong or whose challenge was tampered with', async () => {
    const res = await call(rt, captchaApi.challenge);
    const { parameters, signature } = jsonOf<CaptchaChallenge>(res);
    const solution = await solveChallenge({ challenge: { parameters, signature }, deriveKey });
    const encode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64');
    const wrong = encode({
      challenge: { parameters, signature },
      solution: { ...solution, counter: solution!.counter + 1, derivedKey: '00'.repeat(32) },
    });
    await expect(verifyCaptcha(rt.ctx, rt.ctx.db, wrong)).rejects.toMatchObject({ code: 'E_CAPTCHA' });
    const longer = encode({
      challenge: { parameters: { ...parameters, expiresAt: parameters.expiresAt! + 3600 }, signature },
      solution,
    });
    await expect(verifyCaptcha(rt.ctx, rt.ctx.db, longer)).rejects.toMatchObject({ code: 'E_CAPTCHA' });
    await expect(verifyCaptcha(rt.ctx, rt.ctx.db, 'not base64 json')).rejects.toMatchObject({ code: 'E_CAPTCHA' });
    // The untampered payload still works: the failures above did not burn it.
    await expect(
      verifyCaptcha(rt.ctx, rt.ctx.db, encode({ challenge: { parameters, signature }, solution })),
    ).resolves.toBeUndefined();
  });
});

describe('captcha on payments/purchase', () => {
  it('missing or empty → 400 E_CAPTCHA "Please verify captcha."', async () => {
    expectCaptchaError(await buy(undefined));
    expectCaptchaError(await buy(''));
    expectCaptchaError(await buy(null));
    expectCaptchaError(await buy('garbage'));
  });

  it('a used captcha is refused on the next purchase', async () => {
    const captcha = await solvedCaptcha(rt);
    const first = await buy(captcha);
    expect(first.statusCode).toBe(200);
    expectCaptchaError(await buy(captcha));
    const uses = await rt.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from captcha_uses`);
    expect(uses.rows[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('an expired captcha (older than 2 minutes) is refused', async () => {
    const captcha = await solvedCaptcha(rt);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (CAPTCHA_TTL_SECONDS + 5) * 1000 });
    expectCaptchaError(await buy(captcha));
    vi.useRealTimers();
    // Just inside the 2 minutes it would have been accepted: the same payload still works now.
    expect((await buy(captcha)).statusCode).toBe(200);
  });
});
