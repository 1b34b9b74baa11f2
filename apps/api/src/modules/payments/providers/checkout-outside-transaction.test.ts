import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsApi, type CheckoutResponse } from '@fleetdeck/contract';
import type { TestRuntime } from '../../../../test/support/runtime.ts';
import { newCustomer } from '../../../../test/support/factory.ts';
import { jsonOf } from '../../../../test/support/helpers.ts';
import { call } from '../../../../test/support/call.ts';
import { checkoutCall, postWithKey } from '../../../../test/support/payments.ts';
import type { FakeStripe } from '../../../../test/support/fake-stripe.ts';
import { startWithStripe } from '../../../../test/support/suites.ts';

/**
 * Issue 12, item 7: no database transaction stays open while Stripe is called at checkout. The local Stripe stand-in
 * looks at the database while it holds each request: a connection of the app "idle in transaction" then is one
 * waiting for Stripe inside a transaction (holding its locks and a pool connection for the network's time).
 */
let fake: FakeStripe;
let rt: TestRuntime;
const seen: { path: string; openTransactions: string[] }[] = [];

beforeAll(async () => {
  ({ rt, fake } = await startWithStripe());
  fake.onRequest(async (request) => {
    const open = await rt.ctx.db.execute<{ query: string }>(sql`
      select query from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and state in ('idle in transaction', 'idle in transaction (aborted)')
         and query not ilike '%pgboss%'`);
    seen.push({ path: request.path, openTransactions: open.rows.map((r) => r.query) });
  });
});
afterAll(async () => rt?.close()); // also forgets the stand-in's onRequest

describe('checkout calls Stripe outside database transactions (issue 12, item 7)', () => {
  it('a one-time purchase and a new subscription: no transaction open during any Stripe call', async () => {
    const c = await newCustomer(rt);
    seen.length = 0;
    const oneTime = await checkoutCall(rt, c.token, { priceId: 'PDOT', qty: 2 }, 'ot-1');
    expect(oneTime.statusCode, oneTime.body).toBe(200);
    const subscription = await checkoutCall(rt, c.token, { priceId: 'PD', qty: 3 }, 'sub-1');
    expect(subscription.statusCode, subscription.body).toBe(200);
    // A retry of the same request answers the same client secret, again without a transaction around Stripe.
    const retry = await postWithKey(
      rt,
      paymentsApi.purchase,
      { priceId: 'PDOT', qty: 2, captcha: 'used-already' },
      c.token,
      'ot-1',
    );
    expect(jsonOf<CheckoutResponse>(retry).data.clientSecret).toBe(jsonOf<CheckoutResponse>(oneTime).data.clientSecret);

    expect(seen.map((s) => s.path)).toEqual(
      expect.arrayContaining(['/v1/customers', '/v1/payment_intents', '/v1/subscriptions']),
    );
    expect(seen.filter((s) => s.openTransactions.length > 0)).toEqual([]);
  });
});

describe('saved payment methods call Stripe outside database transactions (issue 24)', () => {
  it('attach, make default and detach: no transaction open during any Stripe call, and the rows follow', async () => {
    const c = await newCustomer(rt);
    seen.length = 0;
    for (const pmId of ['pm_card_visa_tx1', 'pm_card_visa_tx2']) {
      const attached = await call(rt, paymentsApi.attachPaymentMethod, { token: c.token, body: { pmId } });
      expect(attached.statusCode, attached.body).toBe(200);
    }
    const setDefault = await call(rt, paymentsApi.setDefaultPaymentMethod, {
      token: c.token,
      body: { pmId: 'pm_card_visa_tx2' },
    });
    expect(setDefault.statusCode, setDefault.body).toBe(200);
    const detach = await call(rt, paymentsApi.detachPaymentMethod, {
      token: c.token,
      body: { pmId: 'pm_card_visa_tx1' },
    });
    expect(detach.statusCode, detach.body).toBe(200);

    expect(seen.map((s) => s.path)).toEqual(
      expect.arrayContaining([
        '/v1/payment_methods/pm_card_visa_tx1/attach',
        '/v1/payment_methods/pm_card_visa_tx2/attach',
        '/v1/payment_methods/pm_card_visa_tx1/detach',
      ]),
    );
    expect(seen.filter((s) => s.openTransactions.length > 0)).toEqual([]);
    const list = (await call(rt, paymentsApi.paymentMethods, { token: c.token })).data();
    expect(list.defaultSource).toBe('pm_card_visa_tx2');
    expect(list.data.map((pm) => pm.id)).toEqual(['pm_card_visa_tx2']);
  });
});
