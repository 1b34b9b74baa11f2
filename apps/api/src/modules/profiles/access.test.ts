import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { profilesApi, type PlayStoreApp, type ProfileApplication, type ProfileDetail } from '@fleetdeck/contract';
import { deviceApplications, deviceMessages, licenceGrants } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { buy } from '../../../test/support/ledger.ts';
import { call } from '../../../test/support/call.ts';
import {
  api,
  dataOf,
  failure,
  fleetOwner,
  profileRow,
  reportInventory,
  type Device,
  type Request,
} from '../../../test/support/profiles.ts';

/**
 * Who may do what with a profile: only its customer (everyone else gets 404 E_PROFILE_NOT_FOUND, as if it did not
 * exist), only with a session (401), and edits only while the app family is licensed (402, reads still work).
 */

let rt: TestRuntime;
/** The first customer: owns the profiles under attack. */
let owner: Awaited<ReturnType<typeof fleetOwner>>;
/** The second customer: signed in, licensed, with a profile of their own. */
let other: Awaited<ReturnType<typeof fleetOwner>>;
/** A Super Lock profile with one entry in each list, so the calls naming an entry name a real one. */
interface Target {
  device: Device;
  profileId: string;
  keyMapping: string;
  cleanerApp: string;
  kioskApp: string;
}
let target: Target;

async function prepareTarget(customer: { token: string }, device: Device): Promise<Target> {
  const post = async (path: string, body: Record<string, unknown>) =>
    api(rt, 'POST', path, { token: customer.token, body: { profileId: device.profileId, ...body } });
  const mapped = dataOf<ProfileDetail>(
    await post('profile/keyMapper/add', { keyName: 'HOME_KEY', keyEvent: 'LONG_PRESS', packageName: 'com.whatsapp' }),
  );
  dataOf(await post('profile/file/add', { filePath: '/sdcard/Download' }));
  dataOf(await post('profile/blockUrl/add', { url: 'https://blocked.example' }));
  const [cleaner] = dataOf<ProfileApplication[]>(
    await post('profile/application/create', {
      appPackageName: 'com.whatsapp',
      status: 'Uninstall',
      productType: 'Super Lock',
    }),
  );
  const [kiosk] = dataOf<ProfileApplication[]>(
    await post('profile/application/create', {
      appPackageName: 'com.whatsapp',
      status: 'Uninstall',
      productType: 'Kiosk',
    }),
  );
  return {
    device,
    profileId: device.profileId,
    keyMapping: mapped.keyMapper[0]!._id,
    cleanerApp: cleaner!._id,
    kioskApp: kiosk!._id,
  };
}

/** A package only the first customer's device reported (an in-house app). */
const IN_HOUSE = { package_name: 'com.ownerco.stocktaker', app_name: 'OwnerCo Stocktaker' };

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  [owner, other] = await Promise.all([fleetOwner(rt), fleetOwner(rt)]);
  const device = await owner.enrol('SL');
  await reportInventory(rt, device, [{ package_name: 'com.whatsapp', app_name: 'WhatsApp' }, IN_HOUSE]);
  target = await prepareTarget(owner, device);
});
afterAll(async () => rt?.close());

type Method = 'GET' | 'POST' | 'DELETE';
/** One profile call, and the request that would succeed for the profile's own customer. */
type Row = [method: Method, path: string, request: (t: Target) => Request];

/**
 * Every profile call of spec 2 §7 (and both ways of sending the DELETE calls), each tried three ways:
 *
 * | who calls                                        | reads (detail, device/detail, applications) | every other call               |
 * |--------------------------------------------------|---------------------------------------------|--------------------------------|
 * | the second customer, on the first's profile      | 404 E_PROFILE_NOT_FOUND                     | 404 E_PROFILE_NOT_FOUND        |
 * | nobody signed in, or a device token              | 401 is_logout 1                             | 401 is_logout 1                |
 * | the profile's customer, family over its licences | 200                                         | 402 redirectToPaymentPage 1    |
 *
 * and none of the refused calls changes the profile, its device's app choices or its message queue. The Play Store
 * search row of the matrix is its own test below (the second customer never sees the first's reported packages).
 */
