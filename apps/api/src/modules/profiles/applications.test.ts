import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  policyApi,
  profilesApi,
  MAX_PROFILE_LIST_ENTRIES,
  type DeviceApplicationItem,
  type DeviceDetail,
  type EventsResponse,
  type ProfileApplication,
  type ProfileDetail,
} from '@fleetdeck/contract';
import { deviceApplications, deviceMessages, devices, profiles } from '../../db/schema.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import { call } from '../../../test/support/call.ts';
import {
  api,
  dataOf,
  failure,
  type fleetOwner,
  profileRow,
  reportInventory,
  applyProfile,
  devicePolicy,
  lastProfileAudit,
  profileDetail,
} from '../../../test/support/profiles.ts';
import { startWithFleetOwner } from '../../../test/support/suites.ts';

/**
 * The Applications tabs: the device's reported apps (profile/device/detail, device/application/update, sync) and
 * the profile's own application lists (profile/applications, application/create|update|delete).
 */

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;

beforeAll(async () => ({ rt, owner } = await startWithFleetOwner()));
afterAll(async () => rt?.close());

const get = (path: string, query: Record<string, string | boolean>) =>
  api(rt, 'GET', path, { token: owner.token, query });
const post = (path: string, body: unknown) => api(rt, 'POST', path, { token: owner.token, body });

const INVENTORY = [
  {
    package_name: 'com.whatsapp',
    app_name: 'WhatsApp',
    version_number: '2.24.1',
    appIcon: 'https://icons.example/wa.png',
  },
  { package_name: 'com.android.chrome', app_name: 'Chrome', application_type: 1 as const, version_number: '120' },
  { package_name: 'com.facebook.katana', app_name: 'Facebook', app_disable: true },
  { package_name: 'com.android.settings', app_name: 'Settings', application_type: 1 as const, app_disable: true },
  { package_name: 'com.zhiliaoapp.musically', app_name: 'TikTok', app_status: 'Uninstalled' as const },
  { package_name: 'com.example.noname', app_name: '' },
];

async function deviceWithApps(app = 'PD') {
  const d = await owner.enrol(app);
  await reportInventory(rt, d, INVENTORY);
  return d;
}

const detail = async (query: Record<string, string | boolean>) =>
  dataOf<DeviceDetail>(await get('profile/device/detail', query));
const names = (d: DeviceDetail) => d.applications.map((a) => a.package_name);

