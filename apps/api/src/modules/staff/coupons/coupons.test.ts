import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { coupons } from '../../../db/schema.ts';
import { call } from '../../../../test/support/call.ts';
import { newCustomer, newStaff, type TestStaff } from '../../../../test/support/factory.ts';
import type { FakeStripe } from '../../../../test/support/fake-stripe.ts';
import { card, confirm, purchasesAtOnce, solvedCaptcha } from '../../../../test/support/payments.ts';
import type { TestRuntime } from '../../../../test/support/runtime.ts';
import { startWithStaff, startWithStripe } from '../../../../test/support/suites.ts';

/** Issue 22 item 9 / DECISIONS §14 "Coupons": staff create, limit, expire and disable coupons; checkout obeys. */
let rt: TestRuntime;
let root: TestStaff;
beforeAll(async () => ({ rt, staff: root } = await startWithStaff('SuperAdmin')));
afterAll(async () => rt?.close());

let n = 0;
const uniqueCode = (prefix = 'PROMO') => `${prefix}${Date.now().toString(36).toUpperCase()}${++n}`;
const create = (body: Record<string, unknown>, token = root.token) => call(rt, staffApi.couponCreate, { token, body });
const update = (body: Record<string, unknown>, token = root.token) => call(rt, staffApi.couponUpdate, { token, body });
const listed = async (code: string) => {
  const rows = (await call(rt, staffApi.coupons, { token: root.token, query: { limit: 50 } })).data().data;
  return rows.find((r) => r.id === code);
};
const purchase = async (couponCode: string, priceId = 'PDOT', qty = 1) => {
  const c = await newCustomer(rt);
  return call(rt, paymentsApi.purchase, {
    token: c.token,
    body: { priceId, qty, couponCode, captcha: await solvedCaptcha(rt) },
  });
};

describe('payments/coupons/create', () => {
  it('creates a coupon the list shows with percentOff, active, redeemed, maxRedemptions, expiresAt', async () => {
    const code = uniqueCode();
    const res = await create({ code: code.toLowerCase(), percentOff: 15, maxRedemptions: 5, expiresAt: '2099-12-31' });
    expect(res.statusCode).toBe(200);
    // What both the answer and the list say of the new coupon.
    const coupon = {
      id: code,
      percentOff: 15,
      active: true,
      redeemed: 0,
      maxRedemptions: 5,
      expiresAt: '2099-12-31T23:59:59.999Z',
    };
    expect(res.data().data).toEqual({ ...coupon, planIdentifiers: null, providerCouponId: null });
    expect(await listed(code)).toMatchObject({ ...coupon, totalPaymentCount: 0, resellerEmail: null });
    // Checkout gives 15% off.
    const bought = await purchase(code, 'PDOT', 2);
    expect(bought.statusCode).toBe(200);
    const { rows } = await rt.ctx.db.execute<{ discount: string }>(
      sql`select discount_amount as discount from payments where id = ${bought.data().data.paymentId}`,
    );
    expect(Number(rows[0]!.discount)).toBeGreaterThan(0);
    expect(await listed(code)).toMatchObject({ redeemed: 1 });
  });

  it('refuses a taken code (any case), and every bad number with a message at its field', async () => {
    const code = uniqueCode();
    expect((await create({ code, percentOff: 10 })).statusCode).toBe(200);
    const taken = await create({ code: code.toLowerCase(), percentOff: 10 });
    expect(taken.statusCode).toBe(409);
    expect(taken.error()).toMatchObject({
      code: 'E_CONFLICT',
      errors: [{ field: 'code', message: `${code} already exists` }],
    });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ percentOff: 0 }, 'percentOff', /between 1 and 100/],
      [{ percentOff: 101 }, 'percentOff', /between 1 and 100/],
      [{ percentOff: -5 }, 'percentOff', /between 1 and 100/],
      [{ percentOff: 12.5 }, 'percentOff', /whole number/],
      [{ percentOff: 10, maxRedemptions: 0 }, 'maxRedemptions', /at least 1/],
      [{ percentOff: 10, maxRedemptions: -3 }, 'maxRedemptions', /at least 1/],
      [{ percentOff: 10, maxRedemptions: 2.5 }, 'maxRedemptions', /whole number/],
      [{ percentOff: 10, expiresAt: 'soon' }, 'expiresAt', /date/],
      [{ percentOff: 10, expiresAt: '2020-01-01' }, 'expiresAt', /future/],
      [{ percentOff: 10, planIdentifiers: ['NOPE'] }, 'planIdentifiers', /plan identifier/],
      [{ percentOff: 10, code: 'a b' }, 'code', /letters, digits/],
    ];
    for (const [body, field, message] of cases) {
      const res = await create({ code: uniqueCode(), ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const errors = (res.error() as { errors?: { field: string; message: string }[] }).errors ?? [];
      expect(errors.find((e) => e.field.startsWith(field))?.message, JSON.stringify(body)).toMatch(message);
    }
  });

  it('is for SuperAdmin only', async () => {
    const support = await newStaff(rt, 'Support');
    expect((await create({ code: uniqueCode(), percentOff: 10 }, support.token)).statusCode).toBe(403);
    expect((await update({ id: 'ANY', active: false }, support.token)).statusCode).toBe(403);
  });
});

