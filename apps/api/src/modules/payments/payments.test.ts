import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CheckoutResponse, PaymentMethodListResponse } from '@fleetdeck/contract';
import {
  coupons,
  customers,
  licenceGrants,
  payments,
  providerEvents,
  sandboxIntents,
  subscriptions,
} from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { paymentsApi } from '@fleetdeck/contract';
import { jsonOf } from '../../../test/support/helpers.ts';
import { card, checkout, confirm, checkoutCall, postWithKey, solvedCaptcha } from '../../../test/support/payments.ts';
import { buildSandboxEvent, renewSandboxSubscription } from '../sandbox/service.ts';
import { signSandboxPayload } from './providers/sandbox.ts';
import { createPaymentProvider } from './providers/index.ts';
import { handleProviderEvent } from './events.ts';

let rt: TestRuntime;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const paymentById = async (id: string) => (await rt.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const grantsOf = (paymentId: string) =>
  rt.ctx.db.select().from(licenceGrants).where(eq(licenceGrants.paymentId, paymentId));
const historyOf = async (token: string, query: Record<string, unknown> = {}) =>
  (await call(rt, paymentsApi.history, { token, query })).data();
const auditSubTypes = async (customerId: string) =>
  (
    await rt.ctx.db.execute<{ sub_type: string; has_error: boolean }>(
      sql`select sub_type, has_error from audit_entries where customer_id = ${customerId} and type = 'Payments' order by id`,
    )
  ).rows;
const daysFromNow = (d: Date | null | undefined) => (d ? (d.getTime() - Date.now()) / 86_400_000 : NaN);

async function addCoupon(code: string, percentOff: string, extra: Partial<typeof coupons.$inferInsert> = {}) {
  await rt.ctx.db.insert(coupons).values({ code, percentOff, ...extra });
}

describe('purchase rules', () => {
  let token: string;
  beforeAll(async () => {
    token = (await newCustomer(rt)).token;
    await addCoupon('TENOFF', '10.00');
  });

  it('qty 0 → 400', async () => {
    const res = await checkoutCall(rt, token, { priceId: 'PDOT', qty: 0 });
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res).code).toBe('E_VALIDATION');
  });

  it('Power Chat with 1 user → 400 with the exact message', async () => {
    const res = await checkoutCall(rt, token, { priceId: 'PCHAT', qty: 1 });
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res)).toEqual({
      respones_msg: 'Please purchase minimum 2 licences for 2 users.',
      code: 'E_QTY_MINIMUM',
    });
    expect((await checkout(rt, token, { priceId: 'PCHAT', qty: 2 })).amount).toBe(39.98);
  });

  it('names a wrong quantity or plan before asking for the captcha, and uses no captcha doing so', async () => {
    const captcha = await solvedCaptcha(rt);
    const pchat = await postWithKey(rt, paymentsApi.purchase, { priceId: 'PCHAT', qty: 1 }, token);
    expect(jsonOf(pchat)).toMatchObject({ code: 'E_QTY_MINIMUM' });
    const unknown = await postWithKey(rt, paymentsApi.purchase, { priceId: 'NOPE', qty: 1, captcha }, token);
    expect(jsonOf(unknown)).toMatchObject({ code: 'E_PLAN_NOT_FOUND' });
    // The captcha given with the refused request still works.
    const ok = await postWithKey(rt, paymentsApi.purchase, { priceId: 'PCOT', qty: 1, captcha }, token);
    expect(ok.statusCode).toBe(200);
    expect(jsonOf<{ data: { amount: number } }>(ok).data.amount).toBe(34.99);
  });

  it('computes the total on the server in cents: 3 × 29.99 − 10% = 80.97, whatever the browser sends', async () => {
    const data = await checkout(rt, token, {
      priceId: 'PD',
      qty: 3,
      couponCode: 'tenoff',
      amount: 0.01,
      total: 0.01,
      totalAmount: 0.01,
    });
    expect(data.amount).toBe(80.97);
    expect(data.provider).toBe('sandbox');
    expect(data.status).toBe('requires_payment_method');
    expect(data.clientSecret).toMatch(/^in_[0-9a-f]{24}_secret_[0-9a-f]{32}$/);
    expect(data.client_secret).toBe(data.clientSecret);
    const row = await paymentById(data.paymentId);
    expect(row).toMatchObject({
      unitAmount: '29.99',
      discountAmount: '9.00',
      totalAmount: '80.97',
      couponCode: 'TENOFF',
      status: 'Pending',
      subscriptionType: 'recurring',
      subscriptionReason: 'subscription_create',
      productName: 'Fleetdeck Subscription',
    });
    const [intent] = await rt.ctx.db.select().from(sandboxIntents).where(eq(sandboxIntents.paymentId, data.paymentId));
    expect(intent!.amountCents).toBe(8097);
    expect(intent!.clientSecretHash).not.toContain(data.clientSecret);
  });

  it('accepts the plan by _id and the coupon as coupon_code', async () => {
    const [plan] = await rt.ctx.db
      .execute<{ id: string }>(sql`select id from plans where identifier = 'PDOT'`)
      .then((r) => r.rows);
    const data = await checkout(rt, token, { priceId: plan!.id, qty: 2, coupon_code: 'TENOFF' });
    expect(data.amount).toBe(125.98); // 2 × 69.99 = 139.98 − 14.00
  });

  it('refuses unknown, inactive plans and bad coupons', async () => {
    const captcha = await solvedCaptcha(rt);
    const unknown = await postWithKey(rt, paymentsApi.purchase, { priceId: 'NOPE', qty: 1, captcha }, token);
    expect(unknown.statusCode).toBe(404);
    expect(jsonOf(unknown).code).toBe('E_PLAN_NOT_FOUND');
    const bad = await postWithKey(
      rt,
      paymentsApi.purchase,
      { priceId: 'PDOT', qty: 1, couponCode: 'NOSUCH', captcha },
      token,
    );
    expect(bad.statusCode).toBe(400);
    expect(jsonOf(bad)).toMatchObject({ code: 'E_COUPON_INVALID', respones_msg: 'This coupon code is not valid.' });
  });

  it('20 concurrent purchases with one Idempotency-Key create one payment and one client secret', async () => {
    const key = `key-${Date.now()}`;
    const captcha = await solvedCaptcha(rt);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        postWithKey(rt, paymentsApi.purchase, { priceId: 'PDOT', qty: 4, captcha }, token, key),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const bodies = results.map((r) => jsonOf<CheckoutResponse>(r).data);
    expect(new Set(bodies.map((b) => b.clientSecret)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.paymentId)).size).toBe(1);
    const rows = await rt.ctx.db.select().from(payments).where(eq(payments.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    // A later retry with the same key (and a used captcha) answers the same payment too.
    const again = await postWithKey(rt, paymentsApi.purchase, { priceId: 'PDOT', qty: 4, captcha }, token, key);
    expect(jsonOf<CheckoutResponse>(again).data.clientSecret).toBe(bodies[0]!.clientSecret);
    // The same key for a different request is refused rather than answered with the wrong payment (DECISIONS §13).
    const other = await postWithKey(rt, paymentsApi.purchase, { priceId: 'PDOT', qty: 5, captcha }, token, key);
    expect(other.statusCode).toBe(422);
    expect(jsonOf(other).code).toBe('E_IDEMPOTENCY');
  });
});

