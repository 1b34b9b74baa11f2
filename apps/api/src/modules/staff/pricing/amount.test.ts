import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffApi } from '@fleetdeck/contract/staff';
import { payments, plans, subscriptions } from '../../../db/schema.ts';
import { call } from '../../../../test/support/call.ts';
import { newCustomer, type TestStaff } from '../../../../test/support/factory.ts';
import type { FakeStripe } from '../../../../test/support/fake-stripe.ts';
import { card, checkout, confirm } from '../../../../test/support/payments.ts';
import type { TestRuntime } from '../../../../test/support/runtime.ts';
import { createStripeClient } from '../../payments/providers/stripe.ts';
import { renewSandboxSubscription } from '../../sandbox/service.ts';
import { priceEditBody, priceOf } from '../../../../test/support/pricing.ts';
import { startWithStaff, startWithStripe } from '../../../../test/support/suites.ts';

/** Issue 22 item 9 / DECISIONS §14 "Price amounts": staff change a price's amount from pricing edit. */
let rt: TestRuntime;
let root: TestStaff;
beforeAll(async () => ({ rt, staff: root } = await startWithStaff('SuperAdmin')));
afterAll(async () => rt?.close());

const setAmount = async (identifier: string, amount: unknown, r = rt, token = root.token) =>
  call(r, staffApi.priceUpdate, { token, body: priceEditBody(await priceOf(r, token, identifier), { amount }) });

/** A customer with a live sandbox subscription of `qty` seats of PD. */
async function subscriber(qty = 2) {
  const c = await newCustomer(rt);
  const created = await checkout(rt, c.token, { priceId: 'PD', qty });
  expect((await confirm(rt, created.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
  await rt.settle();
  return c;
}

describe('price/update amount', () => {
  it('refuses 0, negatives, more than two decimals and text, with a message at the field; nothing changes', async () => {
    const before = await priceOf(rt, root.token, 'KMOT');
    const cases: [unknown, RegExp][] = [
      [0, /more than 0/],
      [-5, /more than 0/],
      ['-5', /more than 0/],
      [12.345, /at most 2 decimals/],
      ['abc', /amount in euro/],
      [2_000_000, /at most 1,000,000/],
    ];
    for (const [amount, message] of cases) {
      const res = await setAmount('KMOT', amount);
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.error()).toMatchObject({ code: 'E_VALIDATION' });
      const errors = (res.error() as { errors?: { field: string; message: string }[] }).errors ?? [];
      expect(errors.find((e) => e.field === 'amount')?.message, String(amount)).toMatch(message);
    }
    expect((await priceOf(rt, root.token, 'KMOT')).amount).toBe(before.amount);
  });

  it('the next checkout pays the new amount at once; the change is audited', async () => {
    const res = await setAmount('PDOT', 54.5);
    expect(res.statusCode).toBe(200);
    expect(res.data().data.amount).toBe(54.5);
    const c = await newCustomer(rt);
    const bought = await checkout(rt, c.token, { priceId: 'PDOT', qty: 2 });
    expect(bought.amount).toBe(109);
    const { rows } = await rt.ctx.db.execute<{ message: string }>(
      sql`select message from audit_entries where type = 'Pricing' and sub_type = 'Price Amount Changed' order by created_at desc limit 1`,
    );
    expect(rows[0]!.message).toMatch(/^Price PDOT: €\d+\.\d{2} → €54\.50 for new purchases/);
  });

  it('a rise emails every subscriber and their next renewal bills it; a cut emails nobody', async () => {
    const [a, b] = [await subscriber(2), await subscriber(1)];
    const pd = await priceOf(rt, root.token, 'PD');
    const count = await call(rt, staffApi.priceSubscribers, { token: root.token, query: { id: pd._id } });
    expect(count.data().data.subscribers).toBeGreaterThanOrEqual(2);

    const mailsBefore = rt.smtp.inbox.length;
    expect((await setAmount('PD', 34.99)).statusCode).toBe(200);
    await rt.settle();
    for (const c of [a, b]) {
      const mail = await rt.smtp.waitFor(c.email, (m) => m.subject.includes('changes at your next renewal'));
      expect(mail.text).toContain('rises from €29.99 to €34.99 per licence');
    }
    const rises = rt.smtp.inbox.slice(mailsBefore).filter((m) => m.subject.includes('changes at your next renewal'));
    expect(rises.length).toBe(count.data().data.subscribers);

    // Existing subscription: its next renewal bills the new amount.
    const [sub] = await rt.ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, a.id));
    await renewSandboxSubscription(rt.ctx, sub!.id);
    await rt.settle();
    const [renewal] = await rt.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.customerId, a.id), eq(payments.subscriptionReason, 'subscription_cycle')));
    expect(renewal).toMatchObject({ status: 'Success', totalAmount: '69.98' });

    // A price cut: no email.
    const beforeCut = rt.smtp.inbox.length;
    expect((await setAmount('PD', 31.5)).statusCode).toBe(200);
    await rt.settle();
    await new Promise((r) => setTimeout(r, 300));
    expect(rt.smtp.inbox.slice(beforeCut).filter((m) => m.subject.includes('next renewal'))).toHaveLength(0);
    // The same amount again changes nothing and audits no amount change.
    const { rows: audits } = await rt.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_entries where sub_type = 'Price Amount Changed'`,
    );
    expect((await setAmount('PD', 31.5)).statusCode).toBe(200);
    const { rows: after } = await rt.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_entries where sub_type = 'Price Amount Changed'`,
    );
    expect(after[0]!.n).toBe(audits[0]!.n);
  });

  it('leaves the amount alone when it is not sent', async () => {
    const before = await priceOf(rt, root.token, 'UBOT');
    const res = await call(rt, staffApi.priceUpdate, {
      token: root.token,
      body: priceEditBody(before, { name: 'URL Blocker forever' }),
    });
    expect(res.data().data).toMatchObject({ name: 'URL Blocker forever', amount: before.amount });
  });
});

