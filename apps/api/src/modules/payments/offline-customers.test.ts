import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { healthApi, paymentsApi } from '@fleetdeck/contract';
import { loadConfig, supportEmailOf } from '../../config.ts';
import { customers, payments } from '../../db/schema.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import { subscribe } from '../../../test/support/ledger.ts';
import { checkoutCall, postWithKey, solvedCaptcha } from '../../../test/support/payments.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';

/** Offline customers (DECISIONS §14): their licences are changed by the vendor's staff, never at checkout. */
let rt: TestRuntime;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

describe('offline customers at checkout', () => {
  it('refuses a purchase, a new subscription and a subscription update with 403 E_OFFLINE_CUSTOMER, and records nothing', async () => {
    const c = await newCustomer(rt);
    await rt.ctx.db.update(customers).set({ isOfflineCustomer: true }).where(eq(customers.id, c.id));
    // Even with a subscription of the plan (recorded by staff), "Update" is not theirs to do.
    await subscribe(rt.ctx.db, c.id, 'PD', 2);
    const support = rt.ctx.config.supportEmail;
    for (const [endpoint, body] of [
      [paymentsApi.purchase, { priceId: 'PDOT', qty: 2 }],
      [paymentsApi.purchase, { priceId: 'UB', qty: 1 }],
      [paymentsApi.updateSubscription, { priceId: 'PD', qty: 1 }],
    ] as const) {
      const res = await postWithKey(rt, endpoint, { ...body, captcha: await solvedCaptcha(rt) }, c.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(jsonOf(res)).toMatchObject({
        code: 'E_OFFLINE_CUSTOMER',
        respones_msg: `Your licences are managed by our team. Contact ${support} to change your licences.`,
      });
    }
    expect(await rt.ctx.db.select().from(payments).where(eq(payments.customerId, c.id))).toEqual([]);
  });

  it('lets an online customer buy as before', async () => {
    const c = await newCustomer(rt);
    const res = await checkoutCall(rt, c.token, { priceId: 'PDOT', qty: 1 });
    expect(res.statusCode).toBe(200);
  });
});

describe('SUPPORT_EMAIL', () => {
  it('is in the config call the console loads; by default support@ at the domain of MAIL_FROM', async () => {
    const config = jsonOf<{ data: { supportEmail: string } }>(await call(rt, healthApi.config));
    expect(config.data.supportEmail).toBe(rt.ctx.config.supportEmail);
    expect(supportEmailOf('no-reply@localhost')).toBe('support@localhost');
    expect(supportEmailOf('Fleetdeck <billing@fleet.example.com>')).toBe('support@fleet.example.com');
    const base = { DATABASE_URL: 'postgres://x@localhost/db' };
    expect(loadConfig(base).supportEmail).toBe('support@localhost');
    expect(loadConfig({ ...base, MAIL_FROM: 'Fleetdeck <no-reply@acme.test>' }).supportEmail).toBe('support@acme.test');
    expect(loadConfig({ ...base, SUPPORT_EMAIL: 'help@acme.test' }).supportEmail).toBe('help@acme.test');
    expect(() => loadConfig({ ...base, SUPPORT_EMAIL: 'not an email' })).toThrow(/SUPPORT_EMAIL/);
  });
});