describe('profile/device/detail', () => {
  it('answers the device facts and its user apps sorted by name; showSystemApp adds the system apps', async () => {
    const d = await deviceWithApps();
    await rt.ctx.db
      .update(devices)
      .set({ location: { latitude: 48.85, longitude: 2.35, accuracy: 20 } })
      .where(eq(devices.id, d.deviceId));
    const data = await detail({ profileId: d.profileId });
    expect(data).toMatchObject({
      profileId: d.profileId,
      serialNumber: d.serialNumber,
      appName: 'PD',
      appVersionCode: '412',
      batteryLevel: 80,
      deviceModel: 'SM-T220',
      localIpAddress: '192.168.1.20',
      macAddress: '02:00:00:00:00:01',
      osVersion: '13',
      location: { latitude: 48.85, longitude: 2.35, accuracy: 20 },
      online: true,
      applicationsTotal: 6,
    });
    expect(Date.parse(data.appInstallationDate!)).not.toBeNaN();
    // By app name (an app without one sorts by its package), system apps hidden.
    expect(names(data)).toEqual([
      'com.example.noname',
      'com.facebook.katana',
      'com.zhiliaoapp.musically',
      'com.whatsapp',
    ]);
    expect(data.applications.find((a) => a.package_name === 'com.whatsapp')).toEqual({
      package_name: 'com.whatsapp',
      app_name: 'WhatsApp',
      app_disable: false,
      desired_disable: null,
      appIcon: 'https://icons.example/wa.png',
      version_number: '2.24.1',
      app_status: 'Installed',
      application_type: 0,
    });
    const all = await detail({ profileId: d.profileId, showSystemApp: true });
    expect(names(all)).toEqual([
      'com.android.chrome',
      'com.example.noname',
      'com.facebook.katana',
      'com.android.settings',
      'com.zhiliaoapp.musically',
      'com.whatsapp',
    ]);
  });

  it('filters by text in package or app name, by reported status and by install status', async () => {
    const d = await deviceWithApps();
    const profileId = d.profileId;
    expect(names(await detail({ profileId, packageName: 'FACE' }))).toEqual(['com.facebook.katana']);
    expect(names(await detail({ profileId, packageName: 'tok' }))).toEqual(['com.zhiliaoapp.musically']);
    // `%` and `_` are plain characters, not wildcards.
    expect(names(await detail({ profileId, packageName: '%' }))).toEqual([]);
    expect(names(await detail({ profileId, packageName: 'chrome' }))).toEqual([]);
    expect(names(await detail({ profileId, packageName: 'chrome', showSystemApp: 'true' }))).toEqual([
      'com.android.chrome',
    ]);
    expect(names(await detail({ profileId, applicationStatus: 'Disabled', showSystemApp: '1' }))).toEqual([
      'com.facebook.katana',
      'com.android.settings',
    ]);
    expect(names(await detail({ profileId, applicationStatus: 'Enabled' }))).toEqual([
      'com.example.noname',
      'com.zhiliaoapp.musically',
      'com.whatsapp',
    ]);
    expect(names(await detail({ profileId, applicationInstallStatus: 'Uninstalled' }))).toEqual([
      'com.zhiliaoapp.musically',
    ]);
    const combined = await detail({
      profileId,
      applicationInstallStatus: 'Installed',
      applicationStatus: 'Enabled',
      packageName: 'com.',
    });
    expect(names(combined)).toEqual(['com.example.noname', 'com.whatsapp']);
    expect(combined.applicationsTotal).toBe(6);
  });

  it('refuses bad filters naming them; a device without inventory answers an empty list', async () => {
    const d = await owner.enrol('KM');
    const empty = await detail({ profileId: d.profileId });
    expect(empty).toMatchObject({ applications: [], applicationsTotal: 0 });
    const cases: [Record<string, string>, string][] = [
      [{ applicationStatus: 'Frozen' }, 'applicationStatus: must be Enabled or Disabled'],
      [{ applicationInstallStatus: 'Maybe' }, 'applicationInstallStatus: must be Installed or Uninstalled'],
      [{ showSystemApp: 'perhaps' }, 'showSystemApp: must be true or false'],
    ];
    for (const [query, message] of cases) {
      const err = failure(
        await get('profile/device/detail', { profileId: d.profileId, ...query }),
        400,
        'E_VALIDATION',
      );
      expect(err.respones_msg).toBe(message);
    }
  });
});

