import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, licencesApi, plansApi, usersApi } from '@fleetdeck/contract';
import { customers, deviceApplications, deviceGroups, deviceLogs, devices, policyTemplates } from '../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../test/support/runtime.ts';
import { call } from '../../test/support/call.ts';
import {
  DEMO_EMAIL,
  DEMO_TECHNICIAN_EMAIL,
  DEMO_GROUPS,
  DEMO_TEMPLATE,
  demoPassword,
  seedDemoData,
} from './demo-data.ts';

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
           (select count(*) from profiles where customer_id = ${customerId}) as profiles,
           (select count(*) from chat_users where customer_id = ${customerId}) as chat_users,
           (select count(*) from payment_methods where customer_id = ${customerId}) as payment_methods`);
  return Object.fromEntries(Object.entries(r.rows[0]!).map(([k, v]) => [k, Number(v)]));
};

const profileList = async (token: string) => {
  const res = await call(rt, devicesApi.profileList, { token, query: { limit: 50 } });
  expect(res.statusCode).toBe(200);
  const body = res.data();
  return { items: body.data, total: body.pagination.total };
};

describe('demo data', () => {
  it('creates a verified customer whose dashboard is alive and whose devices came through the device API, and adds nothing when run again', async () => {
    const first = await seedDemoData(rt.ctx, rt.ctx.db);
    expect(first.email).toBe(DEMO_EMAIL);
    expect(first.devicesEnrolled).toBe(20);
    const before = await counts(first.customerId);
    expect(before).toEqual({
      payments: 6,
      grants: 5,
      subscriptions: 3,
      devices: 20,
      profiles: 20,
      chat_users: 2,
      payment_methods: 1,
    });

    const firstLogin = await call(rt, usersApi.login, { body: { email: DEMO_EMAIL, password: first.password } });
    const firstList = await profileList(firstLogin.data().data!.token);

    // A template and two groups of the PD devices (issue 25), made once.
    const groups = await rt.ctx.db.select().from(deviceGroups).where(eq(deviceGroups.customerId, first.customerId));
    expect(groups.map((g) => g.name).sort()).toEqual([...DEMO_GROUPS].sort());
    const [template] = await rt.ctx.db
      .select()
      .from(policyTemplates)
      .where(eq(policyTemplates.customerId, first.customerId));
    expect(template).toMatchObject({ name: DEMO_TEMPLATE, family: 'PD' });
    // A Technician of the first group signs in with the same password (DECISIONS §12).
    const technician = await call(rt, usersApi.login, {
      body: { email: DEMO_TECHNICIAN_EMAIL, password: first.password },
    });
    const me = (await call(rt, usersApi.detail, { token: technician.data().data!.token })).data().data;
    expect(me.member).toMatchObject({
      role: 'Technician',
      groupIds: [groups.find((g) => g.name === DEMO_GROUPS[0])!.id],
    });
    expect(groups.find((g) => g.name === DEMO_GROUPS[0])).toMatchObject({
      templateId: template!.id,
      templateVersion: 1,
    });
    const grouped = firstList.items.filter((p) => p.group !== null);
    expect(grouped).toHaveLength(11);

    // Again (through the test server's own app this time): the same serials re-enrol, without new seats.
    const second = await seedDemoData(rt.ctx, rt.ctx.db, { password: 'Orchid-Lantern-5521', app: rt.app });
    expect(second.customerId).toBe(first.customerId);
    expect(second.devicesEnrolled).toBe(18); // the two logged-out devices stay logged out
    expect(await counts(first.customerId)).toEqual(before);
    expect(await rt.ctx.db.select().from(customers).where(eq(customers.email, DEMO_EMAIL))).toHaveLength(1);

    const oldLogin = await call(rt, usersApi.login, { body: { email: DEMO_EMAIL, password: first.password } });
    expect(oldLogin.statusCode).toBe(401);
    const login = await call(rt, usersApi.login, { body: { email: DEMO_EMAIL, password: 'Orchid-Lantern-5521' } });
    expect(login.statusCode).toBe(200);
    const token = login.data().data!.token;

    // The devices came through the device API: profiles, inventory, status and log rows.
    const list = await profileList(token);
    expect(list.total).toBe(18);
    expect(list.items.map((p) => p._id).sort()).toEqual(firstList.items.map((p) => p._id).sort());
    expect(new Set(list.items.map((p) => p.appName))).toEqual(new Set(['PD', 'PDOT', 'PC', 'KM']));
    for (const p of list.items) {
      expect(p.name).toMatch(/^DEMO-(PD|PC|KM)-\d{3}$/);
      expect(p.profileName).toMatch(/ #\d{2}$/);
      // Applied once from the console and acknowledged by the device; the "Front desks" group's template applied on
      // joining it (acknowledged by the second run's devices).
      const version = p.group?.name === DEMO_GROUPS[0] ? 2 : 1;
      expect(p).toMatchObject({ online: true, policyVersion: version, appliedPolicyVersion: version });
    }
    expect(list.items.map((p) => p.name)).not.toContain('DEMO-PD-004'); // logged out
    const demoDevices = await rt.ctx.db
      .select()
      .from(devices)
      .where(and(eq(devices.customerId, first.customerId), like(devices.serialNumber, 'DEMO-%')));
    expect(demoDevices).toHaveLength(20);
    for (const dev of demoDevices) {
      expect(dev.deviceModel).not.toBe('');
      expect(dev.batteryLevel).toEqual(expect.any(Number));
      expect(dev.enrolledAt.getUTCFullYear()).toBe(new Date().getUTCFullYear());
    }
    const [inventory] = await rt.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deviceApplications)
      .innerJoin(devices, eq(devices.id, deviceApplications.deviceId))
      .where(eq(devices.customerId, first.customerId));
    expect(inventory!.n).toBeGreaterThan(20 * 10);
    const logs = await rt.ctx.db
      .select({ activity: deviceLogs.deviceActivity, serial: deviceLogs.serialNumber })
      .from(deviceLogs)
      .where(eq(deviceLogs.customerId, first.customerId));
    const activities = new Set(logs.map((l) => l.activity));
    for (const a of ['Enrolled', 'Device enrolled', 'Apply', 'Logged out']) expect(activities).toContain(a);
    expect(new Set(logs.map((l) => l.serial)).size).toBe(20);

    const d = (await call(rt, licencesApi.dashboard, { token })).data().data;
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

    const p = (await call(rt, plansApi.list, { token })).data().data;
    const pd = p.recurringPriceList.find((x) => x.identifier === 'PD')!;
    expect(pd.totalPurchasedDevices).toBe(10);
    expect(pd.subscriptionDetail).toMatchObject({ status: 'active', quantity: 10 });
  }, 60_000); // 40 simulated devices through the API (and password hashing): slow on a busy 2-core machine

  it('refuses a weak DEMO_PASSWORD and draws a random one otherwise', () => {
    expect(() => demoPassword('password')).toThrow(/DEMO_PASSWORD/);
    expect(() => demoPassword('short')).toThrow(/DEMO_PASSWORD/);
    const a = demoPassword(undefined);
    expect(a).toMatch(/^Demo-[A-Za-z0-9_-]{12}$/);
    expect(demoPassword('')).not.toBe(a);
  });
});
