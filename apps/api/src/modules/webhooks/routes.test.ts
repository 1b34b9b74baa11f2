import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, licenceGrants, payments, providerEvents, subscriptions } from '../../db/schema.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { paymentsApi, usersApi, webhooksApi } from '@fleetdeck/contract';
import { jsonOf } from '../../../test/support/helpers.ts';
import { customerIdOf, planOf, planPayment } from '../../../test/support/ledger.ts';
import { startFileRuntime, startWithStripe } from '../../../test/support/suites.ts';

const HOOK = webhooksApi.stripe.path;
const SECRET = 'whsec_test';

let rt: TestRuntime;

beforeAll(async () => ({ rt } = await startWithStripe()));
afterAll(async () => rt?.close());

const evtId = () => `evt_${crypto.randomBytes(12).toString('hex')}`;

function stripeEvent(type: string, object: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    id: evtId(),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
    ...extra,
  };
}

/** Delivers an event as Stripe does: the exact bytes, signed with the endpoint's secret. */
async function deliver(
  event: unknown,
  opts: { secret?: string; signature?: string | null; contentType?: string; tamper?: (s: string) => string } = {},
) {
  const payload = JSON.stringify(event);
  const header =
    opts.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET })
      : opts.signature;
  return rt.app.inject({
    method: 'POST',
    url: HOOK,
    payload: opts.tamper ? opts.tamper(payload) : payload,
    headers: {
      'content-type': opts.contentType ?? 'application/json; charset=utf-8',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
  });
}

async function pendingPayment(
  customerId: string,
  identifier: string,
  qty: number,
  providerRef: string,
  reason = 'onetime',
) {
  const plan = await planOf(rt.ctx.db, identifier);
  const [row] = await rt.ctx.db
    .insert(payments)
    .values({
      customerId,
      ...planPayment(plan, qty),
      subscriptionReason: reason,
      status: 'Pending',
      provider: 'stripe',
      providerRef,
      idempotencyKey: crypto.randomUUID(),
    })
    .returning();
  return row!;
}

const paymentById = async (id: string) => (await rt.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const grantsOf = (paymentId: string) =>
  rt.ctx.db.select().from(licenceGrants).where(eq(licenceGrants.paymentId, paymentId));
const eventRow = async (eventId: string) =>
  (await rt.ctx.db.select().from(providerEvents).where(eq(providerEvents.eventId, eventId)))[0] ?? null;

function paymentIntent(id: string, meta: Record<string, string>, extra: Record<string, unknown> = {}) {
  return {
    id,
    object: 'payment_intent',
    amount: 2999,
    currency: 'eur',
    status: 'succeeded',
    metadata: meta,
    payment_method: null,
    last_payment_error: null,
    ...extra,
  };
}

const declined = {
  last_payment_error: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
    payment_method: { id: 'pm_x', type: 'card', card: { brand: 'visa', last4: '0002' } },
  },
  status: 'requires_payment_method',
};