describe('profile/device/application/update', () => {
  const updateDeviceApp = (profileId: string, packageName: string, appDisable: unknown) =>
    post('profile/device/application/update', { profileId, packageName, app_disable: appDisable });

  it('records the choice, shows it as pending until the device reports it, and Apply sends it', async () => {
    const d = await deviceWithApps();
    const res = await updateDeviceApp(d.profileId, 'com.whatsapp', true);
    const item = dataOf<DeviceApplicationItem>(res);
    expect(jsonOf(res).respones_msg).toBe('The application will be disabled when you apply the profile.');
    expect(item).toMatchObject({ package_name: 'com.whatsapp', app_disable: false, desired_disable: true });
    const audit = await lastProfileAudit(rt, owner, 'Application Status Update');
    expect(audit!.message).toContain('com.whatsapp to be disabled on the next Apply');

    const listed = await detail({ profileId: d.profileId, packageName: 'whatsapp' });
    expect(listed.applications[0]!.desired_disable).toBe(true);
    expect((await profileDetail(rt, owner, d.profileId)).hasUnappliedChanges).toBe(true);

    await applyProfile(rt, owner, d.profileId);
    expect((await devicePolicy(rt, d)).policy.applications).toEqual([{ packageName: 'com.whatsapp', disable: true }]);
    expect((await profileDetail(rt, owner, d.profileId)).hasUnappliedChanges).toBe(false);

    // The device did it: nothing pending any more (the choice itself stays in the policy).
    await reportInventory(
      rt,
      d,
      INVENTORY.map((a) => (a.package_name === 'com.whatsapp' ? { ...a, app_disable: true } : a)),
    );
    const done = await detail({ profileId: d.profileId, packageName: 'whatsapp' });
    expect(done.applications[0]).toMatchObject({ app_disable: true, desired_disable: null });
    expect((await profileDetail(rt, owner, d.profileId)).hasUnappliedChanges).toBe(false);

    // Enabling again on a Super Lock profile works the same.
    const sl = await deviceWithApps('SL');
    const enabled = dataOf<DeviceApplicationItem>(await updateDeviceApp(sl.profileId, 'com.facebook.katana', false));
    expect(enabled).toMatchObject({ app_disable: true, desired_disable: false });
  });

  it('404 for a package the device never reported; 400 for bad input; 400 naming the call on apps without an app list', async () => {
    const d = await deviceWithApps();
    const missing = failure(await updateDeviceApp(d.profileId, 'com.unknown.app', true), 404, 'E_NOT_FOUND');
    expect(missing.respones_msg).toContain('has not reported com.unknown.app');
    expect(failure(await updateDeviceApp(d.profileId, 'com.whatsapp', 'yes'), 400, 'E_VALIDATION').respones_msg).toBe(
      'app_disable: must be true or false',
    );
    expect(failure(await updateDeviceApp(d.profileId, 'whatsapp', true), 400, 'E_VALIDATION').respones_msg).toContain(
      'packageName: must be an Android package name',
    );
    for (const app of ['UB', 'KM', 'POB']) {
      const other = await deviceWithApps(app);
      const err = failure(await updateDeviceApp(other.profileId, 'com.whatsapp', true), 400, 'E_VALIDATION');
      expect(err.respones_msg).toMatch(/^profile\/device\/application\/update does not apply to /);
      const [row] = await rt.ctx.db
        .select()
        .from(deviceApplications)
        .where(
          and(eq(deviceApplications.deviceId, other.deviceId), eq(deviceApplications.packageName, 'com.whatsapp')),
        );
      expect(row!.desiredDisable).toBeNull();
    }
  });
});

describe('profile/device/application/sync', () => {
  it('queues one sync_applications command the long-poll hands out, wakes the device, audits', async () => {
    const d = await deviceWithApps();
    const res = await get('profile/device/application/sync', { profileId: d.profileId });
    const first = dataOf<{ profileId: string; requestedAt: string }>(res);
    expect(first.profileId).toBe(d.profileId);
    expect(Date.parse(first.requestedAt)).not.toBeNaN();
    expect((await lastProfileAudit(rt, owner, 'Application Sync'))!.message).toContain(
      'application list requested from the device',
    );

    // Asked again before the device picked it up: still one command, with the first request's time.
    const again = dataOf<{ requestedAt: string }>(
      await get('profile/device/application/sync', { profileId: d.profileId }),
    );
    expect(again.requestedAt).toBe(first.requestedAt);
    const queued = await rt.ctx.db.select().from(deviceMessages).where(eq(deviceMessages.deviceId, d.deviceId));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    const events = await call(rt, policyApi.events, { query: { wait: '0', version: '0' }, token: d.auth });
    expect(jsonOf<EventsResponse>(events).data.messages).toMatchObject([
      { kind: 'command', payload: { command: 'sync_applications' } },
    ]);
    // Handed out: the next sync is a new command.
    const later = dataOf<{ requestedAt: string }>(
      await get('profile/device/application/sync', { profileId: d.profileId }),
    );
    expect(later.requestedAt > first.requestedAt).toBe(true);
    expect(await rt.ctx.db.select().from(deviceMessages).where(eq(deviceMessages.deviceId, d.deviceId))).toHaveLength(
      2,
    );
  });

  it('a device waiting on its long-poll is woken by the sync at once', async () => {
    const d = await deviceWithApps('PC');
    const poll = call(rt, policyApi.events, { query: { wait: '20', version: '0' }, token: d.auth });
    const end = Date.now() + 10_000;
    while (rt.ctx.wakeups.waiterCount(d.deviceId) === 0 && Date.now() < end)
      await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    await get('profile/device/application/sync', { profileId: d.profileId });
    const answered = jsonOf<EventsResponse>(await poll).data;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answered.messages.map((m) => m.payload)).toEqual([{ command: 'sync_applications' }]);
  });

  it('400 naming the call for apps without an application list', async () => {
    const d = await owner.enrol('UB');
    const err = failure(await get('profile/device/application/sync', { profileId: d.profileId }), 400, 'E_VALIDATION');
    expect(err.respones_msg).toMatch(/^profile\/device\/application\/sync does not apply to URL Blocker profiles/);
    expect(await rt.ctx.db.select().from(deviceMessages).where(eq(deviceMessages.deviceId, d.deviceId))).toEqual([]);
  });
});