const PROFILE_CALLS: Row[] = [
  ['GET', 'profile/detail', ({ profileId }) => ({ query: { profileId } })],
  ['GET', 'profile/device/detail', ({ profileId }) => ({ query: { profileId, showSystemApp: true } })],
  ['GET', 'profile/device/application/sync', ({ profileId }) => ({ query: { profileId } })],
  ['GET', 'profile/applications', ({ profileId }) => ({ query: { profileId, productType: 'Super Lock' } })],
  ['GET', 'profile/apply', ({ profileId }) => ({ query: { profileId } })],
  [
    'POST',
    'profile/update',
    ({ profileId }) => ({ body: { profileId, pin: '0000', advancedSettings: { disableWiFi: true } } }),
  ],
  [
    'POST',
    'profile/device/application/update',
    ({ profileId }) => ({ body: { profileId, packageName: 'com.whatsapp', app_disable: true } }),
  ],
  [
    'POST',
    'profile/application/create',
    ({ profileId }) => ({
      body: { profileId, appPackageName: 'com.slack', status: 'Uninstall', productType: 'Super Lock' },
    }),
  ],
  [
    'POST',
    'profile/application/update',
    ({ profileId }) => ({
      body: { profileId, appPackageName: 'com.whatsapp', status: 'Clear Data', productType: 'Super Lock' },
    }),
  ],
  ['DELETE', 'profile/application/delete', ({ profileId, cleanerApp }) => ({ query: { profileId, id: cleanerApp } })],
  ['DELETE', 'profile/application/delete', ({ profileId, kioskApp }) => ({ body: { profileId, id: kioskApp } })],
  ['POST', 'profile/file/add', ({ profileId }) => ({ body: { profileId, filePath: '/sdcard/Pictures' } })],
  ['POST', 'profile/file/delete', ({ profileId }) => ({ body: { profileId, filePath: '/sdcard/Download' } })],
  ['POST', 'profile/blockUrl/add', ({ profileId }) => ({ body: { profileId, url: 'https://other.example' } })],
  ['POST', 'profile/blockUrl/delete', ({ profileId }) => ({ body: { profileId, url: 'https://blocked.example' } })],
  [
    'POST',
    'profile/keyMapper/add',
    ({ profileId }) => ({ body: { profileId, keyName: 'BACK_KEY', keyEvent: 'SINGLE_TAP', packageName: 'com.slack' } }),
  ],
  ['POST', 'profile/keyMapper/delete', ({ profileId, keyMapping }) => ({ body: { profileId, id: keyMapping } })],
  ['DELETE', 'profile/keyMapper/delete', ({ profileId, keyMapping }) => ({ query: { profileId, id: keyMapping } })],
  [
    'POST',
    'profile/update/pc/setting',
    ({ profileId }) => ({ body: { profileId, powerCleanerSettings: { clearCache: true } } }),
  ],
  [
    'POST',
    'profile/update/pob/setting',
    ({ profileId }) => ({ body: { profileId, enablePowerOnBoot: true, shutdownOnDisconnect: true } }),
  ],
  [
    'POST',
    'profile/update/kiosk/setting',
    ({ profileId }) => ({ body: { profileId, kioskType: 'Browser', browserKioskWebsiteUrl: 'https://x.example' } }),
  ],
];
const READS = new Set(['profile/detail', 'profile/device/detail', 'profile/applications']);

/** What a call could have touched on the profile: its row, its device's app choices and its queued messages. */
async function footprint({ device: d }: Target) {
  const row = await profileRow(rt, d.profileId);
  const apps = await rt.ctx.db.select().from(deviceApplications).where(eq(deviceApplications.deviceId, d.deviceId));
  const messages = await rt.ctx.db.select().from(deviceMessages).where(eq(deviceMessages.deviceId, d.deviceId));
  return {
    settings: row.settings,
    policy: row.policy,
    policyVersion: row.policyVersion,
    desired: apps.map((a) => [a.packageName, a.desiredDisable]).sort(),
    messages: messages.length,
  };
}