describe('coupon/apply', () => {
  let token: string;
  beforeAll(async () => {
    token = (await newCustomer(rt)).token;
    await addCoupon('QUARTER', '12.50');
    await addCoupon('OLD', '10.00', { expiresAt: new Date(Date.now() - 1000) });
    await addCoupon('USEDUP', '10.00', { maxRedemptions: 1, timesRedeemed: 1 });
    await addCoupon('OFF', '10.00', { active: false });
  });
  const apply = (couponCode: string, priceId = 'PD', qty = 3) =>
    call(rt, paymentsApi.applyCoupon, { body: { couponCode, priceId, qty }, token });

  it('answers the discount, rounded half up to the cent', async () => {
    await addCoupon('TEN', '10');
    expect(jsonOf(await apply('ten')).data).toEqual({
      couponCode: 'TEN',
      percentOff: 10,
      discountAmount: 9,
      subtotal: 89.97,
      total: 80.97,
    });
    // 9.99 × 12.5% = 1.24875 → 1.25
    expect(jsonOf(await apply('QUARTER', 'KM', 1)).data).toMatchObject({ discountAmount: 1.25, total: 8.74 });
  });

  it('unknown or inactive → E_COUPON_INVALID; expired or used up → E_COUPON_EXPIRED', async () => {
    for (const [code, message] of [
      ['NOSUCH', 'This coupon code is not valid.'],
      ['OFF', 'This coupon code is no longer active.'],
    ]) {
      const res = await apply(code!);
      expect(res.statusCode).toBe(400);
      expect(jsonOf(res)).toEqual({ respones_msg: message, code: 'E_COUPON_INVALID' });
    }
    for (const code of ['OLD', 'USEDUP']) {
      const res = await apply(code);
      expect(res.statusCode).toBe(400);
      expect(jsonOf(res).code).toBe('E_COUPON_EXPIRED');
    }
  });
});