describe('profile application lists', () => {
  const list = async (profileId: string, productType?: string) =>
    dataOf<ProfileApplication[]>(
      await get('profile/applications', productType ? { profileId, productType } : { profileId }),
    );
  const create = (body: Record<string, unknown>) => post('profile/application/create', body);

  it("Power Cleaner's uninstall/clear list: create, duplicate 409, update status, delete by query or body; Apply sends it", async () => {
    const pc = await owner.enrol('PC');
    const profileId = pc.profileId;
    expect(await list(profileId)).toEqual([]);
    const afterCreate = dataOf<ProfileApplication[]>(
      await create({
        profileId,
        appPackageName: 'com.facebook.katana',
        appIcon: 'https://icons.example/fb.png',
        status: 'Uninstall',
        appDetails: { title: 'Facebook', icon: 'https://icons.example/fb.png', appId: 'com.facebook.katana' },
      }),
    );
    expect(afterCreate).toHaveLength(1);
    const [fb] = afterCreate;
    expect(fb).toMatchObject({
      appPackageName: 'com.facebook.katana',
      appIcon: 'https://icons.example/fb.png',
      status: 'Uninstall',
      appDetails: { title: 'Facebook', icon: 'https://icons.example/fb.png', appId: 'com.facebook.katana' },
      productType: null,
    });
    expect(fb!._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(fb!.created_at)).not.toBeNaN();
    expect((await lastProfileAudit(rt, owner, 'Application Update'))!.message).toContain(
      'com.facebook.katana added to the uninstall/clear list (Uninstall)',
    );

    // appDetails left out: filled from the catalogue and the package.
    const two = dataOf<ProfileApplication[]>(
      await create({ profileId, appPackageName: 'com.whatsapp', status: 'Clear Data' }),
    );
    expect(two[1]).toMatchObject({
      appDetails: { title: 'WhatsApp Messenger', icon: '', appId: 'com.whatsapp' },
      status: 'Clear Data',
    });

    const dup = failure(
      await create({ profileId, appPackageName: 'com.whatsapp', status: 'Uninstall' }),
      409,
      'E_CONFLICT',
    );
    expect(dup.respones_msg).toBe('com.whatsapp is already in the uninstall/clear list.');

    const updated = dataOf<ProfileApplication[]>(
      await post('profile/application/update', {
        profileId,
        appPackageName: 'com.facebook.katana',
        status: 'Clear Data',
      }),
    );
    expect(updated.map((a) => a.status)).toEqual(['Clear Data', 'Clear Data']);
    failure(
      await post('profile/application/update', { profileId, appPackageName: 'com.absent.app', status: 'Uninstall' }),
      404,
      'E_NOT_FOUND',
    );

    await applyProfile(rt, owner, profileId);
    expect((await devicePolicy(rt, pc)).policy.cleanerApplications).toEqual([
      { packageName: 'com.facebook.katana', action: 'Clear Data' },
      { packageName: 'com.whatsapp', action: 'Clear Data' },
    ]);

    // DELETE with query parameters, then with a JSON body.
    const afterQuery = await call(rt, profilesApi.applicationDelete, {
      token: owner.token,
      query: { profileId, id: fb!._id },
    });
    expect(dataOf<ProfileApplication[]>(afterQuery).map((a) => a.appPackageName)).toEqual(['com.whatsapp']);
    const afterBody = await call(rt, profilesApi.applicationDelete, {
      token: owner.token,
      body: { profileId, id: two[1]!._id },
    });
    expect(dataOf<ProfileApplication[]>(afterBody)).toEqual([]);
    expect((await lastProfileAudit(rt, owner, 'Application Update'))!.message).toContain(
      'com.whatsapp removed from the uninstall/clear list',
    );
    failure(
      await call(rt, profilesApi.applicationDelete, { token: owner.token, query: { profileId, id: fb!._id } }),
      404,
      'E_NOT_FOUND',
    );
    const noId = failure(
      await call(rt, profilesApi.applicationDelete, { token: owner.token, query: { profileId } }),
      400,
      'E_VALIDATION',
    );
    expect(noId.respones_msg).toBe('id: is required (in the query string or the JSON body)');
  });

  it("Super Lock: Cleaner Apps under 'Super Lock' and the kiosk list under 'Kiosk' are separate lists; Multi App needs the kiosk list", async () => {
    const sl = await owner.enrol('SL');
    const profileId = sl.profileId;
    dataOf(
      await create({
        profileId,
        appPackageName: 'com.android.chrome',
        status: 'Clear Data',
        productType: 'Super Lock',
      }),
    );
    // The same package in another list is fine.
    const kioskList = dataOf<ProfileApplication[]>(
      await create({ profileId, appPackageName: 'com.android.chrome', status: 'Uninstall', productType: 'Kiosk' }),
    );
    expect(kioskList.map((a) => [a.appPackageName, a.productType])).toEqual([['com.android.chrome', 'Kiosk']]);
    failure(
      await create({ profileId, appPackageName: 'com.android.chrome', status: 'Uninstall', productType: 'Kiosk' }),
      409,
      'E_CONFLICT',
    );
    expect((await list(profileId, 'Super Lock')).map((a) => a.productType)).toEqual(['Super Lock']);

    // A Super Lock profile has no list without productType.
    const noType = failure(await get('profile/applications', { profileId }), 400, 'E_VALIDATION');
    expect(noType.respones_msg).toContain(
      "productType: a Super Lock profile keeps its cleaner apps under productType 'Super Lock'",
    );
    failure(await create({ profileId, appPackageName: 'com.whatsapp', status: 'Uninstall' }), 400, 'E_VALIDATION');

    const multi = dataOf<ProfileDetail>(
      await post('profile/update/kiosk/setting', { profileId, kioskType: 'Multi App' }),
    );
    expect(multi.kioskType).toBe('Multi App');
    await applyProfile(rt, owner, profileId);
    expect((await devicePolicy(rt, sl)).policy).toMatchObject({
      kioskType: 'Multi App',
      kioskApplications: ['com.android.chrome'],
      cleanerApplications: [{ packageName: 'com.android.chrome', action: 'Clear Data' }],
    });

    // The last kiosk app cannot go while Multi App is chosen.
    const last = failure(
      await call(rt, profilesApi.applicationDelete, {
        token: owner.token,
        query: { profileId, id: kioskList[0]!._id },
      }),
      409,
      'E_CONFLICT',
    );
    expect(last.respones_msg).toContain('last app of the Multi App kiosk');
    dataOf(await post('profile/update/kiosk/setting', { profileId, kioskType: 'None' }));
    const removed = await call(rt, profilesApi.applicationDelete, {
      token: owner.token,
      query: { profileId, id: kioskList[0]!._id },
    });
    expect(dataOf<ProfileApplication[]>(removed)).toEqual([]);
  });

  it(`a list holds at most ${MAX_PROFILE_LIST_ENTRIES} entries`, async () => {
    const pc = await owner.enrol('PC');
    const full = Array.from({ length: MAX_PROFILE_LIST_ENTRIES }, (_, i) => ({
      _id: crypto.randomUUID(),
      appPackageName: `com.example.app${i}`,
      appIcon: '',
      status: 'Uninstall',
      appDetails: { title: `App ${i}`, icon: '', appId: `com.example.app${i}` },
      productType: null,
      created_at: new Date().toISOString(),
    }));
    await rt.ctx.db
      .update(profiles)
      .set({ settings: { profileApplications: full } })
      .where(eq(profiles.id, pc.profileId));
    const err = failure(
      await create({ profileId: pc.profileId, appPackageName: 'com.whatsapp', status: 'Uninstall' }),
      409,
      'E_CONFLICT',
    );
    expect(err.respones_msg).toContain(`already holds ${MAX_PROFILE_LIST_ENTRIES} entries`);
    expect(await list(pc.profileId)).toHaveLength(MAX_PROFILE_LIST_ENTRIES);
  });

  it('refuses bad input naming the field, and lists on apps that have none naming the call', async () => {
    const pc = await owner.enrol('PC');
    const profileId = pc.profileId;
    const cases: [Record<string, unknown>, string][] = [
      [
        { profileId, appPackageName: 'not a package', status: 'Uninstall' },
        'appPackageName: must be an Android package name',
      ],
      [{ profileId, appPackageName: 'com.whatsapp', status: 'Delete' }, 'status: must be one of Uninstall, Clear Data'],
      [
        { profileId, appPackageName: 'com.whatsapp', status: 'Uninstall', productType: 'Cleaner' },
        'productType: must be one of Super Lock, Kiosk',
      ],
      [
        { profileId, appPackageName: 'com.whatsapp', status: 'Uninstall', appDetails: { title: 5 } },
        'appDetails.title: must be text',
      ],
    ];
    for (const [body, message] of cases) {
      expect(failure(await create(body), 400, 'E_VALIDATION').respones_msg).toContain(message);
    }
    const superLockList = failure(
      await create({ profileId, appPackageName: 'com.whatsapp', status: 'Uninstall', productType: 'Super Lock' }),
      400,
      'E_VALIDATION',
    );
    expect(superLockList.respones_msg).toContain(
      'productType: a Power Cleaner profile keeps its uninstall/clear list without a productType',
    );
    const kiosk = failure(await get('profile/applications', { profileId, productType: 'Kiosk' }), 400, 'E_VALIDATION');
    expect(kiosk.respones_msg).toMatch(/^profile\/applications does not apply to Power Cleaner profiles: kiosk mode/);
    expect(
      failure(await get('profile/applications', { profileId, productType: 'Other' }), 400, 'E_VALIDATION').respones_msg,
    ).toBe('productType: must be one of Super Lock, Kiosk');

    const pd = await owner.enrol('PD');
    for (const [method, path, r] of [
      ['GET', 'profile/applications', { query: { profileId: pd.profileId } }],
      [
        'POST',
        'profile/application/create',
        { body: { profileId: pd.profileId, appPackageName: 'com.whatsapp', status: 'Uninstall' } },
      ],
      [
        'POST',
        'profile/application/update',
        { body: { profileId: pd.profileId, appPackageName: 'com.whatsapp', status: 'Uninstall' } },
      ],
      ['DELETE', 'profile/application/delete', { query: { profileId: pd.profileId, id: crypto.randomUUID() } }],
    ] as const) {
      const err = failure(await api(rt, method, path, { token: owner.token, ...r }), 400, 'E_VALIDATION');
      expect(err.respones_msg.startsWith(`${path} does not apply to Fleetdeck profiles`), err.respones_msg).toBe(true);
    }
    expect((await profileRow(rt, pd.profileId)).settings).toEqual({});
  });
});
