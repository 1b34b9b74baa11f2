import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { licencesApi, policyApi, type CheckoutResponse } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { paymentRefunds, payments, subscriptions } from '../../../db/schema.ts';
import { call } from '../../../../test/support/call.ts';
import { postStripeWebhook, type FakeStripe } from '../../../../test/support/fake-stripe.ts';
import { enrolDevice, newCustomer, type TestCustomer, type TestStaff } from '../../../../test/support/factory.ts';
import { jsonOf } from '../../../../test/support/helpers.ts';
import { checkoutCall } from '../../../../test/support/payments.ts';
import type { TestRuntime } from '../../../../test/support/runtime.ts';
import { resumePendingRefunds } from '../../payments/refunds.ts';
import { startWithStripe } from '../../../../test/support/suites.ts';

/** Refunds with PAYMENT_PROVIDER=stripe against the local Stripe stand-in, outcomes as signed webhooks. */

let fake: FakeStripe;
let rt: TestRuntime;
let admin: TestStaff;
beforeAll(async () => ({ rt, fake, staff: admin } = await startWithStripe()));
afterAll(async () => rt?.close());
beforeEach(() => fake.reset());

async function webhook(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  expect((await postStripeWebhook(rt, payload)).statusCode).toBe(200);
}

const paymentRow = async (id: string) => (await rt.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const seats = async (c: TestCustomer, family: string) =>
  (await call(rt, licencesApi.summary, { token: c.token })).data().data.find((l) => l.family === family)!;
const refund = (body: Record<string, unknown>) => call(rt, staffApi.paymentRefund, { token: admin.token, body });

/** A new customer's purchase through the API, not paid yet: the customer and the checkout's answer. */
async function purchase(plan: string, qty: number) {
  const c = await newCustomer(rt);
  const res = await checkoutCall(rt, c.token, { priceId: plan, qty });
  return { c, data: jsonOf<CheckoutResponse>(res).data };
}

/** A one-time purchase through the API, paid (its `payment_intent.succeeded` webhook). */
async function paidOneTime(plan: string, qty: number) {
  const { c, data } = await purchase(plan, qty);
  const payment = await paymentRow(data.paymentId);
  await webhook('payment_intent.succeeded', {
    id: payment.providerRef,
    object: 'payment_intent',
    status: 'succeeded',
    metadata: { paymentId: payment.id, customerId: c.id },
  });
  return { c, payment: await paymentRow(payment.id) };
}

/** A subscription bought through the API, its first invoice paid (`invoice.paid` webhook of the stand-in's invoice). */
async function paidSubscription(plan: string, qty: number) {
  const { c, data } = await purchase(plan, qty);
  const pending = await paymentRow(data.paymentId);
  const invoice = fake.invoices.get(pending.providerRef!)!;
  await webhook('invoice.paid', { ...invoice, status: 'paid', amount_paid: invoice.amount_due });
  const payment = await paymentRow(data.paymentId);
  expect(payment.status).toBe('Success');
  return { c, payment };
}

describe('refunds at Stripe (stand-in)', () => {
  it('one-time: refunds.create on the PaymentIntent with an idempotency key; the echoed charge.refunded takes nothing more', async () => {
    const { c, payment } = await paidOneTime('PDOT', 2);
    const res = await refund({ id: payment.id, refundQty: 1 });
    expect(res.statusCode).toBe(200);
    const data = res.data().data;
    const calls = fake.calls('POST', '/v1/refunds');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBe(`refund:${data.refundId}`);
    expect(calls[0]!.body).toMatchObject({
      payment_intent: payment.providerRef,
      amount: String(Math.round(data.refundAmount * 100)),
      metadata: { paymentId: payment.id, customerId: c.id, refundId: data.refundId },
    });
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 1 });
    const [row] = await rt.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, data.refundId));
    expect(row!.providerRefundId).toMatch(/^re_/);

    // Stripe then sends charge.refunded for our own refund: already known, nothing more is revoked.
    const refunded = Math.round(data.refundAmount * 100);
    await webhook('charge.refunded', {
      id: `ch_${payment.providerRef!.slice(3)}`,
      object: 'charge',
      amount: Math.round(Number(payment.totalAmount) * 100),
      amount_refunded: refunded,
      payment_intent: payment.providerRef,
    });
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 1 });

    // A refund of the rest made in Stripe's dashboard: the last seat goes.
    await webhook('charge.refunded', {
      id: `ch_${payment.providerRef!.slice(3)}`,
      object: 'charge',
      amount: Math.round(Number(payment.totalAmount) * 100),
      amount_refunded: Math.round(Number(payment.totalAmount) * 100),
      payment_intent: payment.providerRef,
    });
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 0 });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'Refunded', refundBy: 'Stripe' });
  });

  it('subscription: the invoice PaymentIntent is refunded and the quantity lowered without proration', async () => {
    const { c, payment } = await paidSubscription('PD', 3);
    const subId = payment.providerSubscriptionId!;
    const figure = (
      await call(rt, staffApi.paymentDetail, { token: admin.token, query: { id: payment.id, refundQty: 2 } })
    ).data().data.proratedRefundAmount;
    const res = await refund({ id: payment.id, refundQty: 2, refundAmount: figure });
    expect(res.statusCode).toBe(200);
    const data = res.data().data;
    expect(data).toMatchObject({ status: 'Partially refunded', refundAmount: figure });

    const [refundCall] = fake.calls('POST', '/v1/refunds');
    expect(refundCall!.body.payment_intent).toBe(fake.paymentIntentOfInvoice(payment.providerRef!));
    const [update] = fake.calls('POST', `/v1/subscriptions/${subId}`);
    expect(update!.idempotencyKey).toBe(`refund:${data.refundId}:quantity`);
    expect(update!.body).toMatchObject({ proration_behavior: 'none', items: [{ quantity: '1' }] });
    const item = (fake.subscriptions.get(subId)!.items as { data: { quantity: number }[] }).data[0]!;
    expect(item.quantity).toBe(1);
    // No proration: no invoice was made by the change.
    expect(fake.subscriptions.get(subId)!.latest_invoice).toBe(payment.providerRef);

    const [sub] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, c.id));
    expect(sub).toMatchObject({ quantity: 1, status: 'active' });
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 1 });

    // The last seat: the subscription is cancelled at Stripe (no proration) and here.
    const last = await refund({ id: payment.id, refundQty: 1 });
    expect(last.data().data.status).toBe('Refunded');
    expect(fake.calls('DELETE', `/v1/subscriptions/${subId}`)).toHaveLength(1);
    expect(fake.subscriptions.get(subId)!.status).toBe('canceled');
    const [after] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, c.id));
    expect(after).toMatchObject({ quantity: 0, status: 'canceled' });
  });

  it('a dashboard refund of a subscription charge finds the payment through its invoice and revokes by proportion', async () => {
    const { c, payment } = await paidSubscription('PC', 4);
    const pi = fake.paymentIntentOfInvoice(payment.providerRef!)!;
    const paid = Math.round(Number(payment.totalAmount) * 100);
    await webhook('charge.refunded', {
      id: `ch_${pi.slice(3)}`,
      object: 'charge',
      amount: paid,
      amount_refunded: Math.floor(paid / 4),
      payment_intent: pi,
    });
    expect(fake.calls('GET', '/v1/invoice_payments')).toHaveLength(1);
    expect(await seats(c, 'PC')).toMatchObject({ purchased: 3 });
  });

  it('a dispute webhook revokes the seats of the disputed payment and logs its devices out', async () => {
    const { c, payment } = await paidOneTime('PDOT', 2);
    const device = await enrolDevice(rt, c);
    await webhook('charge.dispute.created', {
      id: 'dp_test_1',
      object: 'dispute',
      amount: Math.round(Number(payment.totalAmount) * 100),
      charge: `ch_${payment.providerRef!.slice(3)}`,
      payment_intent: payment.providerRef,
      status: 'needs_response',
    });
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 0, used: 0 });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'Refunded', refundBy: 'Stripe dispute' });
    expect((await call(rt, policyApi.policy, { token: device.auth })).error().code).toBe('E_DEVICE_LOGGED_OUT');
  });

  it('a double submit calls Stripe once: the second request waits for the first and answers it', async () => {
    const { c, payment } = await paidOneTime('PDOT', 3);
    const body = { id: payment.id, refundQty: 1 };
    const [a, b] = await Promise.all([refund(body), refund(body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.data().data.refundId).toBe(b.data().data.refundId);
    expect(fake.calls('POST', '/v1/refunds')).toHaveLength(1);
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 2 });
  });

  it('a Stripe failure changes nothing (502) and the same request succeeds later with the same keys', async () => {
    const { c, payment } = await paidOneTime('PDOT', 2);
    fake.failNext('POST', /^\/v1\/refunds$/, 400, { type: 'invalid_request_error', message: 'boom' });
    const failed = await refund({ id: payment.id, refundQty: 1 });
    expect(failed.statusCode).toBe(502);
    expect(failed.error().code).toBe('E_PROVIDER');
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 2 });
    const [row] = await rt.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(row).toMatchObject({ status: 'failed' });

    const ok = await refund({ id: payment.id, refundQty: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.data().data.refundId).toBe(row!.id);
    const keys = fake.calls('POST', '/v1/refunds').map((r) => r.idempotencyKey);
    expect(keys).toEqual([`refund:${row!.id}`, `refund:${row!.id}`]);
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 1 });
  });

  it('a refund left pending by a crash is completed by the sweep with the same idempotency key (refunded once)', async () => {
    const { c, payment } = await paidOneTime('PDOT', 2);
    const [pending] = await rt.ctx.db
      .insert(paymentRefunds)
      .values({
        paymentId: payment.id,
        customerId: c.id,
        idempotencyKey: 'crashed',
        requestHash: 'crashed',
        source: 'staff',
        status: 'pending',
        qty: 1,
        amount: '10.00',
        provider: 'stripe',
        refundBy: admin.email,
        // Younger than the worker's sweep threshold (5 min), so only this test's call picks it up.
        createdAt: new Date(Date.now() - 10_000),
      })
      .returning();
    // Stripe is asked with the row's key: had it refunded before the crash, it answers that same refund again.
    fake.reset();
    expect(await resumePendingRefunds(rt.ctx, 5_000)).toBe(1);
    expect(await resumePendingRefunds(rt.ctx, 5_000)).toBe(0);
    const calls = fake.calls('POST', '/v1/refunds');
    expect(calls.map((r) => r.idempotencyKey)).toEqual([`refund:${pending!.id}`]);
    const [done] = await rt.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, pending!.id));
    expect(done).toMatchObject({ status: 'succeeded' });
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 1 });
  });
});

