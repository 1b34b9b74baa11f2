import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, type ErrorResponse, type ProfileListResponse } from '@fleetdeck/contract';
import { auditEntries, deviceApplications, deviceExports, deviceLogs, devices, profiles } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import { buy } from '../../../test/support/ledger.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, enrolDevice, enrolmentToken, usedSeats } from '../../../test/support/factory.ts';

let rt: TestRuntime;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

async function customerWithDevice(app = 'PD') {
  const c = await newCustomer(rt);
  await buy(rt.ctx.db, c.id, app, 5);
  const d = await enrolDevice(rt, await enrolmentToken(rt, c.id), { appName: app });
  return { c, d };
}

const deviceRow = async (id: string) => (await rt.ctx.db.select().from(devices).where(eq(devices.id, id)))[0]!;

describe('device reports', () => {
  it('POST status updates the sent fields only, and the profile name with the device name', async () => {
    const { d } = await customerWithDevice();
    await rt.ctx.db.update(devices).set({ lastSeenAt: null }).where(eq(devices.id, d.deviceId));
    const res = await call(rt, devicesApi.status, {
      token: d.auth,
      body: {
        batteryLevel: 33,
        localIpAddress: '10.1.2.3',
        appVersionCode: 500,
        deviceName: 'Warehouse 2',
        location: { latitude: 52.37, longitude: 4.89, accuracy: 12 },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res).respones_msg).toBe('Status received.');
    const row = await deviceRow(d.deviceId);
    expect(row).toMatchObject({
      batteryLevel: 33,
      localIpAddress: '10.1.2.3',
      appVersionCode: '500',
      deviceName: 'Warehouse 2',
      location: { latitude: 52.37, longitude: 4.89, accuracy: 12 },
      deviceModel: 'SM-T220', // not sent: unchanged
      osVersion: '13',
    });
    expect(row.lastSeenAt).not.toBeNull();
    const [profile] = await rt.ctx.db.select().from(profiles).where(eq(profiles.id, d.profileId));
    expect(profile!.profileName).toBe('Warehouse 2');
  });

  it('every device call marks the device seen (at most once a minute)', async () => {
    const { d } = await customerWithDevice();
    const old = new Date(Date.now() - 3_600_000);
    await rt.ctx.db.update(devices).set({ lastSeenAt: old }).where(eq(devices.id, d.deviceId));
    const res = await call(rt, devicesApi.logs, {
      token: d.auth,
      body: { logs: [{ deviceActivity: 'Ping', activityResult: 'Success' }] },
    });
    expect(res.statusCode).toBe(200);
    // Seen marks are written by the coalesced status writer (issue 14): its next write, now.
    await rt.ctx.hot.status.flush();
    const seen = (await deviceRow(d.deviceId)).lastSeenAt!;
    expect(seen.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('PUT applications replaces the inventory and keeps the console choice of kept packages', async () => {
    const { d } = await customerWithDevice();
    const put = (applications: unknown[]) =>
      call(rt, devicesApi.applications, { token: d.auth, body: { applications } });
    const first = await put([
      { package_name: 'com.android.chrome', app_name: 'Chrome', version_number: 120 },
      { package_name: 'com.whatsapp', app_name: 'WhatsApp' },
      { package_name: 'com.android.settings', app_name: 'Settings', application_type: 1 },
    ]);
    expect(first.statusCode).toBe(200);
    expect(jsonOf(first).data).toEqual({ applications: 3, removed: 0 });
    // The console disables Chrome.
    await rt.ctx.db
      .update(deviceApplications)
      .set({ desiredDisable: true })
      .where(
        and(eq(deviceApplications.deviceId, d.deviceId), eq(deviceApplications.packageName, 'com.android.chrome')),
      );
    const second = await put([
      { package_name: 'com.android.chrome', app_name: 'Chrome', app_disable: true, version_number: '121' },
      { package_name: 'com.android.settings', app_name: 'Settings', application_type: 1 },
      { package_name: 'org.mozilla.firefox', app_name: 'Firefox', app_status: 'Uninstalled' },
    ]);
    expect(second.statusCode).toBe(200);
    expect(jsonOf(second).data).toEqual({ applications: 3, removed: 1 });
    const rows = await rt.ctx.db
      .select()
      .from(deviceApplications)
      .where(eq(deviceApplications.deviceId, d.deviceId))
      .orderBy(asc(deviceApplications.packageName));
    expect(rows.map((r) => [r.packageName, r.appDisable, r.desiredDisable, r.versionNumber, r.appStatus])).toEqual([
      ['com.android.chrome', true, true, '121', 'Installed'],
      ['com.android.settings', false, null, '', 'Installed'],
      ['org.mozilla.firefox', false, null, '', 'Uninstalled'],
    ]);
    expect(rows.find((r) => r.packageName === 'com.android.settings')!.applicationType).toBe(1);
    // An empty inventory clears it; a repeated package counts once.
    expect(jsonOf(await put([])).data).toEqual({ applications: 0, removed: 3 });
    const dup = await put([{ package_name: 'a.b' }, { package_name: 'a.b', app_name: 'Last' }]);
    expect(jsonOf(dup).data).toEqual({ applications: 1, removed: 0 });
    const [only] = await rt.ctx.db.select().from(deviceApplications).where(eq(deviceApplications.deviceId, d.deviceId));
    expect(only!.appName).toBe('Last');
  });

  it('POST logs inserts the batch with the device serial number and name', async () => {
    const { c, d } = await customerWithDevice('SL');
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const res = await call(rt, devicesApi.logs, {
      token: d.auth,
      body: {
        logs: [
          { deviceActivity: 'Kiosk started', activityResult: 'Success', created_at: past },
          { deviceActivity: 'Policy applied', activityResult: 'Failed' },
          // A clock a little ahead (far ahead is refused: issue 12, item 5, device-quotas.test.ts).
          {
            deviceActivity: 'Clock ahead',
            activityResult: 'Success',
            created_at: new Date(Date.now() + 600_000).toISOString(),
          },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res).data).toEqual({ received: 3 });
    const rows = await rt.ctx.db
      .select()
      .from(deviceLogs)
      .where(and(eq(deviceLogs.customerId, c.id), sql`${deviceLogs.deviceActivity} <> 'Enrolled'`))
      .orderBy(asc(deviceLogs.id));
    expect(rows.map((r) => [r.deviceActivity, r.activityResult, r.serialNumber, r.deviceName])).toEqual([
      ['Kiosk started', 'Success', d.serialNumber, 'Front desk tablet'],
      ['Policy applied', 'Failed', d.serialNumber, 'Front desk tablet'],
      ['Clock ahead', 'Success', d.serialNumber, 'Front desk tablet'],
    ]);
    expect(rows[0]!.createdAt.toISOString()).toBe(past);
    expect(rows[2]!.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    const empty = await call(rt, devicesApi.logs, { token: d.auth, body: { logs: [] } });
    expect(empty.statusCode).toBe(400);
  });

  it('POST exports stores a backup with the device app name', async () => {
    const { c, d } = await customerWithDevice('PDOW');
    const res = await call(rt, devicesApi.createExport, {
      token: d.auth,
      body: { exportName: 'Before audit', disabledApplications: ['com.facebook.katana', 'com.twitter.android'] },
    });
    expect(res.statusCode).toBe(200);
    const id = jsonOf<{ data: { _id: string } }>(res).data._id;
    const [row] = await rt.ctx.db.select().from(deviceExports).where(eq(deviceExports.id, id));
    expect(row).toMatchObject({
      customerId: c.id,
      deviceId: d.deviceId,
      exportName: 'Before audit',
      serialNumber: d.serialNumber,
      appName: 'PDOW',
      disabledApplications: ['com.facebook.katana', 'com.twitter.android'],
    });
    const audits = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.subType, 'Export Created')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ type: 'Device', source: 'App', hasError: false });
    expect(audits[0]!.message).toContain('Before audit');
  });
});

describe('GET /api/v1/admin/device/logout', () => {
  it('logs the device out: next device call 401 E_DEVICE_LOGGED_OUT, the seat is free, log and audit written', async () => {
    const { c, d } = await customerWithDevice();
    expect(await usedSeats(rt, c.token, 'PD')).toBe(1);
    const res = await call(rt, devicesApi.logout, {
      token: c.token,
      query: { serialNumber: encodeURIComponent(d.serialNumber) },
    });
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res)).toMatchObject({ respones_msg: 'Device logged out successfully.', data: { loggedOut: 1 } });
    const next = await call(rt, devicesApi.status, { token: d.auth, body: {} });
    expect(next.statusCode).toBe(401);
    expect(jsonOf<ErrorResponse>(next)).toMatchObject({ code: 'E_DEVICE_LOGGED_OUT', is_logout: 1 });
    expect(await usedSeats(rt, c.token, 'PD')).toBe(0);
    const logs = await rt.ctx.db.select().from(deviceLogs).where(eq(deviceLogs.deviceId, d.deviceId));
    expect(logs.map((l) => l.deviceActivity)).toContain('Logged out');
    const audits = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.subType, 'Logout')));
    expect(audits.map((a) => [a.type, a.source])).toEqual([['Device', 'Web']]);
    // It leaves the profile list; logging out again is harmless.
    const list = jsonOf<ProfileListResponse>(await call(rt, devicesApi.profileList, { token: c.token }));
    expect(list.pagination.total).toBe(0);
    const again = await call(rt, devicesApi.logout, {
      token: c.token,
      query: { serialNumber: encodeURIComponent(d.serialNumber) },
    });
    expect(jsonOf(again)).toMatchObject({ data: { loggedOut: 0 } });
  });

  it('covers every app of the serial, or one family with appName; unknown serial → 404; needs a session', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'PD', 1);
    await buy(rt.ctx.db, c.id, 'SL', 1);
    await buy(rt.ctx.db, c.id, 'PC', 1);
    const token = await enrolmentToken(rt, c.id);
    const pd = await enrolDevice(rt, token, { appName: 'PD' });
    const sl = await enrolDevice(rt, token, { appName: 'SL', serialNumber: pd.serialNumber });
    const pc = await enrolDevice(rt, token, { appName: 'PC', serialNumber: pd.serialNumber });
    const q = { serialNumber: pd.serialNumber };
    const one = await call(rt, devicesApi.logout, { token: c.token, query: { ...q, appName: 'SLOT' } });
    expect(jsonOf(one)).toMatchObject({ data: { loggedOut: 1 } });
    expect((await call(rt, devicesApi.status, { token: sl.auth, body: {} })).statusCode).toBe(401);
    expect((await call(rt, devicesApi.status, { token: pd.auth, body: {} })).statusCode).toBe(200);
    const rest = await call(rt, devicesApi.logout, { token: c.token, query: q });
    expect(jsonOf(rest)).toMatchObject({ data: { loggedOut: 2 } });
    expect((await call(rt, devicesApi.status, { token: pc.auth, body: {} })).statusCode).toBe(401);

    const unknown = await call(rt, devicesApi.logout, {
      token: c.token,
      query: { serialNumber: `NOPE-${Date.now()}` },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call(rt, devicesApi.logout, { token: c.token, query: { serialNumber: '' } })).statusCode).toBe(400);
    expect((await call(rt, devicesApi.logout, { query: q })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/admin/profile/list', () => {
  it('pages, sorts, filters by appName (family, one-time code, PDALL) and searches serial, device name and app', async () => {
    const c = await newCustomer(rt);
    for (const plan of ['PD', 'PDOW', 'SL']) await buy(rt.ctx.db, c.id, plan, 10);
    const token = await enrolmentToken(rt, c.id);
    const enrolled: { app: string; serial: string; profileId: string }[] = [];
    const plan = ['PD', 'PDOT', 'PDOW', 'PDOWOT', 'SL', 'SLOT', 'PD'];
    const serials = ['S-05', 'S-03', 'S-07', 'S-01', 'S-06', 'S-02', 'S-04'];
    for (let i = 0; i < plan.length; i++) {
      const d = await enrolDevice(rt, token, { appName: plan[i]!, serialNumber: serials[i]!, deviceName: `Dev ${i}` });
      enrolled.push({ app: plan[i]!, serial: serials[i]!, profileId: d.profileId });
      // Distinct creation times, in enrolment order.
      await rt.ctx.db
        .update(profiles)
        .set({ createdAt: new Date(Date.UTC(2024, 0, 1 + i)) })
        .where(eq(profiles.id, d.profileId));
    }
    const list = async (query: string) => {
      const res = await call(rt, devicesApi.profileList, {
        token: c.token,
        query: Object.fromEntries(new URLSearchParams(query)),
      });
      expect(res.statusCode).toBe(200);
      return jsonOf<ProfileListResponse>(res);
    };

    const all = await list('');
    expect(all.pagination).toEqual({ page: 1, limit: 25, total: 7, totalCapped: false });
    expect(all.data.map((p) => p.name)).toEqual(serials); // created_at ascending by default
    expect(all.data[0]).toMatchObject({
      _id: enrolled[0]!.profileId,
      profileName: 'Dev 0',
      appName: 'PD',
      created_at: '2024-01-01T00:00:00.000Z',
      online: true,
      policyVersion: 0,
      appliedPolicyVersion: null,
    });

    const byName = await list('?sort=name&order=desc&limit=5&page=1');
    expect(byName.data.map((p) => p.name)).toEqual(['S-07', 'S-06', 'S-05', 'S-04', 'S-03']);
    const page2 = await list('?sort=name&order=desc&limit=5&page=2');
    expect(page2.data.map((p) => p.name)).toEqual(['S-02', 'S-01']);
    expect(page2.pagination).toEqual({ page: 2, limit: 5, total: 7, totalCapped: false });

    expect((await list('?appName=PD')).data.map((p) => p.appName)).toEqual(['PD', 'PDOT', 'PD']);
    expect((await list('?appName=pdot')).data.map((p) => p.appName)).toEqual(['PDOT']);
    expect((await list('?appName=SL&order=desc')).data.map((p) => p.appName)).toEqual(['SLOT', 'SL']);
    const pdall = await list('?appName=PDALL');
    expect(pdall.data.map((p) => p.appName)).toEqual(['PD', 'PDOT', 'PDOW', 'PDOWOT', 'PD']);
    expect(pdall.pagination.total).toBe(5);
    expect(await list('?appName=NOPE')).toMatchObject({ data: [], pagination: { total: 0 } });

    // search (issue 15): serial number, device name, the app's code or its name for people; any case.
    const names = async (query: string) => (await list(query)).data.map((p) => p.name);
    expect(await names('?search=s-0')).toEqual(serials);
    expect(await names('?search=s-07')).toEqual(['S-07']);
    expect(await names('?search=dev%203')).toEqual(['S-01']);
    expect(await names('?search=SLOT')).toEqual(['S-02']);
    expect(await names('?search=super%20lock')).toEqual(['S-06', 'S-02']);
    expect(await names('?search=owner')).toEqual(['S-07', 'S-01']);
    expect(await names('?search=lock&appName=SLOT')).toEqual(['S-02']);
    // LIKE's wildcards match only themselves; a blank search is no filter.
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?search=S_0')).toEqual([]);
    expect((await list('?search=%20%20')).pagination.total).toBe(7);

    // online = seen within 15 minutes.
    await rt.ctx.db
      .update(devices)
      .set({ lastSeenAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(devices.customerId, c.id));
    expect((await list('?limit=5')).data.every((p) => !p.online)).toBe(true);

    expect((await call(rt, devicesApi.profileList, { token: c.token, query: { limit: '7' } })).statusCode).toBe(400);
    expect((await call(rt, devicesApi.profileList, { token: c.token, query: { sort: 'email' } })).statusCode).toBe(400);
    const long = await call(rt, devicesApi.profileList, { token: c.token, query: { search: 'x'.repeat(65) } });
    expect(long.statusCode).toBe(400);
    expect(jsonOf<{ respones_msg: string }>(long).respones_msg).toMatch(/^search: /);
    expect((await call(rt, devicesApi.profileList)).statusCode).toBe(401);
  });
});