describe("cross-customer matrix: the second customer reaches none of the first customer's profiles", () => {
  it.each(PROFILE_CALLS.map((row) => [`${row[0]} ${row[1]}`, ...row] as const))(
    '%s → 404 E_PROFILE_NOT_FOUND, nothing changes',
    async (_name, method, path, request) => {
      const before = await footprint(target);
      const res = await api(rt, method, path, { token: other.token, ...request(target) });
      expect(failure(res, 404, 'E_PROFILE_NOT_FOUND').respones_msg).toBe('Profile not found.');
      expect(await footprint(target)).toEqual(before);
    },
  );

  it('the same requests succeed for the first customer (the matrix is not refused for another reason)', async () => {
    const device = await owner.enrol('SL');
    await reportInventory(rt, device, [{ package_name: 'com.whatsapp', app_name: 'WhatsApp' }]);
    const own = await prepareTarget(owner, device);
    for (const [method, path, request] of PROFILE_CALLS) {
      const res = await api(rt, method, path, { token: owner.token, ...request(own) });
      // The key mapping goes with the POST row; the DELETE row then finds it gone.
      const expected = method === 'DELETE' && path === 'profile/keyMapper/delete' ? 404 : 200;
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(expected);
    }
  });

  it("the second customer's own profile is theirs alone: the first customer gets 404 on it", async () => {
    const theirs = await other.enrol('PD');
    const mine = await call(rt, profilesApi.detail, { token: owner.token, query: { profileId: theirs.profileId } });
    failure(mine, 404, 'E_PROFILE_NOT_FOUND');
    expect(
      dataOf<ProfileDetail>(
        await call(rt, profilesApi.detail, { token: other.token, query: { profileId: theirs.profileId } }),
      )._id,
    ).toBe(theirs.profileId);
  });

  it("the Play Store search never shows the second customer a package only the first customer's devices reported", async () => {
    const search = async (token: string, app_name: string) =>
      dataOf<PlayStoreApp[]>(await call(rt, profilesApi.playStoreSearch, { token, query: { app_name } })).map(
        (a) => a.appId,
      );
    for (const term of ['stocktaker', 'OwnerCo', 'com.ownerco']) {
      expect(await search(owner.token, term)).toContain(IN_HOUSE.package_name);
      expect(await search(other.token, term)).not.toContain(IN_HOUSE.package_name);
    }
    // Catalogue apps are there for both.
    expect(await search(other.token, 'whatsapp')).toContain('com.whatsapp');
  });
});

describe('documentation', () => {
  it('every call of the matrix and the Play Store search are in the OpenAPI document', async () => {
    const doc = (await rt.app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const [method, path] of PROFILE_CALLS) {
      expect(doc.paths[`/api/v1/admin/${path}`]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/v1/admin/device/playstore/search']?.get).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/v1/admin/profile/update/kiosk/setting'])).toContain('browserKioskWebsiteUrl');
  });
});

describe('without a customer session', () => {
  it.each(PROFILE_CALLS.map((row) => [`${row[0]} ${row[1]}`, ...row] as const))(
    '%s → 401 with is_logout 1 (also with a device token)',
    async (_name, method, path, request) => {
      const before = await footprint(target);
      expect(failure(await api(rt, method, path, request(target)), 401, 'E_UNAUTHORIZED').is_logout).toBe(1);
      const asDevice = await api(rt, method, path, { token: target.device.auth, ...request(target) });
      expect(failure(asDevice, 401, 'E_UNAUTHORIZED').is_logout).toBe(1);
      expect(await footprint(target)).toEqual(before);
    },
  );
});

describe('licences: while the family has more devices than seats, edits answer 402 and reads still work', () => {
  let lapsed: Awaited<ReturnType<typeof fleetOwner>>;
  let d: Target;
  beforeAll(async () => {
    lapsed = await fleetOwner(rt, 1);
    const device = await lapsed.enrol('SL');
    await reportInventory(rt, device, [{ package_name: 'com.whatsapp', app_name: 'WhatsApp' }]);
    d = await prepareTarget(lapsed, device);
    // The Super Lock payment is refunded: its seat is revoked while the device stays enrolled.
    await rt.ctx.db
      .update(licenceGrants)
      .set({ revokedAt: new Date() })
      .where(eq(licenceGrants.id, lapsed.grants.get('SL')!));
  });

  it.each(PROFILE_CALLS.map((row) => [`${row[0]} ${row[1]}`, ...row] as const))(
    '%s',
    async (_name, method, path, request) => {
      const before = await footprint(d);
      const res = await api(rt, method, path, { token: lapsed.token, ...request(d) });
      if (READS.has(path)) {
        expect(res.statusCode, res.body).toBe(200);
      } else {
        const err = failure(res, 402, 'E_PAYMENT_REQUIRED');
        expect(err.redirectToPaymentPage).toBe(1);
        expect(err.respones_msg).toContain('Buy more licences');
        expect(await footprint(d)).toEqual(before);
      }
    },
  );

  it('other families stay editable, and buying a seat of the family lifts the 402', async () => {
    const pd = await lapsed.enrol('PD');
    dataOf(await call(rt, profilesApi.update, { token: lapsed.token, body: { profileId: pd.profileId, pin: '1234' } }));
    await buy(rt.ctx.db, lapsed.id, 'SLOT', 1);
    const res = await call(rt, profilesApi.update, {
      token: lapsed.token,
      body: { profileId: d.profileId, pin: '1234' },
    });
    expect(dataOf<ProfileDetail>(res).pin).toBe('1234');
  });
});
