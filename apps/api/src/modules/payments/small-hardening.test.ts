import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paymentsApi, usersApi, type UserDetailResponse } from '@fleetdeck/contract';
import { SYSTEM } from '../../lib/actor.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { inOneWindow } from '../../../test/support/helpers.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { card, confirm, purchasesAtOnce, solvedCaptcha } from '../../../test/support/payments.ts';
import { coupons } from '../../db/schema.ts';
import { redactCapabilities } from '../../plugins/request-log.ts';
import { approveReseller } from '../users/service.ts';

/** Issue 12, item 8 (part): coupons and capability URLs. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

describe('coupons (issue 12, item 8)', () => {
  it('a reseller cannot use their own coupon (apply and purchase); another customer can', async () => {
    const reseller = await newCustomer(rt);
    const { resellerCouponCode } = await approveReseller(rt.ctx, SYSTEM, reseller.id);
    const body = { couponCode: resellerCouponCode!, priceId: 'PDOT', qty: 1 };
    const own = await call(rt, paymentsApi.applyCoupon, { token: reseller.token, body });
    expect(own.statusCode).toBe(400);
    expect(own.error()).toMatchObject({ code: 'E_COUPON_INVALID' });
    expect(own.error().respones_msg).toMatch(/cannot be used on your own account/);
    const buy = await call(rt, paymentsApi.purchase, {
      token: reseller.token,
      body: { priceId: 'PDOT', qty: 1, couponCode: resellerCouponCode!, captcha: await solvedCaptcha(rt) },
    });
    expect(buy.statusCode).toBe(400);
    expect(buy.error()).toMatchObject({ code: 'E_COUPON_INVALID' });
    const buyer = await newCustomer(rt);
    expect((await call(rt, paymentsApi.applyCoupon, { token: buyer.token, body })).statusCode).toBe(200);
  });

  it('coupon/apply is rate limited per account (429 E_RATE_LIMITED)', async () => {
    const c = await newCustomer(rt);
    const body = { couponCode: 'GUESS-1234', priceId: 'PDOT', qty: 1 };
    const codes: number[] = [];
    // 20 a clock-aligned 10 minutes: the 21 calls must fall in one window.
    await inOneWindow(10, 600);
    for (let i = 0; i < 21; i++)
      codes.push((await call(rt, paymentsApi.applyCoupon, { token: c.token, body })).statusCode);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(codes[20]).toBe(429);
  });
});

describe('maxRedemptions (issue 12, item 8)', () => {
  it('parallel purchases take the last redemption once; paying it does not count it twice', async () => {
    const code = `LAST${Date.now()}`;
    await rt.ctx.db.insert(coupons).values({ code, percentOff: '50.00', maxRedemptions: 2, timesRedeemed: 1 });
    const answers = await purchasesAtOnce(rt, 4, { priceId: 'PDOT', qty: 1, couponCode: code });
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.statusCode !== 200)) {
      expect(lost.statusCode).toBe(400);
      expect(lost.error()).toMatchObject({ code: 'E_COUPON_EXPIRED' });
    }
    const redeemed = async () =>
      (await rt.ctx.db.execute<{ n: number }>(sql`select times_redeemed as n from coupons where code = ${code}`))
        .rows[0]!.n;
    expect(await redeemed()).toBe(2);
    const secret = won[0]!.data().data.clientSecret;
    expect((await confirm(rt, secret, card('4242424242424242'))).statusCode).toBe(200);
    expect(await redeemed()).toBe(2);
  });
});

describe('capability URLs in the request log (issue 12, item 8)', () => {
  it('the login QR image URL is logged without its key', async () => {
    const c = await newCustomer(rt);
    const detail = (await call(rt, usersApi.detail, { token: c.token })).json<UserDetailResponse>().data;
    const path = new URL(detail.loginQrCodeUrl).pathname;
    const file = path.split('/').pop()!;
    const res = await rt.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    const log = rt.logLines.join('\n');
    expect(log).toContain('/api/v1/qr/login/[redacted]');
    expect(log).not.toContain(file.replace(/\.png$/, ''));
  });

  it('redacts the login and chat QR paths and nothing else', () => {
    expect(redactCapabilities('/api/v1/qr/login/abcDEF123.png')).toBe('/api/v1/qr/login/[redacted]');
    expect(redactCapabilities('/api/v1/qr/chat/1f0e/xyz.png')).toBe('/api/v1/qr/chat/[redacted]');
    expect(redactCapabilities('/api/v1/qr/apk/PD.png')).toBe('/api/v1/qr/apk/PD.png');
    expect(redactCapabilities('/api/v1/admin/users/detail')).toBe('/api/v1/admin/users/detail');
  });
});