describe('price amount with Stripe: a new Price, the old one archived, subscriptions moved', () => {
  let fake: FakeStripe;
  let srt: TestRuntime;
  let admin: TestStaff;
  beforeAll(async () => {
    ({ rt: srt, fake, staff: admin } = await startWithStripe());
    await call(srt, staffApi.priceSync, { token: admin.token });
  });
  afterAll(async () => srt?.close());

  it('creates the new Price, archives the old, and moves a live subscription to it without proration', async () => {
    const pd = await priceOf(srt, admin.token, 'PD');
    const oldPriceId = pd.priceId;
    expect(oldPriceId).toMatch(/^price_/);
    // A live Stripe subscription of PD.
    const stripe = createStripeClient(srt.ctx);
    const c = await newCustomer(srt);
    const cus = await stripe.customers.create({ email: c.email });
    const sub = await stripe.subscriptions.create({ customer: cus.id, items: [{ price: oldPriceId, quantity: 2 }] });
    await srt.ctx.db.insert(subscriptions).values({
      customerId: c.id,
      planId: pd._id,
      family: 'PD',
      provider: 'stripe',
      providerSubscriptionId: sub.id,
      providerItemId: sub.items.data[0]!.id,
      quantity: 2,
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 86_400_000 * 200),
    });

    const res = await setAmount('PD', 39.99, srt, admin.token);
    expect(res.statusCode).toBe(200);
    const newPriceId = res.data().data.priceId;
    expect(newPriceId).toMatch(/^price_/);
    expect(newPriceId).not.toBe(oldPriceId);
    expect(fake.prices.get(newPriceId)).toMatchObject({ unit_amount: 3999, active: true, type: 'recurring' });
    expect(fake.prices.get(oldPriceId)).toMatchObject({ active: false });
    const [plan] = await srt.ctx.db.select().from(plans).where(eq(plans.identifier, 'PD'));
    expect(plan).toMatchObject({ amount: '39.99', providerPriceId: newPriceId });

    await srt.settle();
    const moved = fake.subscriptions.get(sub.id)!;
    const item = (moved.items as { data: { price: { id: string } }[] }).data[0]!;
    expect(item.price.id).toBe(newPriceId);
    const [move] = fake.calls('POST', `/v1/subscriptions/${sub.id}`);
    expect(move!.body).toMatchObject({ proration_behavior: 'none' });
    await srt.smtp.waitFor(c.email, (m) => m.text.includes('to €39.99 per licence'));
  });

  it('Stripe down: 502 and nothing changed', async () => {
    const before = await priceOf(srt, admin.token, 'PCOT');
    fake.failNext('POST', /^\/v1\/prices$/, 500, { type: 'api_error', message: 'down' });
    fake.failNext('POST', /^\/v1\/prices$/, 500, { type: 'api_error', message: 'down' });
    fake.failNext('POST', /^\/v1\/prices$/, 500, { type: 'api_error', message: 'down' });
    const res = await setAmount('PCOT', 99.99, srt, admin.token);
    expect(res.statusCode).toBe(502);
    expect(res.error()).toMatchObject({ code: 'E_PROVIDER' });
    expect(await priceOf(srt, admin.token, 'PCOT')).toMatchObject({ amount: before.amount, priceId: before.priceId });
  });
});