describe('checkout refuses a disabled, expired, used-up or other-plan coupon with a clear message', () => {
  it('disabled, then enabled again', async () => {
    const code = uniqueCode();
    await create({ code, percentOff: 10 });
    expect((await update({ id: code, active: false })).data().data).toMatchObject({ active: false });
    const refused = await purchase(code);
    expect(refused.statusCode).toBe(400);
    expect(refused.error()).toMatchObject({
      code: 'E_COUPON_INVALID',
      respones_msg: 'This coupon code is no longer active.',
    });
    const c = await newCustomer(rt);
    const applied = await call(rt, paymentsApi.applyCoupon, {
      token: c.token,
      body: { couponCode: code, priceId: 'PDOT', qty: 1 },
    });
    expect(applied.error()).toMatchObject({ respones_msg: 'This coupon code is no longer active.' });
    expect((await update({ id: code, active: true })).statusCode).toBe(200);
    expect((await purchase(code)).statusCode).toBe(200);
  });

  it('expired', async () => {
    const code = uniqueCode();
    await create({ code, percentOff: 10, expiresAt: '2099-01-01' });
    // Time passes: the expiry is now behind us.
    await rt.ctx.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.code, code));
    const refused = await purchase(code);
    expect(refused.error()).toMatchObject({ code: 'E_COUPON_EXPIRED', respones_msg: 'This coupon code has expired.' });
    // Staff extend it: it works again; null removes the expiry.
    expect((await update({ id: code, expiresAt: '2099-06-30' })).data().data.expiresAt).toBe(
      '2099-06-30T23:59:59.999Z',
    );
    expect((await purchase(code)).statusCode).toBe(200);
    expect((await update({ id: code, expiresAt: null })).data().data.expiresAt).toBeNull();
  });

  it('used up, and a limit raised', async () => {
    const code = uniqueCode();
    await create({ code, percentOff: 10, maxRedemptions: 1 });
    expect((await purchase(code)).statusCode).toBe(200);
    const refused = await purchase(code);
    expect(refused.error()).toMatchObject({
      code: 'E_COUPON_EXPIRED',
      respones_msg: 'This coupon code has been used the maximum number of times.',
    });
    const tooLow = await update({ id: code, maxRedemptions: 0 });
    expect(tooLow.statusCode).toBe(400);
    expect((await update({ id: code, maxRedemptions: 2 })).data().data).toMatchObject({
      maxRedemptions: 2,
      redeemed: 1,
    });
    expect((await purchase(code)).statusCode).toBe(200);
    expect((await update({ id: code, maxRedemptions: null })).data().data.maxRedemptions).toBeNull();
  });

  it('valid only for its plans', async () => {
    const code = uniqueCode();
    await create({ code, percentOff: 10, planIdentifiers: ['PDOT'] });
    const refused = await purchase(code, 'PCOT');
    expect(refused.statusCode).toBe(400);
    expect(refused.error()).toMatchObject({ code: 'E_COUPON_INVALID' });
    expect(refused.error().respones_msg).toMatch(/^This coupon code is not valid for .+\.$/);
    expect((await purchase(code, 'PDOT')).statusCode).toBe(200);
    expect(await listed(code)).toMatchObject({ planIdentifiers: ['PDOT'] });
  });

  it('the limit holds under parallel checkouts: limit 3, 10 at once → 3 succeed', async () => {
    const code = uniqueCode();
    await create({ code, percentOff: 20, maxRedemptions: 3 });
    const answers = await purchasesAtOnce(rt, 10, { priceId: 'PDOT', qty: 1, couponCode: code });
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(3);
    for (const lost of answers.filter((a) => a.statusCode !== 200)) {
      expect(lost.error()).toMatchObject({ code: 'E_COUPON_EXPIRED' });
    }
    for (const w of won) {
      expect((await confirm(rt, w.data().data.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
    }
    await rt.settle();
    expect(await listed(code)).toMatchObject({ redeemed: 3, maxRedemptions: 3, totalPaymentCount: 3 });
  });
});

describe('payments/coupons/update', () => {
  it('changes the percent only until the coupon is redeemed', async () => {
    const code = uniqueCode();
    await create({ code, percentOff: 10 });
    expect((await update({ id: code, percentOff: 25 })).data().data.percentOff).toBe(25);
    expect((await purchase(code)).statusCode).toBe(200);
    const refused = await update({ id: code, percentOff: 30 });
    expect(refused.statusCode).toBe(409);
    expect(refused.error().respones_msg).toMatch(/percentOff: is fixed: .* has been redeemed 1 time at 25%/);
    expect((await listed(code))!.percentOff).toBe(25);
  });

  it('answers 404 for an unknown code; a body changing nothing answers the coupon as it is', async () => {
    const res = await update({ id: 'NOSUCHCOUPON', active: false });
    expect(res.statusCode).toBe(404);
    const code = uniqueCode();
    await create({ code, percentOff: 10 });
    const same = await update({ id: code });
    expect(same.statusCode).toBe(200);
    expect(same.data().data).toMatchObject({ id: code, percentOff: 10, active: true });
  });

  it('audits who did what', async () => {
    const code = uniqueCode();
    await create({ code, percentOff: 10 });
    await update({ id: code, active: false });
    const { rows } = await rt.ctx.db.execute<{ sub_type: string; message: string }>(
      sql`select sub_type, message from audit_entries where type = 'Pricing' and message like ${`%${code}%`} order by created_at`,
    );
    expect(rows.map((r) => r.sub_type)).toEqual(['Coupon Created', 'Coupon Updated']);
    expect(rows[1]!.message).toContain('disabled');
  });

  it('a reseller coupon (10%) keeps working and can be disabled like any other', async () => {
    const { approveReseller } = await import('../../users/service.ts');
    const { SYSTEM } = await import('../../../lib/actor.ts');
    const reseller = await newCustomer(rt);
    const { resellerCouponCode } = await approveReseller(rt.ctx, SYSTEM, reseller.id);
    expect(await listed(resellerCouponCode!)).toMatchObject({
      percentOff: 10,
      active: true,
      resellerEmail: reseller.email,
    });
    expect((await purchase(resellerCouponCode!)).statusCode).toBe(200);
    await update({ id: resellerCouponCode!, active: false });
    expect((await purchase(resellerCouponCode!)).statusCode).toBe(400);
  });
});

describe('coupons mirrored at Stripe (PAYMENT_PROVIDER=stripe)', () => {
  let fake: FakeStripe;
  let srt: TestRuntime;
  let admin: TestStaff;
  beforeAll(async () => ({ rt: srt, fake, staff: admin } = await startWithStripe()));
  afterAll(async () => srt?.close());

  it('creates the Stripe coupon, mirrors enable/disable, limit and expiry in its metadata, replaces it on a percent change', async () => {
    const created = await call(srt, staffApi.couponCreate, {
      token: admin.token,
      body: { code: 'STRIPEPROMO', percentOff: 20, maxRedemptions: 50 },
    });
    const stripeId = created.data().data.providerCouponId!;
    expect(stripeId).toMatch(/^co_/);
    const [req] = fake.calls('POST', '/v1/coupons');
    // The same parameters and key as checkout's own creation (providers/stripe.ts ensureCoupon): one Stripe coupon.
    expect(req!.body).toMatchObject({ percent_off: '20', duration: 'forever', name: 'STRIPEPROMO' });
    expect(req!.idempotencyKey).toBe('coupon:STRIPEPROMO:20');
    expect(fake.coupons.get(stripeId)).toMatchObject({
      percent_off: 20,
      metadata: { code: 'STRIPEPROMO', active: 'true', maxRedemptions: '50', expiresAt: '' },
    });
    const [row] = await srt.ctx.db.select().from(coupons).where(eq(coupons.code, 'STRIPEPROMO'));
    expect(row!.providerCouponId).toBe(stripeId);

    await call(srt, staffApi.couponUpdate, {
      token: admin.token,
      body: { id: 'STRIPEPROMO', active: false, expiresAt: '2099-01-31' },
    });
    expect(fake.coupons.get(stripeId)!.metadata).toMatchObject({
      active: 'false',
      expiresAt: '2099-01-31T23:59:59.999Z',
    });

    // Nobody redeemed it yet: a new percent is a new Stripe coupon (percent is immutable there), the old one deleted.
    const changed = await call(srt, staffApi.couponUpdate, {
      token: admin.token,
      body: { id: 'STRIPEPROMO', percentOff: 30 },
    });
    const newId = changed.data().data.providerCouponId!;
    expect(newId).toMatch(/^co_/);
    expect(newId).not.toBe(stripeId);
    expect(fake.coupons.has(stripeId)).toBe(false);
    expect(fake.coupons.get(newId)).toMatchObject({ percent_off: 30 });
  });
});
