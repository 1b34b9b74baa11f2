import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutResponse, PaymentMethodListResponse } from '@fleetdeck/contract';
import {
  coupons,
  customers,
  licenceGrants,
  paymentMethods,
  payments,
  plans,
  subscriptions,
} from '../../../db/schema.ts';
import type { TestRuntime } from '../../../../test/support/runtime.ts';
import { newCustomer } from '../../../../test/support/factory.ts';
import { call } from '../../../../test/support/call.ts';
import { paymentsApi } from '@fleetdeck/contract';
import { jsonOf } from '../../../../test/support/helpers.ts';
import { subscribe } from '../../../../test/support/ledger.ts';
import { checkoutCall, postWithKey } from '../../../../test/support/payments.ts';
import { postStripeWebhook, type FakeStripe } from '../../../../test/support/fake-stripe.ts';
import { AppError } from '../../../lib/errors.ts';
import { attachMethod, createSubscriptionIntent, ensureProviderCustomer, makeDefaultMethod } from '../service.ts';
import { createPaymentProvider } from './index.ts';
import type { PaymentProvider, ProviderCustomer } from './types.ts';
import { startWithStripe } from '../../../../test/support/suites.ts';

let fake: FakeStripe;
let rt: TestRuntime;
let provider: PaymentProvider;

beforeAll(async () => {
  ({ rt, fake } = await startWithStripe());
  provider = createPaymentProvider(rt.ctx);
});
afterAll(async () => rt?.close());
beforeEach(() => fake.reset());

async function stripeCustomer(): Promise<ProviderCustomer & { token: string }> {
  const { id, email, token } = await newCustomer(rt, { name: 'Ada Lovelace' });
  return { id, email, name: 'Ada Lovelace', providerCustomerId: null, token };
}
const stripeIdOf = async (customerId: string) =>
  (await rt.ctx.db.select().from(customers).where(eq(customers.id, customerId)))[0]!.stripeCustomerId;
const planRow = async (identifier: string) =>
  (await rt.ctx.db.select().from(plans).where(eq(plans.identifier, identifier)))[0]!;

