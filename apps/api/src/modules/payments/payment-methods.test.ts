import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PaymentHistoryResponse, PaymentMethodListResponse, SavedPaymentMethod } from '@fleetdeck/contract';
import { licenceGrants, payments, providerEvents, sandboxIntents } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { paymentsApi, sandboxApi } from '@fleetdeck/contract';
import { jsonOf } from '../../../test/support/helpers.ts';
import { card, checkout, confirm } from '../../../test/support/payments.ts';
import { sweepSandboxEvents } from '../sandbox/service.ts';

let rt: TestRuntime;
let alice: string;
let bob: string;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  alice = (await newCustomer(rt)).token;
  bob = (await newCustomer(rt)).token;
});
afterAll(async () => rt?.close());

const list = async (token: string) =>
  jsonOf<PaymentMethodListResponse>(await call(rt, paymentsApi.paymentMethods, { token }));
const tokenise = async (token: string, number: string, extra: Record<string, unknown> = {}) => {
  const res = await call(rt, sandboxApi.tokeniseCard, { body: card(number, extra), token });
  expect(res.statusCode).toBe(200);
  return jsonOf<{ data: SavedPaymentMethod }>(res).data;
};

describe('saved payment methods', () => {
  it('tokenising needs a session and a valid card', async () => {
    expect((await call(rt, sandboxApi.tokeniseCard, { body: card('4242424242424242') })).statusCode).toBe(401);
    const bad = await call(rt, sandboxApi.tokeniseCard, { body: card('4242424242424241'), token: alice });
    expect(bad.statusCode).toBe(400);
    expect(jsonOf(bad).code).toBe('E_CARD_INVALID');
  });

  it('a tokenised card is listed once attached; the first becomes the default; another can be made default', async () => {
    const visa = await tokenise(alice, '4242424242424242', { country: 'DE' });
    expect(visa.id).toMatch(/^pm_/);
    expect((await list(alice)).data).toHaveLength(0);
    const attached = await call(rt, paymentsApi.attachPaymentMethod, { body: { pmId: visa.id }, token: alice });
    expect(attached.statusCode).toBe(200);
    expect(jsonOf<{ data: SavedPaymentMethod }>(attached).data).toMatchObject({ isDefault: true });
    const mc = await tokenise(alice, '5555555555554444');
    await call(rt, paymentsApi.attachPaymentMethod, { body: { pmId: mc.id }, token: alice });
    let methods = await list(alice);
    expect(methods.data.map((m) => [m.card?.brand, m.card?.country, m.isDefault])).toEqual([
      ['visa', 'DE', true],
      ['mastercard', 'US', false],
    ]);
    expect(methods.defaultSource).toBe(visa.id);
    expect(
      (await call(rt, paymentsApi.setDefaultPaymentMethod, { body: { pmId: mc.id }, token: alice })).statusCode,
    ).toBe(200);
    methods = await list(alice);
    expect(methods.defaultSource).toBe(mc.id);
    expect(methods.data.filter((m) => m.isDefault)).toHaveLength(1);
  });

  it("removes a saved card that is not the default; never the default, nor another customer's", async () => {
    const c = (await newCustomer(rt)).token;
    const first = await tokenise(c, '4242424242424242');
    await call(rt, paymentsApi.attachPaymentMethod, { body: { pmId: first.id }, token: c });
    const second = await tokenise(c, '5555555555554444');
    await call(rt, paymentsApi.attachPaymentMethod, { body: { pmId: second.id }, token: c });

    const keepDefault = await call(rt, paymentsApi.detachPaymentMethod, { body: { pmId: first.id }, token: c });
    expect(keepDefault.statusCode).toBe(409);
    expect(jsonOf(keepDefault).respones_msg).toBe(
      'The default card cannot be removed: make another card the default first.',
    );
    expect(
      (await call(rt, paymentsApi.detachPaymentMethod, { body: { pmId: second.id }, token: bob })).statusCode,
    ).toBe(404);

    const removed = await call(rt, paymentsApi.detachPaymentMethod, { body: { pmId: second.id }, token: c });
    expect(removed.statusCode).toBe(200);
    expect(jsonOf(removed).respones_msg).toBe('Payment method removed.');
    expect((await list(c)).data.map((m) => m.id)).toEqual([first.id]);
    expect((await call(rt, paymentsApi.detachPaymentMethod, { body: { pmId: second.id }, token: c })).statusCode).toBe(
      404,
    );
  });

  it("another customer can neither see, attach, make default nor charge the first one's methods", async () => {
    const pm = (await list(alice)).data[0]!;
    expect((await list(bob)).data).toHaveLength(0);
    const attach = await call(rt, paymentsApi.attachPaymentMethod, { body: { pmId: pm.id }, token: bob });
    expect(attach.statusCode).toBe(404);
    const makeDefault = await call(rt, paymentsApi.setDefaultPaymentMethod, { body: { pmId: pm.id }, token: bob });
    expect(makeDefault.statusCode).toBe(404);
    const bobsCheckout = await checkout(rt, bob, { priceId: 'PDOT', qty: 1 });
    const charge = await confirm(rt, bobsCheckout.clientSecret, { paymentMethodId: pm.id });
    expect(charge.statusCode).toBe(400);
    expect(jsonOf(charge).code).toBe('E_PAYMENT_METHOD_REQUIRED');
    expect((await list(alice)).data).toHaveLength(2);
  });

  it("another customer cannot see the first one's payment history", async () => {
    const mine = await checkout(rt, alice, { priceId: 'KMOT', qty: 2 });
    expect((await confirm(rt, mine.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
    const aliceHistory = jsonOf<PaymentHistoryResponse>(await call(rt, paymentsApi.history, { token: alice }));
    expect(aliceHistory.data.map((r) => r._id)).toContain(mine.paymentId);
    const bobHistory = jsonOf<PaymentHistoryResponse>(
      await call(rt, paymentsApi.history, { query: { priceId: 'KMOT' }, token: bob }),
    );
    expect(bobHistory.data).toHaveLength(0);
    expect(bobHistory.pagination.total).toBe(0);
  });

  it('a saved card is charged with just its id', async () => {
    const pm = (await list(alice)).data.find((m) => m.isDefault)!;
    const data = await checkout(rt, alice, { priceId: 'PCOT', qty: 1 });
    const res = await confirm(rt, data.clientSecret, { paymentMethodId: pm.id });
    expect(res.statusCode).toBe(200);
    expect((await rt.ctx.db.select().from(payments).where(eq(payments.id, data.paymentId)))[0]!.status).toBe('Success');
  });
});

describe('sandbox delivery is retry-safe', () => {
  it('the sweep re-delivers an outcome whose event was never processed', async () => {
    const data = await checkout(rt, alice, { priceId: 'UBOT', qty: 1 });
    expect((await confirm(rt, data.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
    const intentId = data.clientSecret.split('_secret_')[0]!;
    // As if the process died between the confirm's commit and the delivery.
    const [intent] = await rt.ctx.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, intentId));
    await rt.ctx.db.delete(providerEvents).where(eq(providerEvents.eventId, intent!.metadata.lastEventId!));
    await rt.ctx.db.delete(licenceGrants).where(eq(licenceGrants.paymentId, data.paymentId));
    await rt.ctx.db.update(payments).set({ status: 'Pending' }).where(eq(payments.id, data.paymentId));
    await rt.ctx.db.execute(
      sql`update sandbox_intents set updated_at = now() - interval '2 minutes' where id = ${intentId}`,
    );
    await sweepSandboxEvents(rt.ctx);
    expect((await rt.ctx.db.select().from(payments).where(eq(payments.id, data.paymentId)))[0]!.status).toBe('Success');
    expect(
      await rt.ctx.db.select().from(licenceGrants).where(eq(licenceGrants.paymentId, data.paymentId)),
    ).toHaveLength(1);
    // Swept again: nothing more happens.
    await sweepSandboxEvents(rt.ctx);
    expect(
      await rt.ctx.db.select().from(licenceGrants).where(eq(licenceGrants.paymentId, data.paymentId)),
    ).toHaveLength(1);
  });
});
