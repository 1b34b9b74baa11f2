import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Dashboard, PlansResponse } from '@fleetdeck/contract';
import { customers } from '../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../test/support/runtime.ts';
import { get, jsonOf, post } from '../../test/support/helpers.ts';
import { DEMO_EMAIL, demoPassword, seedDemoData } from './demo-data.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

const counts = async (customerId: string) => {
  const r = await rt.ctx.db.execute<Record<string, string>>(sql`
    select (select count(*) from payments where customer_id = ${customerId}) as payments,
           (select count(*) from licence_grants where customer_id = ${customerId}) as grants,
           (select count(*) from subscriptions where customer_id = ${customerId}) as subscriptions,
           (select count(*) from devices where customer_id = ${customerId}) as devices,
           (select count(*) from chat_users where customer_id = ${customerId}) as chat_users,
           (select count(*) from payment_methods where customer_id = ${customerId}) as payment_methods`);
  return Object.fromEntries(Object.entries(r.rows[0]!).map(([k, v]) => [k, Number(v)]));
};

describe('demo data', () => {
  it('creates a verified customer whose dashboard is alive, and adds nothing when run again', async () => {
    const first = await seedDemoData(rt.ctx, rt.ctx.db);
    expect(first.email).toBe(DEMO_EMAIL);
    const before = await counts(first.customerId);
    expect(before).toEqual({
      payments: 6,
      grants: 5,
      subscriptions: 3,
      devices: 20,
      chat_users: 2,
      payment_methods: 1,
    });

    const second = await seedDemoData(rt.ctx, rt.ctx.db, { password: 'Orchid-Lantern-5521' });
    expect(second.customerId).toBe(first.customerId);
    expect(await counts(first.customerId)).toEqual(before);
    expect(await rt.ctx.db.select().from(customers).where(eq(customers.email, DEMO_EMAIL))).toHaveLength(1);

    const oldLogin = await post(rt, '/api/v1/admin/users/login', { email: DEMO_EMAIL, password: first.password });
    expect(oldLogin.statusCode).toBe(401);
    const login = await post(rt, '/api/v1/admin/users/login', { email: DEMO_EMAIL, password: 'Orchid-Lantern-5521' });
    expect(login.statusCode).toBe(200);
    const token = jsonOf<{ data: { token: string } }>(login).data.token;

    const d = jsonOf<{ data: Dashboard }>(await get(rt, '/api/v1/admin/dashboard', token)).data;
    expect(d).toMatchObject({
      purchasedDevices: 26,
      pdOnetimeDevices: 5,
      enrolDevices: 18,
      pdEnrolledDevices: 11,
      pcEnrolledDevices: 4,
      kmEnrolledDevices: 3,
      pChatUsers: 2,
      licenceExceeded: false,
    });
    expect(d.monthWiseDeviceCount.reduce((a, b) => a + b, 0)).toBe(20);

    const p = jsonOf<PlansResponse>(await get(rt, '/api/v1/admin/payments/plans', token)).data;
    const pd = p.recurringPriceList.find((x) => x.identifier === 'PD')!;
    expect(pd.totalPurchasedDevices).toBe(10);
    expect(pd.subscriptionDetail).toMatchObject({ status: 'active', quantity: 10 });
  });

  it('refuses a weak DEMO_PASSWORD and draws a random one otherwise', () => {
    expect(() => demoPassword('password')).toThrow(/DEMO_PASSWORD/);
    expect(() => demoPassword('short')).toThrow(/DEMO_PASSWORD/);
    const a = demoPassword(undefined);
    expect(a).toMatch(/^Demo-[A-Za-z0-9_-]{12}$/);
    expect(demoPassword('')).not.toBe(a);
  });
});
