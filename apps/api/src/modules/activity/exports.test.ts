import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  activityApi,
  devicesApi,
  policyApi,
  type DeviceExport,
  type ErrorResponse,
  type ExportDetailResponse,
  type ExportListResponse,
  type PolicyResponse,
  type RestoreDisabledAppsResponse,
} from '@fleetdeck/contract';
import { auditEntries, deviceApplications, deviceExports, devices, licenceGrants } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import { buy } from '../../../test/support/ledger.ts';
import { call } from '../../../test/support/call.ts';
import {
  enrolDevice,
  customerWithSeats,
  uploadExport,
  type TestCustomer as Customer,
  type TestDevice,
} from '../../../test/support/factory.ts';

let rt: TestRuntime;
let c: Customer;
let source: TestDevice;
let target: TestDevice;

const BLOATWARE = ['com.facebook.katana', 'com.samsung.android.bixby.agent', 'com.netflix.mediaclient'];

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  c = await customerWithSeats(rt, 'PD', 5);
  await buy(rt.ctx.db, c.id, 'PDOW', 2);
  await buy(rt.ctx.db, c.id, 'SL', 1);
  source = await enrolDevice(rt, c, { serialNumber: 'SN-SOURCE', deviceName: 'Old tablet' });
  target = await enrolDevice(rt, c, { serialNumber: 'SN-TARGET', appName: 'PDOW', deviceName: 'New tablet' });
  const inventory = (auth: string, applications: unknown[]) =>
    call(rt, devicesApi.applications, { token: auth, body: { applications } });
  expect(
    (
      await inventory(source.auth, [
        { package_name: 'com.facebook.katana', app_name: 'Facebook', appIcon: 'https://icons.test/fb.png' },
        { package_name: 'com.samsung.android.bixby.agent', app_name: 'Bixby Voice', application_type: 1 },
      ])
    ).statusCode,
  ).toBe(200);
  expect(
    (await inventory(target.auth, [{ package_name: 'com.facebook.katana', app_name: 'Facebook', app_disable: false }]))
      .statusCode,
  ).toBe(200);
});
afterAll(async () => rt?.close());

let exportId: string;
beforeEach(async () => {
  exportId = await uploadExport(rt, source.auth, { exportName: 'Backup 1', disabledApplications: BLOATWARE });
});

const exportRow = async (id: string) =>
  (await rt.ctx.db.select().from(deviceExports).where(eq(deviceExports.id, id)))[0] ?? null;

const auditOf = async (subType: string) =>
  rt.ctx.db
    .select({ message: auditEntries.message, source: auditEntries.source })
    .from(auditEntries)
    .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.subType, subType)))
    .orderBy(asc(auditEntries.id));

describe('GET users/export/list and export/detail', () => {
  it('lists the exports newest first with the fields of spec 2, paged on the server', async () => {
    const newer = await uploadExport(rt, source.auth, { exportName: 'Backup 2', disabledApplications: ['a.b', 'a.b'] });
    const res = await call(rt, activityApi.exportList, { query: { limit: '5' }, token: c.token });
    expect(res.statusCode).toBe(200);
    const body = jsonOf<ExportListResponse>(res);
    expect(body.data[0]).toEqual({
      _id: newer,
      exportName: 'Backup 2',
      serialNumber: 'SN-SOURCE',
      appName: 'PD',
      disabledApplications: ['a.b'],
      created_at: expect.any(String),
    });
    expect(body.data[1]?._id).toBe(exportId);
    const total = await rt.ctx.db.$count(deviceExports, eq(deviceExports.customerId, c.id));
    expect(total).toBeGreaterThanOrEqual(2);
    expect(body.pagination).toEqual({ page: 1, limit: 5, total });
    const page2 = jsonOf<ExportListResponse>(
      await call(rt, activityApi.exportList, { query: { limit: '5', page: '2' }, token: c.token }),
    );
    expect(page2.data).toHaveLength(Math.max(0, Math.min(5, total - 5)));
    expect(page2.data.map((e) => e._id)).not.toContain(newer);
  });

  it('details the disabled apps with the names and icons the exporting device reported', async () => {
    const res = await call(rt, activityApi.exportDetail, { query: { id: exportId }, token: c.token });
    expect(res.statusCode).toBe(200);
    expect(jsonOf<ExportDetailResponse>(res).data).toMatchObject({
      _id: exportId,
      exportName: 'Backup 1',
      disabledApplications: BLOATWARE,
      applications: [
        { packageName: 'com.facebook.katana', appName: 'Facebook', appIcon: 'https://icons.test/fb.png' },
        { packageName: 'com.samsung.android.bixby.agent', appName: 'Bixby Voice', appIcon: '' },
        { packageName: 'com.netflix.mediaclient', appName: '', appIcon: '' },
      ],
    });
  });

  it('answers 404 for an unknown export and 400 naming id for a malformed or missing one', async () => {
    const unknown = await call(rt, activityApi.exportDetail, { query: { id: crypto.randomUUID() }, token: c.token });
    expect(unknown.statusCode).toBe(404);
    expect(jsonOf<ErrorResponse>(unknown)).toMatchObject({ code: 'E_NOT_FOUND', respones_msg: 'Export not found.' });
    const bad = await call(rt, activityApi.exportDetail, { query: { id: '42' }, token: c.token });
    expect(jsonOf<ErrorResponse>(bad)).toMatchObject({
      code: 'E_VALIDATION',
      respones_msg: 'id: must be an export id',
    });
    const missing = await call(rt, activityApi.exportDetail, { token: c.token });
    expect(missing.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(missing).respones_msg).toMatch(/^id: /);
  });
});