describe('the stripe provider', () => {
  it('is the provider of an installation with PAYMENT_PROVIDER=stripe, pinned to the SDK API version', async () => {
    expect(provider.name).toBe('stripe');
    const c = await stripeCustomer();
    await ensureProviderCustomer(rt.ctx.db, provider, c);
    const [req] = fake.calls('POST', '/v1/customers');
    expect(req!.stripeVersion).toBe(Stripe.API_VERSION);
    expect(req!.authorization).toBe('Bearer sk_test_x');
  });

  it('ensureCustomer creates the Stripe customer once and stores its id', async () => {
    const c = await stripeCustomer();
    const id = await ensureProviderCustomer(rt.ctx.db, provider, c);
    expect(id).toMatch(/^cus_/);
    expect(await stripeIdOf(c.id)).toBe(id);
    const [req] = fake.calls('POST', '/v1/customers');
    expect(req!.body).toEqual({ email: c.email, name: 'Ada Lovelace', metadata: { customerId: c.id } });
    expect(req!.idempotencyKey).toBe(`customer:${c.id}`);
    // Known id: no second customer.
    expect(await ensureProviderCustomer(rt.ctx.db, provider, { ...c, providerCustomerId: id })).toBe(id);
    expect(fake.calls('POST', '/v1/customers')).toHaveLength(1);
  });

  it('ensureCustomer replaces an id the sandbox provider made up (installation switched to Stripe)', async () => {
    const c = await stripeCustomer();
    const sandboxId = `cus_${c.id.replaceAll('-', '').slice(0, 24)}`;
    await rt.ctx.db.update(customers).set({ stripeCustomerId: sandboxId }).where(eq(customers.id, c.id));
    const id = await ensureProviderCustomer(rt.ctx.db, provider, { ...c, providerCustomerId: sandboxId });
    expect(id).not.toBe(sandboxId);
    expect(fake.customers.has(id)).toBe(true);
    expect(await stripeIdOf(c.id)).toBe(id);
  });

  it('createOneTimePayment creates a PaymentIntent with our metadata and the idempotency key', async () => {
    const c = await stripeCustomer();
    const cus = await ensureProviderCustomer(rt.ctx.db, provider, c);
    const paymentId = crypto.randomUUID();
    const intent = await provider.createOneTimePayment({
      tx: rt.ctx.db,
      customer: { ...c, providerCustomerId: cus },
      paymentId,
      planIdentifier: 'PDOT',
      qty: 3,
      amountCents: 8997,
      currency: 'eur',
      description: 'PD one-time × 3',
      idempotencyKey: `payment:${paymentId}:k1`,
    });
    const [req] = fake.calls('POST', '/v1/payment_intents');
    expect(req!.idempotencyKey).toBe(`payment:${paymentId}:k1`);
    expect(req!.body).toMatchObject({
      amount: '8997',
      currency: 'eur',
      customer: cus,
      setup_future_usage: 'off_session',
      automatic_payment_methods: { enabled: 'true' },
      metadata: { paymentId, customerId: c.id, planIdentifier: 'PDOT', qty: '3' },
    });
    expect(intent.providerRef).toMatch(/^pi_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.providerRef}_secret_`));
    expect(intent.status).toBe('requires_payment_method');
  });

  it('createSubscription creates the plan price and the coupon once, then a default_incomplete subscription', async () => {
    const plan = await planRow('KM');
    expect(plan.providerPriceId).toBeNull();
    await rt.ctx.db.insert(coupons).values({ code: 'STRIPE20', percentOff: '20.00' });

    const subscribeOnce = async (coupon: boolean) => {
      const c = await stripeCustomer();
      const cus = await ensureProviderCustomer(rt.ctx.db, provider, c);
      const paymentId = crypto.randomUUID();
      const fresh = await planRow('KM');
      const [couponRow] = await rt.ctx.db.select().from(coupons).where(eq(coupons.code, 'STRIPE20'));
      const intent = await createSubscriptionIntent(rt.ctx.db, provider, {
        tx: rt.ctx.db,
        customer: { ...c, providerCustomerId: cus },
        paymentId,
        planIdentifier: 'KM',
        qty: 2,
        amountCents: 2 * 2999,
        currency: 'eur',
        description: 'KM × 2',
        idempotencyKey: `payment:${paymentId}:k`,
        plan: fresh,
        unitAmountCents: 2999,
        coupon: coupon ? { code: 'STRIPE20', percentOff: 20, providerCouponId: couponRow!.providerCouponId } : null,
      });
      return { c, cus, paymentId, intent };
    };

    const first = await subscribeOnce(true);
    const [priceReq] = fake.calls('POST', '/v1/prices');
    expect(priceReq!.body).toMatchObject({
      currency: 'eur',
      unit_amount: '2999',
      recurring: { interval: 'year', interval_count: '1' },
      product_data: { name: plan.name },
    });
    expect(priceReq!.idempotencyKey).toBe(`price:${plan.id}:eur:2999`);
    const stored = await planRow('KM');
    expect(stored.providerPriceId).toMatch(/^price_/);

    const [couponReq] = fake.calls('POST', '/v1/coupons');
    expect(couponReq!.body).toMatchObject({ percent_off: '20', duration: 'forever' });
    expect(couponReq!.idempotencyKey).toBeTruthy();
    const [couponRow] = await rt.ctx.db.select().from(coupons).where(eq(coupons.code, 'STRIPE20'));
    expect(couponRow!.providerCouponId).toMatch(/^co_/);

    const [subReq] = fake.calls('POST', '/v1/subscriptions');
    expect(subReq!.idempotencyKey).toBe(`payment:${first.paymentId}:k`);
    expect(subReq!.body).toMatchObject({
      customer: first.cus,
      items: [{ price: stored.providerPriceId, quantity: '2' }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      discounts: [{ coupon: couponRow!.providerCouponId }],
      metadata: { paymentId: first.paymentId, customerId: first.c.id },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const sub = fake.subscriptions.get(first.intent.providerSubscriptionId!)!;
    const invoice = fake.invoices.get(first.intent.providerRef)!;
    expect(first.intent.providerRef).toMatch(/^in_/);
    expect(invoice.amount_due).toBe(Math.round(2 * 2999 * 0.8));
    expect(first.intent.clientSecret).toBe((invoice.confirmation_secret as { client_secret: string }).client_secret);
    expect(first.intent.providerItemId).toBe((sub.items as { data: { id: string }[] }).data[0]!.id);
    expect(first.intent.status).toBe('requires_payment_method');

    // A second subscriber of the same plan reuses the price and the coupon.
    fake.reset();
    await subscribeOnce(true);
    expect(fake.calls('POST', '/v1/prices')).toHaveLength(0);
    expect(fake.calls('POST', '/v1/coupons')).toHaveLength(0);
    expect(fake.calls('POST', '/v1/subscriptions')).toHaveLength(1);
  });

  it('updateSubscriptionQuantity prorates now and answers the proration invoice', async () => {
    const c = await stripeCustomer();
    const cus = await ensureProviderCustomer(rt.ctx.db, provider, c);
    const plan = await planRow('UB');
    const base = {
      tx: rt.ctx.db,
      customer: { ...c, providerCustomerId: cus },
      planIdentifier: 'UB',
      currency: 'eur',
      description: 'UB',
    };
    const created = await createSubscriptionIntent(rt.ctx.db, provider, {
      ...base,
      paymentId: crypto.randomUUID(),
      qty: 2,
      amountCents: 2 * 2999,
      idempotencyKey: 'create-1',
      plan: plan,
      unitAmountCents: toCentsOf(plan.amount),
      coupon: null,
    });
    const paymentId = crypto.randomUUID();
    const updated = await provider.updateSubscriptionQuantity({
      ...base,
      paymentId,
      qty: 3,
      amountCents: 3 * 2999,
      idempotencyKey: `payment:${paymentId}:u`,
      providerSubscriptionId: created.providerSubscriptionId!,
      providerItemId: null, // looked up at Stripe
      newQuantity: 5,
    });
    expect(fake.calls('GET', `/v1/subscriptions/${created.providerSubscriptionId}`)).toHaveLength(1);
    const [req] = fake.calls('POST', `/v1/subscriptions/${created.providerSubscriptionId}`);
    expect(req!.idempotencyKey).toBe(`payment:${paymentId}:u`);
    expect(req!.body).toMatchObject({
      items: [{ id: created.providerItemId, quantity: '5' }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      metadata: { paymentId, customerId: c.id },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = fake.invoices.get(updated.providerRef)!;
    expect(invoice.billing_reason).toBe('subscription_update');
    expect(updated.providerRef).not.toBe(created.providerRef);
    expect(updated.clientSecret).toBe((invoice.confirmation_secret as { client_secret: string }).client_secret);
    expect(updated).toMatchObject({
      providerSubscriptionId: created.providerSubscriptionId,
      providerItemId: created.providerItemId,
    });
  });

  it('attachPaymentMethod attaches at Stripe and mirrors the card; the first card becomes the default', async () => {
    const c = await stripeCustomer();
    const saved = await attachMethod(rt.ctx.db, provider, c, 'pm_card_visa_1');
    const cus = await stripeIdOf(c.id);
    const [attach] = fake.calls('POST', '/v1/payment_methods/pm_card_visa_1/attach');
    expect(attach!.body).toEqual({ customer: cus });
    expect(attach!.idempotencyKey).toBeTruthy();
    expect(saved).toEqual({
      id: 'pm_card_visa_1',
      type: 'card',
      card: { brand: 'visa', country: 'DE', exp_month: 12, exp_year: 2034, last4: '4242' },
      paypal: null,
      isDefault: true,
    });
    const [update] = fake.calls('POST', `/v1/customers/${cus}`);
    expect(update!.body).toEqual({ invoice_settings: { default_payment_method: 'pm_card_visa_1' } });

    const second = await attachMethod(rt.ctx.db, provider, { ...c, providerCustomerId: cus }, 'pm_card_visa_2');
    expect(second.isDefault).toBe(false);

    fake.reset();
    await makeDefaultMethod(rt.ctx.db, provider, { ...c, providerCustomerId: cus }, 'pm_card_visa_2');
    const [setDefault] = fake.calls('POST', `/v1/customers/${cus}`);
    expect(setDefault!.body).toEqual({ invoice_settings: { default_payment_method: 'pm_card_visa_2' } });
    expect(setDefault!.idempotencyKey).toBeTruthy();
    const rows = await rt.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, c.id));
    expect(Object.fromEntries(rows.map((r) => [r.providerPmId, r.isDefault]))).toEqual({
      pm_card_visa_1: false,
      pm_card_visa_2: true,
    });
    expect(fake.customers.get(cus!)!.invoice_settings).toEqual({ default_payment_method: 'pm_card_visa_2' });

    // A card of nobody we know: 404, nothing at Stripe.
    fake.reset();
    await expect(
      makeDefaultMethod(rt.ctx.db, provider, { ...c, providerCustomerId: cus }, 'pm_someone_else'),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(fake.requests).toHaveLength(0);
  });

  it('Stripe errors become the envelope: card errors 402 with the decline code, the rest 502 E_PROVIDER', async () => {
    const c = await stripeCustomer();
    const cus = await ensureProviderCustomer(rt.ctx.db, provider, c);
    const input = {
      tx: rt.ctx.db,
      customer: { ...c, providerCustomerId: cus },
      paymentId: crypto.randomUUID(),
      planIdentifier: 'PDOT',
      qty: 1,
      amountCents: 2999,
      currency: 'eur',
      description: 'x',
      idempotencyKey: `e-${crypto.randomUUID()}`,
      paymentMethodId: 'pm_declined',
    };
    fake.failNext('POST', /^\/v1\/payment_intents$/, 402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const card = await provider.createOneTimePayment(input).catch((e: unknown) => e);
    expect(card).toBeInstanceOf(AppError);
    expect(card).toMatchObject({
      statusCode: 402,
      code: 'E_INSUFFICIENT_FUNDS',
      message: 'Your card has insufficient funds.',
      flags: { decline_code: 'insufficient_funds' },
    });

    fake.failNext('POST', /^\/v1\/payment_intents$/, 400, {
      type: 'invalid_request_error',
      message: 'Amount must be at least €0.50 eur (secret detail sk_live_should_not_leak)',
    });
    const other = await provider
      .createOneTimePayment({ ...input, idempotencyKey: `e-${crypto.randomUUID()}` })
      .catch((e: unknown) => e);
    expect(other).toMatchObject({ statusCode: 502, code: 'E_PROVIDER' });
    expect((other as Error).message).not.toContain('sk_live');

    fake.failNext('POST', /\/attach$/, 404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'payment_method',
      message: "No such PaymentMethod: 'pm_nope'",
    });
    await expect(attachMethod(rt.ctx.db, provider, input.customer, 'pm_nope')).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('verifyEvent accepts Stripe-signed payloads and refuses everything else', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' });
    expect(provider.verifyEvent(Buffer.from(payload), header).id).toBe('evt_1');
    for (const [body, sig] of [
      [payload, undefined],
      [payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' })],
      [payload.replace('evt_1', 'evt_2'), header],
    ] as const) {
      let error: unknown;
      try {
        provider.verifyEvent(body, sig);
      } catch (err) {
        error = err;
      }
      expect(error).toMatchObject({
        statusCode: 400,
        code: 'E_WEBHOOK_SIGNATURE',
        message: 'Invalid webhook signature.',
      });
    }
  });
});

describe('checkout through the API with PAYMENT_PROVIDER=stripe', () => {
  it('payments/purchase (one-time) creates a PaymentIntent with an Idempotency-Key and answers its client secret', async () => {
    const c = await stripeCustomer();
    const key = `browser-key-${crypto.randomUUID()}`;
    const res = await checkoutCall(rt, c.token, { priceId: 'PDOT', qty: 2 }, key);
    expect(res.statusCode).toBe(200);
    const { data } = jsonOf<CheckoutResponse>(res);
    const unit = toCentsOf((await planRow('PDOT')).amount);
    const [req] = fake.calls('POST', '/v1/payment_intents');
    expect(req!.idempotencyKey).toBe(`payment:${data.paymentId}:${key}`);
    expect(req!.body).toMatchObject({
      amount: String(2 * unit),
      currency: 'eur',
      customer: await stripeIdOf(c.id),
      metadata: { paymentId: data.paymentId, customerId: c.id, planIdentifier: 'PDOT', qty: '2' },
    });
    expect(data).toMatchObject({
      provider: 'stripe',
      amount: (2 * unit) / 100,
      currency: 'eur',
      status: 'requires_payment_method',
    });
    expect(data.clientSecret).toMatch(/^pi_[0-9a-f]+_secret_/);
    expect(data.client_secret).toBe(data.clientSecret);
    const [payment] = await rt.ctx.db.select().from(payments).where(eq(payments.id, data.paymentId));
    expect(payment).toMatchObject({
      provider: 'stripe',
      status: 'Pending',
      providerRef: data.clientSecret.split('_secret_')[0],
    });

    // The browser retries with the same key: the same payment and client secret (Stripe replays the key).
    const again = await postWithKey(rt, paymentsApi.purchase, { priceId: 'PDOT', qty: 2 }, c.token, key);
    expect(again.statusCode).toBe(200);
    expect(jsonOf<CheckoutResponse>(again).data).toMatchObject({
      paymentId: data.paymentId,
      clientSecret: data.clientSecret,
    });
    // Replayed by the API's Idempotency-Key layer (DECISIONS §13): Stripe is not called twice.
    expect(again.headers['idempotent-replayed']).toBe('true');
    const calls = fake.calls('POST', '/v1/payment_intents');
    expect(calls.map((r) => r.idempotencyKey)).toEqual([req!.idempotencyKey]);

    // Its webhook then grants the seats.
    const event = {
      id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: payment!.providerRef,
          object: 'payment_intent',
          status: 'succeeded',
          metadata: { paymentId: data.paymentId, customerId: c.id },
        },
      },
    };
    const payload = JSON.stringify(event);
    const hook = await postStripeWebhook(rt, payload);
    expect(hook.statusCode).toBe(200);
    const grants = await rt.ctx.db.select().from(licenceGrants).where(eq(licenceGrants.paymentId, data.paymentId));
    expect(grants.map((g) => g.seats)).toEqual([2]);
  });

  it('payments/purchase of a recurring plan creates a Stripe subscription and answers its invoice secret', async () => {
    const c = await stripeCustomer();
    const res = await checkoutCall(rt, c.token, { priceId: 'POB', qty: 3 }, 'sub-key-1');
    expect(res.statusCode).toBe(200);
    const { data } = jsonOf<CheckoutResponse>(res);
    const [req] = fake.calls('POST', '/v1/subscriptions');
    expect(req!.idempotencyKey).toBe(`payment:${data.paymentId}:sub-key-1`);
    const [payment] = await rt.ctx.db.select().from(payments).where(eq(payments.id, data.paymentId));
    const invoice = fake.invoices.get(payment!.providerRef!)!;
    expect(invoice).toBeDefined();
    expect(data.clientSecret).toBe((invoice.confirmation_secret as { client_secret: string }).client_secret);
    expect(payment!.providerSubscriptionId).toMatch(/^sub_/);
  });

  it('payments/subscription/update raises the Stripe quantity and answers the proration invoice secret', async () => {
    const c = await stripeCustomer();
    const cus = await ensureProviderCustomer(rt.ctx.db, provider, c);
    const plan = await planRow('PC');
    // A live Stripe subscription (made through the provider) mirrored as our active subscription.
    const created = await createSubscriptionIntent(rt.ctx.db, provider, {
      tx: rt.ctx.db,
      customer: { ...c, providerCustomerId: cus },
      paymentId: crypto.randomUUID(),
      planIdentifier: 'PC',
      qty: 2,
      amountCents: 2 * toCentsOf(plan.amount),
      currency: 'eur',
      description: 'PC × 2',
      idempotencyKey: `create-${crypto.randomUUID()}`,
      plan: plan,
      unitAmountCents: toCentsOf(plan.amount),
      coupon: null,
    });
    const sub = await subscribe(rt.ctx.db, c.id, 'PC', 2);
    await rt.ctx.db
      .update(subscriptions)
      .set({
        provider: 'stripe',
        providerSubscriptionId: created.providerSubscriptionId!,
        providerItemId: created.providerItemId!,
      })
      .where(eq(subscriptions.id, sub.id));
    fake.reset();

    const res = await checkoutCall(rt, c.token, { priceId: 'PC', qty: 1 }, 'upd-1', paymentsApi.updateSubscription);
    expect(res.statusCode).toBe(200);
    const { data } = jsonOf<CheckoutResponse>(res);
    const [req] = fake.calls('POST', `/v1/subscriptions/${created.providerSubscriptionId}`);
    expect(req!.idempotencyKey).toBe(`payment:${data.paymentId}:upd-1`);
    expect(req!.body).toMatchObject({ items: [{ id: created.providerItemId, quantity: '3' }] });
    const [payment] = await rt.ctx.db.select().from(payments).where(eq(payments.id, data.paymentId));
    const invoice = fake.invoices.get(payment!.providerRef!)!;
    expect(invoice.billing_reason).toBe('subscription_update');
    expect(data.clientSecret).toBe((invoice.confirmation_secret as { client_secret: string }).client_secret);
  });

  it('a Stripe outage during checkout → 502 E_PROVIDER and no payment row is left behind', async () => {
    const c = await stripeCustomer();
    fake.failNext('POST', /^\/v1\/customers$/, 400, { type: 'invalid_request_error', message: 'boom' });
    const res = await checkoutCall(rt, c.token, { priceId: 'PDOT', qty: 1 }, 'k-out');
    expect(res.statusCode).toBe(502);
    expect(jsonOf(res).code).toBe('E_PROVIDER');
    expect(await rt.ctx.db.select().from(payments).where(eq(payments.customerId, c.id))).toHaveLength(0);
  });

  it('users/payment-method/attach and default go through Stripe and the list shows the mirror', async () => {
    const c = await stripeCustomer();
    const attach = await call(rt, paymentsApi.attachPaymentMethod, { body: { pmId: 'pm_api_1' }, token: c.token });
    expect(attach.statusCode).toBe(200);
    await call(rt, paymentsApi.attachPaymentMethod, { body: { pmId: 'pm_api_2' }, token: c.token });
    const def = await call(rt, paymentsApi.setDefaultPaymentMethod, { body: { pmId: 'pm_api_2' }, token: c.token });
    expect(def.statusCode).toBe(200);
    const list = jsonOf<PaymentMethodListResponse>(await call(rt, paymentsApi.paymentMethods, { token: c.token }));
    expect(list.defaultSource).toBe('pm_api_2');
    expect(list.data.map((pm) => pm.id).sort()).toEqual(['pm_api_1', 'pm_api_2']);
    expect(fake.calls('POST', /\/attach$/)).toHaveLength(2);
  });

  it('never logs the secret key or a client secret', () => {
    const log = rt.logLines.join('\n');
    expect(log).not.toContain('sk_test_x');
    expect(log).not.toMatch(/_secret_[0-9a-f]{8,}/);
  });
});

function toCentsOf(amount: string) {
  return Math.round(Number(amount) * 100);
}