describe('sandbox confirm and the event handler', () => {
  let token: string;
  let email: string;
  let customerId: string;
  beforeAll(async () => {
    ({ token, email, id: customerId } = await newCustomer(rt));
  });

  it('4242 succeeds: payment Success, 3 seats for 3 years, card saved as default, audit and confirmation email', async () => {
    const data = await checkout(rt, token, { priceId: 'PDOT', qty: 3 });
    const res = await confirm(rt, data.clientSecret, card('4242 4242 4242 4242'));
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res).data).toMatchObject({ status: 'succeeded', paymentId: data.paymentId });
    const row = await paymentById(data.paymentId);
    expect(row.status).toBe('Success');
    expect(row.paymentMethod).toEqual({ type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } });
    expect(daysFromNow(row.expiryAt)).toBeGreaterThan(3 * 365 - 2);
    const grants = await grantsOf(data.paymentId);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ seats: 3, family: 'PD', subscriptionId: null });
    const methods = jsonOf<PaymentMethodListResponse>(await call(rt, paymentsApi.paymentMethods, { token }));
    expect(methods.data).toHaveLength(1);
    expect(methods.data[0]!.card).toEqual({
      brand: 'visa',
      country: 'US',
      exp_month: 12,
      exp_year: card('').expYear,
      last4: '4242',
    });
    expect(methods.defaultSource).toBe(methods.data[0]!.id);
    expect(await auditSubTypes(customerId)).toContainEqual({ sub_type: 'Onetime Purchased', has_error: false });
    const mail = await rt.smtp.waitFor(email, (m) => m.subject.includes('order confirmation'));
    expect(mail.text).toContain('3 licences');
    // Confirming again is harmless: still one grant.
    expect((await confirm(rt, data.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
    expect(await grantsOf(data.paymentId)).toHaveLength(1);
  });

  /**
   * Checkout of `priceId`, paid with a card the sandbox declines: the 402 answer is exactly Stripe's message, code and
   * decline code, and the payment history's newest row of the price is Failed with them. Answers the checkout.
   */
  async function declinedCheckout(
    priceId: string,
    qty: number,
    cardNumber: string,
    expected: { message: string; code: string; declineCode: string },
  ) {
    const data = await checkout(rt, token, { priceId, qty });
    const res = await confirm(rt, data.clientSecret, card(cardNumber));
    expect(res.statusCode).toBe(402);
    expect(jsonOf(res)).toEqual({
      respones_msg: expected.message,
      code: expected.code,
      decline_code: expected.declineCode,
    });
    const history = await historyOf(token, { priceId });
    expect(history.data[0]).toMatchObject({
      status: 'Failed',
      message: expected.message,
      errorCode: expected.declineCode,
    });
    return { data, history };
  }

  it('a declined card answers 402 with Stripe’s message; history shows the Failed row; the customer is emailed', async () => {
    const { data, history } = await declinedCheckout('SLOT', 1, '4000000000000002', {
      message: 'Your card was declined.',
      code: 'E_CARD_DECLINED',
      declineCode: 'card_declined',
    });
    const row = await paymentById(data.paymentId);
    expect(row).toMatchObject({ status: 'Failed', message: 'Your card was declined.', errorCode: 'card_declined' });
    expect(await grantsOf(data.paymentId)).toHaveLength(0);
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ priceId: { identifier: 'SLOT' } });
    const mail = await rt.smtp.waitFor(email, (m) => m.subject.includes('payment failed'));
    expect(mail.text).toContain('Your card was declined.');
    expect(await auditSubTypes(customerId)).toContainEqual({ sub_type: 'Onetime Purchased Failed', has_error: true });

    // Retrying the same intent with another card succeeds (a success after a failure is applied).
    const retry = await confirm(rt, data.clientSecret, card('5555555555554444'));
    expect(retry.statusCode).toBe(200);
    expect(await paymentById(data.paymentId)).toMatchObject({ status: 'Success', message: null, errorCode: null });
    expect(await grantsOf(data.paymentId)).toHaveLength(1);
  });

  it('insufficient funds → 402 E_INSUFFICIENT_FUNDS and a Failed row with its message', async () => {
    await declinedCheckout('PCOT', 2, '4000000000009995', {
      message: 'Your card has insufficient funds.',
      code: 'E_INSUFFICIENT_FUNDS',
      declineCode: 'insufficient_funds',
    });
    await rt.smtp.waitFor(email, (m) => m.subject.includes('payment failed') && m.text.includes('insufficient funds'));
  });

  it.each([
    ['4000000000000069', 'Your card has expired.', 'expired_card'],
    ['4000000000000127', "Your card's security code is incorrect.", 'incorrect_cvc'],
    [
      '4000056655665556',
      'Your card was declined. Your request was in test mode, but used a non test card.',
      'test_mode_live_card',
    ],
  ])('%s declines with %s', async (number, message, declineCode) => {
    const data = await checkout(rt, token, { priceId: 'UBOT', qty: 1 });
    const res = await confirm(rt, data.clientSecret, card(number));
    expect(res.statusCode).toBe(402);
    expect(jsonOf(res)).toMatchObject({ respones_msg: message, decline_code: declineCode, code: 'E_CARD_DECLINED' });
  });

  it('card errors caught before a charge: wrong number, past expiry, unknown client secret', async () => {
    const data = await checkout(rt, token, { priceId: 'KMOT', qty: 1 });
    const luhn = await confirm(rt, data.clientSecret, card('4242424242424241'));
    expect(luhn.statusCode).toBe(400);
    expect(jsonOf(luhn).code).toBe('E_CARD_INVALID');
    const past = await confirm(rt, data.clientSecret, card('4242424242424242', { expYear: 2020 }));
    expect(past.statusCode).toBe(400);
    expect(jsonOf(past).code).toBe('E_CARD_INVALID');
    const unknown = await confirm(rt, `${data.clientSecret}x`, card('4242424242424242'));
    expect(unknown.statusCode).toBe(404);
    expect((await paymentById(data.paymentId)).status).toBe('Pending');
  });

  it('the same event delivered twice grants once', async () => {
    const data = await checkout(rt, token, { priceId: 'POBOT', qty: 2 });
    expect((await confirm(rt, data.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
    const intentId = data.clientSecret.split('_secret_')[0]!;
    const built = (await buildSandboxEvent(rt.ctx.db, intentId))!;
    const provider = createPaymentProvider(rt.ctx);
    const event = provider.verifyEvent(built.payload, signSandboxPayload(rt.ctx, built.payload));
    await handleProviderEvent(rt.ctx, provider, event);
    await handleProviderEvent(rt.ctx, provider, event);
    expect(await grantsOf(data.paymentId)).toHaveLength(1);
    const seen = await rt.ctx.db.select().from(providerEvents).where(eq(providerEvents.eventId, built.id));
    expect(seen).toHaveLength(1);
    // The event id is what makes the replay a no-op: even with the payment reset, the same event changes nothing.
    await rt.ctx.db.delete(licenceGrants).where(eq(licenceGrants.paymentId, data.paymentId));
    await rt.ctx.db.update(payments).set({ status: 'Pending' }).where(eq(payments.id, data.paymentId));
    await handleProviderEvent(rt.ctx, provider, event);
    expect(await grantsOf(data.paymentId)).toHaveLength(0);
    expect((await paymentById(data.paymentId)).status).toBe('Pending');
    // A new event id for that success applies it once more: one grant per payment, however often it comes.
    const copy = JSON.parse(built.payload) as { id: string };
    copy.id = `${copy.id}_copy`;
    const payload = JSON.stringify(copy);
    const copied = provider.verifyEvent(payload, signSandboxPayload(rt.ctx, payload));
    await handleProviderEvent(rt.ctx, provider, copied);
    await handleProviderEvent(rt.ctx, provider, copied);
    expect(await grantsOf(data.paymentId)).toHaveLength(1);
    expect((await paymentById(data.paymentId)).status).toBe('Success');
  });

  it('a failure event arriving after the success does not undo it', async () => {
    const data = await checkout(rt, token, { priceId: 'PDOWOT', qty: 1 });
    expect((await confirm(rt, data.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
    const intentId = data.clientSecret.split('_secret_')[0]!;
    const late = JSON.stringify({
      id: `evt_late_${intentId}`,
      object: 'event',
      created: Math.floor(Date.now() / 1000) - 60,
      type: 'payment_intent.payment_failed',
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          metadata: { paymentId: data.paymentId, customerId },
          last_payment_error: {
            code: 'card_declined',
            decline_code: 'card_declined',
            message: 'Your card was declined.',
          },
        },
      },
    });
    const provider = createPaymentProvider(rt.ctx);
    await handleProviderEvent(rt.ctx, provider, provider.verifyEvent(late, signSandboxPayload(rt.ctx, late)));
    expect(await paymentById(data.paymentId)).toMatchObject({ status: 'Success', message: null });
    expect(await grantsOf(data.paymentId)).toHaveLength(1);
  });

  it('refuses events with a wrong signature', async () => {
    const provider = createPaymentProvider(rt.ctx);
    const payload = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    expect(() => provider.verifyEvent(payload, 't=1,v1=deadbeef')).toThrow(
      expect.objectContaining({ code: 'E_WEBHOOK_SIGNATURE' }),
    );
    expect(() => provider.verifyEvent(payload, undefined)).toThrow(
      expect.objectContaining({ code: 'E_WEBHOOK_SIGNATURE' }),
    );
  });

  it('history pages on the server, newest first, scoped to the customer', async () => {
    const all = await historyOf(token, { limit: 5, page: 1 });
    expect(all.data).toHaveLength(5);
    expect(all.pagination).toMatchObject({ page: 1, limit: 5 });
    expect(all.pagination.total).toBeGreaterThanOrEqual(8);
    const created = all.data.map((r) => r.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const page2 = await historyOf(token, { limit: 5, page: 2 });
    expect(page2.data.map((r) => r._id)).not.toContain(all.data[0]!._id);
    const bad = await call(rt, paymentsApi.history, { query: { limit: 7 }, token });
    expect(bad.statusCode).toBe(400);
  });

  it('never logs card numbers, CVCs or client secrets', async () => {
    const data = await checkout(rt, token, { priceId: 'PCOT', qty: 1 });
    await confirm(rt, data.clientSecret, card('4000000000000002', { cvc: '987' }));
    const log = rt.logLines.join('');
    expect(log).not.toContain('4000000000000002');
    expect(log).not.toContain('4242424242424242');
    expect(log).not.toContain(data.clientSecret);
    expect(log).not.toContain('"cvc"');
  });
});

describe('subscriptions', () => {
  let token: string;
  let email: string;
  let customerId: string;
  beforeAll(async () => {
    ({ token, email, id: customerId } = await newCustomer(rt));
    await addCoupon('SUB20', '20.00');
  });

  it('subscribe, refuse a second subscribe, add seats, renew', async () => {
    const created = await checkout(rt, token, { priceId: 'PD', qty: 2, couponCode: 'SUB20' });
    expect(created.amount).toBe(47.98); // 2 × 29.99 = 59.98 − 12.00
    expect((await confirm(rt, created.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
    const [sub] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
    expect(sub).toMatchObject({ quantity: 2, status: 'active', provider: 'sandbox', couponCode: 'SUB20' });
    expect(daysFromNow(sub!.currentPeriodEnd)).toBeGreaterThan(360);
    const [grant] = await grantsOf(created.paymentId);
    expect(grant).toMatchObject({ seats: 2, subscriptionId: sub!.id });
    expect(grant!.expiresAt.getTime()).toBe(sub!.currentPeriodEnd!.getTime());
    const [cust] = await rt.ctx.db.select().from(customers).where(eq(customers.id, customerId));
    expect(cust!.subscriptionExpireAt?.getTime()).toBe(sub!.currentPeriodEnd!.getTime());
    expect(cust!.stripePlanId).toBe('PD');
    expect(await auditSubTypes(customerId)).toContainEqual({ sub_type: 'Subscription Created', has_error: false });

    const again = await checkoutCall(rt, token, { priceId: 'PD', qty: 1 });
    expect(again.statusCode).toBe(409);
    expect(jsonOf(again)).toMatchObject({ code: 'E_CONFLICT', isSubscriptionUpdate: 1 });

    // Update: 3 more seats at 29.99 with the subscription's 20% coupon = 71.98; the saved card is on the intent.
    const update = await checkout(rt, token, { priceId: 'PD', qty: 3 }, paymentsApi.updateSubscription);
    expect(update.amount).toBe(71.98);
    expect(update.status).toBe('requires_confirmation');
    expect((await confirm(rt, update.clientSecret)).statusCode).toBe(200);
    const [afterUpdate] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(afterUpdate!.quantity).toBe(5);
    const [updateGrant] = await grantsOf(update.paymentId);
    expect(updateGrant).toMatchObject({ seats: 3, subscriptionId: sub!.id });
    expect(updateGrant!.expiresAt.getTime()).toBe(sub!.currentPeriodEnd!.getTime());
    expect(await paymentById(update.paymentId)).toMatchObject({
      subscriptionReason: 'subscription_update',
      status: 'Success',
    });

    const list = jsonOf<{ data: { quantity: number; priceId: string; status: string }[] }>(
      await call(rt, paymentsApi.subscriptions, { query: { priceId: 'PD' }, token }),
    );
    expect(list.data).toEqual([expect.objectContaining({ quantity: 5, priceId: 'PD', status: 'active' })]);

    // Renewal: a new Success payment row and every seat of the subscription moves to the new period end.
    await renewSandboxSubscription(rt.ctx, sub!.id);
    const [renewed] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(daysFromNow(renewed!.currentPeriodEnd)).toBeGreaterThan(2 * 365 - 2);
    const cycle = await rt.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.customerId, customerId), eq(payments.subscriptionReason, 'subscription_cycle')));
    expect(cycle).toHaveLength(1);
    expect(cycle[0]).toMatchObject({ status: 'Success', qty: 5, totalAmount: '119.96' }); // 5 × 29.99 − 20%
    const grants = await rt.ctx.db.select().from(licenceGrants).where(eq(licenceGrants.subscriptionId, sub!.id));
    expect(grants).toHaveLength(2);
    for (const g of grants) expect(g.expiresAt.getTime()).toBe(renewed!.currentPeriodEnd!.getTime());
  });

  it('a failed renewal leaves a Failed row and the subscription past due; deletion cancels it, seats keep their expiry', async () => {
    const [sub] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
    const before = await rt.ctx.db.select().from(licenceGrants).where(eq(licenceGrants.subscriptionId, sub!.id));
    await renewSandboxSubscription(rt.ctx, sub!.id, { fail: true });
    const [pastDue] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(pastDue!.status).toBe('past_due');
    const failed = await rt.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.customerId, customerId), eq(payments.status, 'Failed')));
    expect(failed).toEqual([
      expect.objectContaining({ subscriptionReason: 'subscription_cycle', message: 'Your card was declined.' }),
    ]);
    await rt.smtp.waitFor(email, (m) => m.subject.includes('payment failed'));

    const deleted = JSON.stringify({
      id: `evt_del_${sub!.id}`,
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'customer.subscription.deleted',
      data: { object: { id: sub!.providerSubscriptionId, object: 'subscription', status: 'canceled' } },
    });
    const provider = createPaymentProvider(rt.ctx);
    await handleProviderEvent(rt.ctx, provider, provider.verifyEvent(deleted, signSandboxPayload(rt.ctx, deleted)));
    const [canceled] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(canceled!.status).toBe('canceled');
    const after = await rt.ctx.db.select().from(licenceGrants).where(eq(licenceGrants.subscriptionId, sub!.id));
    expect(after.map((g) => g.expiresAt.getTime())).toEqual(before.map((g) => g.expiresAt.getTime()));
  });

  it('subscription update without a subscription → 400 E_NO_SUBSCRIPTION', async () => {
    const res = await checkoutCall(rt, token, { priceId: 'KM', qty: 1 }, undefined, paymentsApi.updateSubscription);
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res).code).toBe('E_NO_SUBSCRIPTION');
  });
});