describe('DELETE users/export/delete and export/application/delete', () => {
  it('deletes an export by the id in the query string, then answers 404; audited', async () => {
    const res = await call(rt, activityApi.exportDelete, { query: { id: exportId }, token: c.token });
    expect(res.statusCode).toBe(200);
    expect(jsonOf<{ respones_msg: string; data: DeviceExport }>(res)).toMatchObject({
      respones_msg: 'Export deleted successfully.',
      data: { _id: exportId, exportName: 'Backup 1' },
    });
    expect(await exportRow(exportId)).toBeNull();
    const again = await call(rt, activityApi.exportDelete, { query: { id: exportId }, token: c.token });
    expect(again.statusCode).toBe(404);
    expect((await auditOf('Export Delete')).at(-1)).toEqual({
      message: 'Export "Backup 1" of SN-SOURCE deleted',
      source: 'Web',
    });
  });

  it('deletes an export by the id in a JSON body; without any id: 400 naming id', async () => {
    const res = await call(rt, activityApi.exportDelete, { token: c.token, body: { id: exportId } });
    expect(res.statusCode).toBe(200);
    expect(await exportRow(exportId)).toBeNull();
    const none = await call(rt, activityApi.exportDelete, { token: c.token });
    expect(none.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(none)).toMatchObject({
      code: 'E_VALIDATION',
      respones_msg: 'id: is required (in the query string or the JSON body)',
    });
    const bad = await call(rt, activityApi.exportDelete, { token: c.token, body: { id: 'nope' } });
    expect(jsonOf<ErrorResponse>(bad).respones_msg).toBe('id: must be an export id');
  });

  it('removes one app of an export (query string or body) and answers the export as it is now', async () => {
    const byQuery = await call(rt, activityApi.exportApplicationDelete, {
      token: c.token,
      query: { id: exportId, app: 'com.netflix.mediaclient' },
    });
    expect(byQuery.statusCode).toBe(200);
    expect(jsonOf<{ data: DeviceExport }>(byQuery).data.disabledApplications).toEqual(BLOATWARE.slice(0, 2));
    const byBody = await call(rt, activityApi.exportApplicationDelete, {
      token: c.token,
      body: { id: exportId, app: 'com.facebook.katana' },
    });
    expect(jsonOf<{ respones_msg: string; data: DeviceExport }>(byBody)).toMatchObject({
      respones_msg: 'Application removed from the export.',
      data: { disabledApplications: ['com.samsung.android.bixby.agent'] },
    });
    expect((await exportRow(exportId))?.disabledApplications).toEqual(['com.samsung.android.bixby.agent']);
    expect((await auditOf('Export Application Delete')).at(-1)?.message).toBe(
      'com.facebook.katana removed from export "Backup 1" of SN-SOURCE',
    );
  });

  it('answers 404 naming app for an app not in the export, 400 naming app when it is missing', async () => {
    const notThere = await call(rt, activityApi.exportApplicationDelete, {
      query: { id: exportId, app: 'com.whatsapp' },
      token: c.token,
    });
    expect(notThere.statusCode).toBe(404);
    expect(jsonOf<ErrorResponse>(notThere).respones_msg).toBe('app: com.whatsapp is not in this export.');
    const missing = await call(rt, activityApi.exportApplicationDelete, { query: { id: exportId }, token: c.token });
    expect(missing.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(missing).respones_msg).toBe('app: is required (in the query string or the JSON body)');
    const unknownExport = await call(rt, activityApi.exportApplicationDelete, {
      query: { id: crypto.randomUUID(), app: 'a.b' },
      token: c.token,
    });
    expect(jsonOf<ErrorResponse>(unknownExport)).toMatchObject({
      code: 'E_NOT_FOUND',
      respones_msg: 'Export not found.',
    });
    expect((await exportRow(exportId))?.disabledApplications).toEqual(BLOATWARE);
  });
});