describe('POST /api/v1/webhooks/stripe', () => {
  let customerId: string;
  let token: string;
  beforeAll(async () => {
    const signedIn = await newCustomer(rt);
    token = signedIn.token;
    customerId = await customerIdOf(rt.ctx.db, signedIn.email);
  });

  it('a signed payment_intent.succeeded → 200, the payment succeeds and its seats are granted once', async () => {
    const piId = `pi_${crypto.randomBytes(8).toString('hex')}`;
    const payment = await pendingPayment(customerId, 'PDOT', 3, piId);
    const event = stripeEvent(
      'payment_intent.succeeded',
      paymentIntent(
        piId,
        { paymentId: payment.id, customerId },
        {
          payment_method: { id: 'pm_1', type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } },
        },
      ),
    );
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res)).toEqual({ respones_msg: 'Event received.', received: true });

    const after = await paymentById(payment.id);
    expect(after.status).toBe('Success');
    expect(after.paymentMethod).toMatchObject({ type: 'card', card: { brand: 'visa', last4: '4242' } });
    const grants = await grantsOf(payment.id);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ seats: 3, family: 'PD', customerId });
    expect(await eventRow(event.id)).toMatchObject({ provider: 'stripe', type: 'payment_intent.succeeded' });
  });

  it('finds the payment by metadata.paymentId when the PaymentIntent id is not stored yet', async () => {
    const payment = await pendingPayment(customerId, 'SLOT', 1, `pi_other_${crypto.randomUUID()}`);
    await rt.ctx.db.update(payments).set({ providerRef: null }).where(eq(payments.id, payment.id));
    const res = await deliver(
      stripeEvent('payment_intent.succeeded', paymentIntent('pi_unknown_123', { paymentId: payment.id, customerId })),
    );
    expect(res.statusCode).toBe(200);
    expect((await paymentById(payment.id)).status).toBe('Success');
    expect(await grantsOf(payment.id)).toHaveLength(1);
  });

  it('a bad signature → 400 E_WEBHOOK_SIGNATURE and nothing changes', async () => {
    const piId = `pi_${crypto.randomBytes(8).toString('hex')}`;
    const payment = await pendingPayment(customerId, 'PDOT', 2, piId);
    const event = stripeEvent('payment_intent.succeeded', paymentIntent(piId, { paymentId: payment.id, customerId }));

    const attempts = [
      await deliver(event, { secret: 'whsec_wrong' }), // signed with another secret
      await deliver(event, { signature: null }), // no header
      await deliver(event, { signature: 't=1,v1=deadbeef' }), // garbage
      await deliver(event, { tamper: (s) => s.replace('"amount":2999', '"amount":1') }), // body changed after signing
      await deliver(event, {
        signature: Stripe.webhooks.generateTestHeaderString({
          payload: JSON.stringify(event),
          secret: SECRET,
          timestamp: Math.floor(Date.now() / 1000) - 3600, // replayed an hour later
        }),
      }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(jsonOf(res)).toEqual({ respones_msg: 'Invalid webhook signature.', code: 'E_WEBHOOK_SIGNATURE' });
    }
    expect((await paymentById(payment.id)).status).toBe('Pending');
    expect(await grantsOf(payment.id)).toHaveLength(0);
    expect(await eventRow(event.id)).toBeNull();

    // The same event, correctly signed, still works afterwards.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await paymentById(payment.id)).status).toBe('Success');
  });

  it('the same event delivered twice (or concurrently) is processed once', async () => {
    const piId = `pi_${crypto.randomBytes(8).toString('hex')}`;
    const payment = await pendingPayment(customerId, 'PCOT', 4, piId);
    const event = stripeEvent('payment_intent.succeeded', paymentIntent(piId, { paymentId: payment.id, customerId }));
    const results = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await grantsOf(payment.id)).toHaveLength(1);
    const rows = await rt.ctx.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.id));
    expect(rows).toHaveLength(1);
    const audits = await rt.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_entries where customer_id = ${customerId} and message like ${'%4 × %'}`,
    );
    expect(audits.rows[0]!.n).toBe(1);
  });

  it('out of order: payment_failed arriving after succeeded changes nothing', async () => {
    const piId = `pi_${crypto.randomBytes(8).toString('hex')}`;
    const payment = await pendingPayment(customerId, 'UBOT', 1, piId);
    const meta = { paymentId: payment.id, customerId };
    const succeeded = stripeEvent('payment_intent.succeeded', paymentIntent(piId, meta));
    const failed = stripeEvent('payment_intent.payment_failed', paymentIntent(piId, meta, declined), {
      created: succeeded.created - 5,
    });
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect((await deliver(failed)).statusCode).toBe(200);
    const after = await paymentById(payment.id);
    expect(after.status).toBe('Success');
    expect(after.message).toBeNull();
    expect(await grantsOf(payment.id)).toHaveLength(1);
  });

  it('payment_failed marks the payment Failed with the card message; no seats', async () => {
    const piId = `pi_${crypto.randomBytes(8).toString('hex')}`;
    const payment = await pendingPayment(customerId, 'KMOT', 2, piId);
    const res = await deliver(
      stripeEvent(
        'payment_intent.payment_failed',
        paymentIntent(piId, { paymentId: payment.id, customerId }, declined),
      ),
    );
    expect(res.statusCode).toBe(200);
    const after = await paymentById(payment.id);
    expect(after).toMatchObject({ status: 'Failed', message: 'Your card was declined.', errorCode: 'generic_decline' });
    expect(await grantsOf(payment.id)).toHaveLength(0);
  });

  it('invoice.paid of a new subscription activates it and grants its seats; subscription.deleted cancels it', async () => {
    const invoiceId = `in_${crypto.randomBytes(8).toString('hex')}`;
    const subId = `sub_${crypto.randomBytes(8).toString('hex')}`;
    const itemId = `si_${crypto.randomBytes(8).toString('hex')}`;
    const payment = await pendingPayment(customerId, 'PD', 5, invoiceId, 'subscription_create');
    const periodEnd = Math.floor(Date.now() / 1000) + 365 * 86_400;
    const invoice = {
      id: invoiceId,
      object: 'invoice',
      billing_reason: 'subscription_create',
      status: 'paid',
      amount_paid: 5 * 2999,
      amount_due: 5 * 2999,
      currency: 'eur',
      customer: 'cus_x',
      metadata: {},
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subId, metadata: { paymentId: payment.id, customerId } },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: 'il_1',
            object: 'line_item',
            quantity: 5,
            period: { start: periodEnd - 365 * 86_400, end: periodEnd },
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: { subscription: subId, subscription_item: itemId },
            },
          },
        ],
      },
    };
    expect((await deliver(stripeEvent('invoice.paid', invoice))).statusCode).toBe(200);
    expect((await paymentById(payment.id)).status).toBe('Success');
    const [grant] = await grantsOf(payment.id);
    expect(grant?.seats).toBe(5);
    expect(Math.abs(grant!.expiresAt.getTime() - periodEnd * 1000)).toBeLessThan(1000);
    const [sub] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subId));
    expect(sub).toMatchObject({ status: 'active', quantity: 5, provider: 'stripe', providerItemId: itemId });

    const deleted = stripeEvent('customer.subscription.deleted', {
      id: subId,
      object: 'subscription',
      status: 'canceled',
      metadata: {},
    });
    expect((await deliver(deleted)).statusCode).toBe(200);
    const [canceled] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(canceled!.status).toBe('canceled');
    // The seats already paid keep their expiry.
    expect((await grantsOf(payment.id))[0]!.expiresAt.getTime()).toBe(grant!.expiresAt.getTime());
  });

  it('a proration invoice (old-quantity credit line first) raises the subscription by the seats bought', async () => {
    const subId = `sub_${crypto.randomBytes(8).toString('hex')}`;
    const periodEnd = Math.floor(Date.now() / 1000) + 200 * 86_400;
    const line = (quantity: number, extra: Record<string, unknown> = {}) => ({
      object: 'line_item',
      quantity,
      period: { start: periodEnd - 365 * 86_400, end: periodEnd },
      parent: { type: 'subscription_item_details', subscription_item_details: { subscription: subId } },
      ...extra,
    });
    const invoiceOf = (id: string, reason: string, paymentId: string, lines: unknown[]) => ({
      id,
      object: 'invoice',
      billing_reason: reason,
      status: 'paid',
      currency: 'eur',
      customer: 'cus_x',
      metadata: {},
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subId, metadata: { paymentId, customerId } },
      },
      lines: { object: 'list', data: lines },
    });
    const createId = `in_${crypto.randomBytes(8).toString('hex')}`;
    const created = await pendingPayment(customerId, 'UB', 3, createId, 'subscription_create');
    await deliver(stripeEvent('invoice.paid', invoiceOf(createId, 'subscription_create', created.id, [line(3)])));

    const updateId = `in_${crypto.randomBytes(8).toString('hex')}`;
    const added = await pendingPayment(customerId, 'UB', 2, updateId, 'subscription_update');
    const proration = invoiceOf(updateId, 'subscription_update', added.id, [
      line(3, { amount: -1500, description: 'Unused time on 3 × URL Blocker' }),
      line(5, { amount: 2500, description: 'Remaining time on 5 × URL Blocker' }),
    ]);
    expect((await deliver(stripeEvent('invoice.paid', proration))).statusCode).toBe(200);
    const [sub] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subId));
    expect(sub?.quantity).toBe(5);
    expect((await grantsOf(added.id))[0]?.seats).toBe(2);
  });

  it('payment_method.attached mirrors a card Stripe saved at checkout; detached removes it', async () => {
    const stripeCustomerId = `cus_${crypto.randomBytes(6).toString('hex')}`;
    await rt.ctx.db.update(customers).set({ stripeCustomerId }).where(eq(customers.id, customerId));
    const pm = {
      id: `pm_${crypto.randomBytes(6).toString('hex')}`,
      object: 'payment_method',
      type: 'card',
      customer: stripeCustomerId,
      card: { brand: 'visa', country: 'DE', exp_month: 4, exp_year: 2031, last4: '4242' },
    };
    expect((await deliver(stripeEvent('payment_method.attached', pm))).statusCode).toBe(200);
    const listed = jsonOf<{ data: { id: string; card: { last4: string; country: string } }[] }>(
      await call(rt, paymentsApi.paymentMethods, { token }),
    );
    expect(listed.data.find((m) => m.id === pm.id)?.card).toMatchObject({ last4: '4242', country: 'DE' });

    expect((await deliver(stripeEvent('payment_method.detached', { ...pm, customer: null }))).statusCode).toBe(200);
    const after = jsonOf<{ data: { id: string }[] }>(await call(rt, paymentsApi.paymentMethods, { token }));
    expect(after.data.map((m) => m.id)).not.toContain(pm.id);
  });

  it('an event type we do not handle is acknowledged and recorded', async () => {
    const event = stripeEvent('charge.refund.updated', { id: 're_1', object: 'refund' });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await eventRow(event.id)).not.toBeNull();
  });

  it('a failure while handling → 500 with the generic envelope, nothing recorded, so Stripe retries', async () => {
    const piId = `pi_${crypto.randomBytes(8).toString('hex')}`;
    const payment = await pendingPayment(customerId, 'POBOT', 1, piId);
    // A creation time Postgres cannot store makes the handler's transaction fail.
    const event = stripeEvent('payment_intent.succeeded', paymentIntent(piId, { paymentId: payment.id, customerId }), {
      created: 9e15,
    });
    const res = await deliver(event);
    expect(res.statusCode).toBe(500);
    const body = jsonOf(res);
    expect(body.code).toBe('E_INTERNAL');
    expect(String(body.respones_msg)).toMatch(/^Something went wrong on our side/);
    expect((await paymentById(payment.id)).status).toBe('Pending');
    expect(await eventRow(event.id)).toBeNull();
  });

  it('the raw-body parser stays inside the webhook plugin: other JSON routes still parse bodies', async () => {
    const res = await call(rt, usersApi.login, {
      body: {
        email: 'nobody@example.com',
        password: 'Wrong-Password-123',
        userAgent: 'vitest',
      },
    });
    expect(res.statusCode).not.toBe(415);
    expect(jsonOf(res).code).not.toBe('E_VALIDATION');
  });

  it('is documented in the OpenAPI', async () => {
    const doc = jsonOf<{ paths: Record<string, Record<string, { tags?: string[] }>> }>(
      await rt.app.inject({ method: 'GET', url: '/api/docs/json' }),
    );
    expect(doc.paths[HOOK]?.post?.tags).toEqual(['Webhooks']);
  });

  it('never writes the webhook secret to the log', () => {
    expect(rt.logLines.join('\n')).not.toContain(SECRET);
  });
});

describe('with PAYMENT_PROVIDER=sandbox', () => {
  let sandbox: TestRuntime;
  beforeAll(async () => {
    sandbox = await startFileRuntime();
  });
  afterAll(async () => sandbox?.close());

  it('the Stripe webhook answers 404 with a clear message', async () => {
    const payload = JSON.stringify(stripeEvent('payment_intent.succeeded', paymentIntent('pi_1', {})));
    const res = await sandbox.app.inject({
      method: 'POST',
      url: HOOK,
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      },
    });
    expect(res.statusCode).toBe(404);
    expect(jsonOf(res)).toEqual({
      respones_msg: 'Stripe is not the payment provider of this installation.',
      code: 'E_NOT_FOUND',
    });
    expect((await sandbox.ctx.db.select().from(providerEvents)).length).toBe(0);
  });
});