describe('seat edits of a Stripe subscription (payments/subscription/update)', () => {
  const edit = (id: string, updatedQty: number) =>
    call(rt, staffApi.subscriptionUpdate, { token: admin.token, body: { id, updatedQty } });
  const itemQuantity = (subId: string) =>
    (fake.subscriptions.get(subId)!.items as { data: { quantity: number }[] }).data[0]!.quantity;
  const ourSubscription = async (c: TestCustomer) =>
    (await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, c.id)))[0]!;

  it('moves the subscription quantity at Stripe (no proration, a key per edit) and here, with the seats', async () => {
    const { c, payment } = await paidSubscription('PD', 3);
    const subId = payment.providerSubscriptionId!;

    const up = await edit(payment.id, 5);
    expect(up.statusCode).toBe(200);
    expect(up.data().data.qty).toBe(5);
    const [first] = fake.calls('POST', `/v1/subscriptions/${subId}`);
    expect(first!.body).toMatchObject({ proration_behavior: 'none', items: [{ quantity: '5' }] });
    expect(first!.idempotencyKey).toMatch(new RegExp(`^seats:${payment.id}:\\d+:5$`));
    expect(itemQuantity(subId)).toBe(5);
    // No proration: the change made no invoice.
    expect(fake.subscriptions.get(subId)!.latest_invoice).toBe(payment.providerRef);
    expect(await ourSubscription(c)).toMatchObject({ quantity: 5, status: 'active' });
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 5 });

    // Back to 3: a new edit, a new key (the same key would replay Stripe's first answer).
    expect((await edit(payment.id, 3)).statusCode).toBe(200);
    const calls = fake.calls('POST', `/v1/subscriptions/${subId}`);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.idempotencyKey).not.toBe(calls[0]!.idempotencyKey);
    expect(calls[1]!.body).toMatchObject({ proration_behavior: 'none', items: [{ quantity: '3' }] });
    expect(itemQuantity(subId)).toBe(3);
    expect(await ourSubscription(c)).toMatchObject({ quantity: 3 });
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 3 });
  });

  it('changes nothing here when Stripe refuses, and the same edit then goes through', async () => {
    const { c, payment } = await paidSubscription('PD', 2);
    const subId = payment.providerSubscriptionId!;
    fake.failNext('POST', new RegExp(`^/v1/subscriptions/${subId}$`), 400, {
      type: 'invalid_request_error',
      message: 'boom',
    });
    const refused = await edit(payment.id, 4);
    expect(refused.statusCode).toBe(502);
    expect(await paymentRow(payment.id)).toMatchObject({ qty: 2 });
    expect(await ourSubscription(c)).toMatchObject({ quantity: 2 });
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 2 });
    expect(itemQuantity(subId)).toBe(2);

    expect((await edit(payment.id, 4)).statusCode).toBe(200);
    expect(itemQuantity(subId)).toBe(4);
    expect(await ourSubscription(c)).toMatchObject({ quantity: 4 });
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 4 });
  });

  it("a double-submitted edit leaves Stripe at the committed quantity, not the losing twin's snapshot (issue 24)", async () => {
    const { c, payment } = await paidSubscription('PD', 3);
    const subId = payment.providerSubscriptionId!;
    // Both submissions plan before either commits: Stripe answers neither until both have asked.
    let arrived = 0;
    let release!: () => void;
    const bothAsked = new Promise<void>((resolve) => (release = resolve));
    fake.onRequest(async (r) => {
      if (r.method !== 'POST' || r.path !== `/v1/subscriptions/${subId}`) return;
      if (++arrived === 2) release();
      if (arrived <= 2) await bothAsked;
    });
    const [a, b] = await Promise.all([edit(payment.id, 5), edit(payment.id, 5)]);
    fake.onRequest(null);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.statusCode === 400)!.error().code).toBe('E_NO_CHANGE');
    // Same edit, same key: Stripe applied it once.
    const calls = fake.calls('POST', `/v1/subscriptions/${subId}`);
    expect(calls[0]!.idempotencyKey).toBe(calls[1]!.idempotencyKey);
    // The loser reconciled Stripe from the committed row (5), with a key naming that state.
    expect(calls.slice(2).map((r) => r.body)).toEqual([
      expect.objectContaining({ items: [expect.objectContaining({ quantity: '5' })] }),
    ]);
    expect(calls[2]!.idempotencyKey).toMatch(/^seats-reconcile:[0-9a-f-]{36}:5:\d+$/);
    expect(itemQuantity(subId)).toBe(5);
    expect(await ourSubscription(c)).toMatchObject({ quantity: 5 });
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 5 });
  });

  it('a one-time payment has no subscription: no Stripe call', async () => {
    const { c, payment } = await paidOneTime('PDOT', 2);
    expect((await edit(payment.id, 3)).statusCode).toBe(200);
    expect(fake.calls('POST', /^\/v1\/subscriptions/)).toHaveLength(0);
    expect(await seats(c, 'PD')).toMatchObject({ purchased: 3 });
  });
});