describe('POST device/restore/pdDisabledApp', () => {
  const restore = (body: unknown, token = c.token) => call(rt, activityApi.restoreDisabledApps, { token, body });

  const choicesOf = async (deviceId: string) =>
    rt.ctx.db
      .select({
        packageName: deviceApplications.packageName,
        appName: deviceApplications.appName,
        appStatus: deviceApplications.appStatus,
        desiredDisable: deviceApplications.desiredDisable,
      })
      .from(deviceApplications)
      .where(eq(deviceApplications.deviceId, deviceId))
      .orderBy(asc(deviceApplications.packageName));

  it('marks every app of the export to be disabled on the target; the next Apply sends them to the device', async () => {
    const res = await restore({ profileId: target.profileId, restoreId: exportId });
    expect(res.statusCode).toBe(200);
    const body = jsonOf<RestoreDisabledAppsResponse>(res);
    expect(body).toEqual({
      respones_msg:
        '3 application(s) will be disabled on this device. Press Apply on the profile to send them to the device.',
      data: { profileId: target.profileId, restored: 3, notOnDevice: 2 },
    });
    expect(await choicesOf(target.deviceId)).toEqual([
      { packageName: 'com.facebook.katana', appName: 'Facebook', appStatus: 'Installed', desiredDisable: true },
      { packageName: 'com.netflix.mediaclient', appName: '', appStatus: 'Uninstalled', desiredDisable: true },
      {
        packageName: 'com.samsung.android.bixby.agent',
        appName: 'Bixby Voice',
        appStatus: 'Uninstalled',
        desiredDisable: true,
      },
    ]);
    expect((await auditOf('Export Restore')).at(-1)?.message).toBe(
      'Export "Backup 1" of SN-SOURCE restored onto SN-TARGET (PDOW): 3 app(s) to disable on the next Apply',
    );

    // Nothing reaches the device before Apply.
    const policyOf = async () =>
      jsonOf<PolicyResponse>(await call(rt, policyApi.policy, { token: target.auth })).data.policy;
    expect(await policyOf()).not.toHaveProperty('applications', expect.arrayContaining([expect.anything()]));
    const applied = await call(rt, policyApi.apply, { query: { profileId: target.profileId }, token: c.token });
    expect(applied.statusCode).toBe(200);
    expect((await policyOf()).applications).toEqual(
      BLOATWARE.map((p) => ({ packageName: p, disable: true })).sort((a, b) =>
        a.packageName.localeCompare(b.packageName),
      ),
    );

    // Restoring again changes nothing new; the device's next inventory keeps the choice of the apps it has.
    const twice = jsonOf<RestoreDisabledAppsResponse>(
      await restore({ profileId: target.profileId, restoreId: exportId }),
    );
    expect(twice.data).toMatchObject({ restored: 3, notOnDevice: 0 });
    await call(rt, devicesApi.applications, {
      token: target.auth,
      body: {
        applications: [
          { package_name: 'com.facebook.katana', app_name: 'Facebook', app_disable: true },
          { package_name: 'com.netflix.mediaclient', app_name: 'Netflix' },
        ],
      },
    });
    expect(await choicesOf(target.deviceId)).toEqual([
      { packageName: 'com.facebook.katana', appName: 'Facebook', appStatus: 'Installed', desiredDisable: true },
      { packageName: 'com.netflix.mediaclient', appName: 'Netflix', appStatus: 'Installed', desiredDisable: true },
    ]);
  });

  it('says so when the export has no apps left', async () => {
    const empty = await uploadExport(rt, source.auth, { exportName: 'Empty', disabledApplications: [] });
    const res = await restore({ profileId: source.profileId, restoreId: empty });
    expect(jsonOf(res)).toMatchObject({
      respones_msg: 'This export has no disabled applications to restore.',
      data: { restored: 0, notOnDevice: 0 },
    });
  });

  it('restores only onto a Fleetdeck profile (PD, PDOT, PDOW, PDOWOT): 400 naming profileId', async () => {
    const superLock = await enrolDevice(rt, c, { serialNumber: 'SN-SUPERLOCK', appName: 'SL' });
    const res = await restore({ profileId: superLock.profileId, restoreId: exportId });
    expect(res.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(res)).toMatchObject({
      code: 'E_VALIDATION',
      respones_msg: 'profileId: exports restore onto Fleetdeck profiles only (PD, PDOT, PDOW, PDOWOT); this one is SL.',
    });
    expect(await choicesOf(superLock.deviceId)).toEqual([]);
  });

  it('answers 404 for an unknown profile or export, 400 naming the field for malformed ids', async () => {
    const noProfile = await restore({ profileId: crypto.randomUUID(), restoreId: exportId });
    expect(noProfile.statusCode).toBe(404);
    expect(jsonOf<ErrorResponse>(noProfile)).toMatchObject({
      code: 'E_PROFILE_NOT_FOUND',
      respones_msg: 'profileId: profile not found.',
    });
    const noExport = await restore({ profileId: target.profileId, restoreId: crypto.randomUUID() });
    expect(noExport.statusCode).toBe(404);
    expect(jsonOf<ErrorResponse>(noExport).respones_msg).toBe('restoreId: export not found.');
    const malformed = await restore({ profileId: 'abc', restoreId: exportId });
    expect(jsonOf<ErrorResponse>(malformed)).toMatchObject({
      code: 'E_VALIDATION',
      respones_msg: 'profileId: must be a profile id',
    });
    const missing = await restore({ profileId: target.profileId });
    expect(jsonOf<ErrorResponse>(missing).respones_msg).toMatch(/^restoreId: /);
  });

  it('refuses a logged-out device with 409', async () => {
    const gone = await enrolDevice(rt, c, { serialNumber: 'SN-GONE' });
    expect((await call(rt, devicesApi.logout, { query: { serialNumber: 'SN-GONE' }, token: c.token })).statusCode).toBe(
      200,
    );
    const res = await restore({ profileId: gone.profileId, restoreId: exportId });
    expect(res.statusCode).toBe(409);
    expect(jsonOf<ErrorResponse>(res)).toMatchObject({ code: 'E_CONFLICT' });
  });

  it("answers 402 with redirectToPaymentPage while the family's licences are exceeded", async () => {
    const pdowGrants = and(eq(licenceGrants.customerId, c.id), eq(licenceGrants.family, 'PDOW'));
    await rt.ctx.db
      .update(licenceGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(pdowGrants);
    try {
      const res = await restore({ profileId: target.profileId, restoreId: exportId });
      expect(res.statusCode).toBe(402);
      expect(jsonOf<ErrorResponse>(res)).toMatchObject({ code: 'E_PAYMENT_REQUIRED', redirectToPaymentPage: 1 });
    } finally {
      await rt.ctx.db
        .update(licenceGrants)
        .set({ expiresAt: new Date(Date.now() + 86_400_000) })
        .where(pdowGrants);
    }
  });

  it('needs the customer session', async () => {
    const res = await call(rt, activityApi.restoreDisabledApps, {
      body: { profileId: target.profileId, restoreId: exportId },
    });
    expect(res.statusCode).toBe(401);
    const [device] = await rt.ctx.db.select().from(devices).where(eq(devices.id, target.deviceId));
    expect(device?.loggedOutAt).toBeNull();
  });
});
