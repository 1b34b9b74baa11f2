import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilesApi, ADVANCED_SETTINGS, type ErrorResponse, type ProfileDetail } from '@fleetdeck/contract';
import { auditEntries, devices, profiles } from '../../db/schema.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import { call } from '../../../test/support/call.ts';
import {
  api,
  dataOf,
  failure,
  type fleetOwner,
  profileRow,
  applyProfile,
  devicePolicy,
  lastProfileAudit,
  profileDetail,
  type Device,
} from '../../../test/support/profiles.ts';
import { startWithFleetOwner } from '../../../test/support/suites.ts';

/** Settings calls of spec 2 §7: profile/detail, update, files, URLs, key mapper, cleaner, power on boot, kiosk. */

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;

beforeAll(async () => ({ rt, owner } = await startWithFleetOwner()));
afterAll(async () => rt?.close());

const post = (path: string, body: unknown) => api(rt, 'POST', path, { token: owner.token, body });
const edit = async (path: string, body: unknown) => dataOf<ProfileDetail>(await post(path, body));
/** A 400 E_VALIDATION whose message names `field`. */
async function refused(path: string, body: unknown, field: string, says?: string) {
  const err = failure(await post(path, body), 400, 'E_VALIDATION');
  expect(err.respones_msg.startsWith(`${field}:`) || err.respones_msg.startsWith(`${field} `), err.respones_msg).toBe(
    true,
  );
  if (says) expect(err.respones_msg).toContain(says);
  return err;
}

/**
 * A map of switches (`key`) refuses a switch it does not know (`unknown`), naming the map and the switch, and a switch
 * that is not a boolean (`notBoolean`: one switch and its value), naming that switch.
 */
async function refusedSwitches(
  path: string,
  profileId: string,
  key: string,
  unknown: string,
  notBoolean: Record<string, unknown>,
) {
  await refused(path, { profileId, [key]: { [unknown]: true } }, key, `unknown setting ${unknown}`);
  const [name] = Object.keys(notBoolean);
  await refused(path, { profileId, [key]: notBoolean }, `${key}.${name}`, 'must be true or false');
}

/** A call a profile of another product cannot take: refused naming the call itself. */
const refusedOnProduct = (path: string, body: unknown, says?: string) => refused(path, body, path, says);

const allOff = Object.fromEntries(ADVANCED_SETTINGS.map((k) => [k, false]));

describe('profile/detail', () => {
  it('answers every field with its default for a new profile, and the delivery state', async () => {
    const d = await owner.enrol('SL', { deviceName: 'Lobby kiosk' });
    const detail = await profileDetail(rt, owner, d.profileId);
    expect(detail).toMatchObject({
      _id: d.profileId,
      name: d.serialNumber,
      profileName: 'Lobby kiosk',
      appName: 'SL',
      family: 'SL',
      profileCounter: 0,
      pin: '',
      advancedSettings: allOff,
      blockUrl: [],
      blockFileUrl: '',
      profileFiles: [],
      keyMapper: [],
      powerCleanerSettings: {
        clearBrowserCoockies: false,
        clearCache: false,
        clearNotifications: false,
        clearRecentApps: false,
        clearcallLogs: false,
      },
      enablePowerOnBoot: false,
      shutdownOnDisconnect: false,
      scheduleShutdown: null,
      kioskType: 'None',
      singleAppKioskPackageName: '',
      browserKioskWebsiteUrl: '',
      browserKioskScreenTimeout: null,
      browserKioskScreenBrightness: null,
      browserKioskScreenOrientation: 'Auto',
      browserKioskShowAddressBar: false,
      signageVideoLists: [],
      signageKioskScreenTimeout: null,
      signageKioskScreenBrightness: null,
      signageKioskScreenOrientation: 'Auto',
      policyVersion: 0,
      appliedPolicyVersion: null,
      appliedResult: null,
      appliedAt: null,
      hasUnappliedChanges: false,
      online: true,
    });
    expect(Date.parse(detail.created_at)).not.toBeNaN();
    expect(Date.parse(detail.lastSeenAt!)).not.toBeNaN();
  });

  it('online follows the last contact (15 minutes); an unknown or malformed profileId answers 404 / 400', async () => {
    const d = await owner.enrol('PD');
    await rt.ctx.db
      .update(devices)
      .set({ lastSeenAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(devices.id, d.deviceId));
    expect((await profileDetail(rt, owner, d.profileId)).online).toBe(false);

    const unknown = await call(rt, profilesApi.detail, {
      token: owner.token,
      query: { profileId: crypto.randomUUID() },
    });
    failure(unknown, 404, 'E_PROFILE_NOT_FOUND');
    const bad = await call(rt, profilesApi.detail, { token: owner.token, query: { profileId: 'x' } });
    expect(failure(bad, 400, 'E_VALIDATION').respones_msg).toBe('profileId: must be a profile id');
    const anonymous = await call(rt, profilesApi.detail, { query: { profileId: d.profileId } });
    expect(failure(anonymous, 401, 'E_UNAUTHORIZED').is_logout).toBe(1);
  });

  it('hasUnappliedChanges: true after an edit, false after Apply, false again when an edit is undone', async () => {
    const d = await owner.enrol('PD');
    expect((await edit('profile/update', { profileId: d.profileId, pin: '2468' })).hasUnappliedChanges).toBe(true);
    await applyProfile(rt, owner, d.profileId);
    const applied = await profileDetail(rt, owner, d.profileId);
    expect(applied).toMatchObject({ hasUnappliedChanges: false, policyVersion: 1, profileCounter: 1 });

    expect((await edit('profile/update', { profileId: d.profileId, pin: '1357' })).hasUnappliedChanges).toBe(true);
    expect((await edit('profile/update', { profileId: d.profileId, pin: '2468' })).hasUnappliedChanges).toBe(false);
  });
});

describe('profile/update', () => {
  it('sets the pin, merges advanced settings key by key, sets the block file URL; Apply brings them to the device', async () => {
    const pd = await owner.enrol('PD');
    const first = await edit('profile/update', {
      profileId: pd.profileId,
      pin: ' 90817263 ',
      advancedSettings: { disableFactoryReset: true, DisableBluetooth: true },
    });
    expect(first.pin).toBe('90817263');
    expect(first.advancedSettings).toEqual({ ...allOff, disableFactoryReset: true, DisableBluetooth: true });
    // Keys not sent keep their value.
    const second = await edit('profile/update', {
      profileId: pd.profileId,
      advancedSettings: { DisableBluetooth: false, disbableBixbyPackages: true },
    });
    expect(second.pin).toBe('90817263');
    expect(second.advancedSettings).toEqual({ ...allOff, disableFactoryReset: true, disbableBixbyPackages: true });
    const audit = await lastProfileAudit(rt, owner, 'Update');
    // Plain words, only what changed (issue 15 §10): never the contract's field names.
    expect(audit!.message).toContain('Disabled Bixby; enabled Bluetooth again');
    expect(audit!.message).not.toMatch(/disbable|DisableBluetooth/);
    expect(audit!.source).toBe('Web');

    // The device still has nothing until Apply.
    expect((await devicePolicy(rt, pd)).version).toBe(0);
    await applyProfile(rt, owner, pd.profileId);
    const served = await devicePolicy(rt, pd);
    expect(served.version).toBe(1);
    expect(served.policy).toMatchObject({
      pin: '90817263',
      advancedSettings: { ...allOff, disableFactoryReset: true, disbableBixbyPackages: true },
    });

    // An empty pin removes it; the audit log never shows a pin's digits.
    expect((await edit('profile/update', { profileId: pd.profileId, pin: '' })).pin).toBe('');
    expect((await lastProfileAudit(rt, owner, 'Update'))!.message).toContain('pin removed');
    const audits = await rt.ctx.db.select().from(auditEntries).where(eq(auditEntries.customerId, owner.id));
    expect(audits.some((a) => a.message.includes('pin set'))).toBe(true);
    expect(audits.filter((a) => a.message.includes('90817263'))).toEqual([]);

    const ub = await owner.enrol('UB');
    const url = await edit('profile/update', {
      profileId: ub.profileId,
      blockFileUrl: 'https://lists.example.com/block.txt',
    });
    expect(url.blockFileUrl).toBe('https://lists.example.com/block.txt');
    await applyProfile(rt, owner, ub.profileId);
    expect((await devicePolicy(rt, ub)).policy.blockFileUrl).toBe('https://lists.example.com/block.txt');
    expect((await edit('profile/update', { profileId: ub.profileId, blockFileUrl: '' })).blockFileUrl).toBe('');
  });

  it('refuses bad input naming the field: unknown advanced key, non-boolean switch, bad pin, bad URL, nothing to set', async () => {
    const pd = await owner.enrol('PD');
    const ub = await owner.enrol('UB');
    const profileId = pd.profileId;
    await refusedSwitches('profile/update', profileId, 'advancedSettings', 'disableEverything', { disableGPS: 'yes' });
    await refused('profile/update', { profileId, advancedSettings: { disableGPS: 1 } }, 'advancedSettings.disableGPS');
    await refused('profile/update', { profileId, advancedSettings: [] }, 'advancedSettings');
    await refused('profile/update', { profileId, pin: '12a4' }, 'pin', '4 to 12 digits');
    await refused('profile/update', { profileId, pin: '123' }, 'pin');
    await refused(
      'profile/update',
      { profileId: ub.profileId, blockFileUrl: 'ftp://example.com/x' },
      'blockFileUrl',
      'http(s) URL',
    );
    await refused('profile/update', { profileId: ub.profileId, blockFileUrl: 'not a url' }, 'blockFileUrl');
    const nothing = failure(await post('profile/update', { profileId }), 400, 'E_VALIDATION');
    expect(nothing.respones_msg).toContain('send pin, advancedSettings or blockFileUrl');
    await refused('profile/update', { pin: '1234' }, 'profileId', 'must be a profile id');
    // Nothing was stored by any of them.
    expect((await profileRow(rt, profileId)).settings).toEqual({});
  });

  it('refuses a field the app does not have, naming the call: pin on URL Blocker, block file URL on {product}', async () => {
    const ub = await owner.enrol('UB');
    const pd = await owner.enrol('PD');
    const pin = await refused('profile/update', { profileId: ub.profileId, pin: '1234' }, 'profile/update (pin)');
    expect(pin.respones_msg).toContain('URL Blocker profiles');
    const advanced = await refused(
      'profile/update',
      { profileId: ub.profileId, advancedSettings: { disableGPS: true } },
      'profile/update (advancedSettings)',
    );
    expect(advanced.respones_msg).toContain('Fleetdeck, Fleetdeck Owner App and Super Lock');
    await refused(
      'profile/update',
      { profileId: pd.profileId, blockFileUrl: 'https://example.com/x' },
      'profile/update (blockFileUrl)',
    );
    expect((await profileRow(rt, ub.profileId)).settings).toEqual({});
  });
});

describe('profile/file/add|delete', () => {
  it('adds absolute paths (repeated slashes folded), refuses duplicates with 409, deletes, 404 for an absent one', async () => {
    const pc = await owner.enrol('PC');
    const profileId = pc.profileId;
    expect(
      (await edit('profile/file/add', { profileId, filePath: '/sdcard/Download/report.pdf' })).profileFiles,
    ).toEqual(['/sdcard/Download/report.pdf']);
    const both = await edit('profile/file/add', { profileId, filePath: '/sdcard//DCIM/' });
    expect(both.profileFiles).toEqual(['/sdcard/Download/report.pdf', '/sdcard/DCIM']);
    const dup = failure(await post('profile/file/add', { profileId, filePath: '/sdcard/DCIM/' }), 409, 'E_CONFLICT');
    expect(dup.respones_msg).toBe('/sdcard/DCIM is already in the file list.');
    expect((await lastProfileAudit(rt, owner, 'Update'))!.message).toContain('file /sdcard/DCIM added');

    await applyProfile(rt, owner, profileId);
    expect((await devicePolicy(rt, pc)).policy.profileFiles).toEqual(['/sdcard/Download/report.pdf', '/sdcard/DCIM']);

    expect(
      (await edit('profile/file/delete', { profileId, filePath: '/sdcard/Download/report.pdf' })).profileFiles,
    ).toEqual(['/sdcard/DCIM']);
    const absent = failure(
      await post('profile/file/delete', { profileId, filePath: '/sdcard/nothing' }),
      404,
      'E_NOT_FOUND',
    );
    expect(absent.respones_msg).toBe('/sdcard/nothing is not in the file list.');
  });

  it('refuses relative paths, .. segments and empty paths naming filePath; refuses a Key Mapper profile', async () => {
    const ub = await owner.enrol('UB');
    const profileId = ub.profileId;
    await refused('profile/file/add', { profileId, filePath: 'sdcard/x.txt' }, 'filePath', 'absolute path');
    await refused('profile/file/add', { profileId, filePath: '/sdcard/../etc/passwd' }, 'filePath', 'absolute path');
    await refused('profile/file/add', { profileId, filePath: '/sdcard/..' }, 'filePath');
    await refused('profile/file/add', { profileId, filePath: '   ' }, 'filePath', 'is required');
    await refused('profile/file/delete', { profileId, filePath: 'x' }, 'filePath');
    const km = await owner.enrol('KM');
    const wrong = await refusedOnProduct('profile/file/add', { profileId: km.profileId, filePath: '/sdcard/a' });
    expect(wrong.respones_msg).toContain('Key Mapper profiles');
    await refusedOnProduct('profile/file/delete', { profileId: km.profileId, filePath: '/sdcard/a' });
  });
});

describe('profile/blockUrl/add|delete', () => {
  it('adds http(s) URLs, treats the same URL spelled differently as a duplicate, deletes, 404 for an absent one', async () => {
    const ub = await owner.enrol('UB');
    const profileId = ub.profileId;
    expect((await edit('profile/blockUrl/add', { profileId, url: ' https://Example.com ' })).blockUrl).toEqual([
      'https://Example.com',
    ]);
    failure(await post('profile/blockUrl/add', { profileId, url: 'https://example.com/' }), 409, 'E_CONFLICT');
    const two = await edit('profile/blockUrl/add', { profileId, url: 'http://games.example.org/play?x=1' });
    expect(two.blockUrl).toEqual(['https://Example.com', 'http://games.example.org/play?x=1']);
    expect((await lastProfileAudit(rt, owner, 'Update'))!.message).toContain(
      'blocked URL http://games.example.org/play?x=1 added',
    );

    await applyProfile(rt, owner, profileId);
    expect((await devicePolicy(rt, ub)).policy.blockUrl).toEqual([
      'https://Example.com',
      'http://games.example.org/play?x=1',
    ]);

    expect((await edit('profile/blockUrl/delete', { profileId, url: 'https://example.com' })).blockUrl).toEqual([
      'http://games.example.org/play?x=1',
    ]);
    failure(await post('profile/blockUrl/delete', { profileId, url: 'https://example.com' }), 404, 'E_NOT_FOUND');
  });

  it('refuses non-http URLs naming url, and a {product} profile naming the call', async () => {
    const sl = await owner.enrol('SL');
    const profileId = sl.profileId;
    for (const url of ['example.com', 'javascript:alert(1)', 'ftp://example.com', '', 'https://']) {
      await refused('profile/blockUrl/add', { profileId, url }, 'url');
    }
    await refused('profile/blockUrl/delete', { profileId, url: 'nope' }, 'url');
    const pd = await owner.enrol('PD');
    await refusedOnProduct('profile/blockUrl/add', { profileId: pd.profileId, url: 'https://example.com' });
    await refusedOnProduct('profile/blockUrl/delete', { profileId: pd.profileId, url: 'https://example.com' });
  });
});

describe('profile/keyMapper/add|delete', () => {
  it('adds entries with _id and created_at, refuses the same key and event twice (409), deletes by POST body or DELETE query', async () => {
    const km = await owner.enrol('KM');
    const profileId = km.profileId;
    const added = await edit('profile/keyMapper/add', {
      profileId,
      keyName: 'VOLUME_UP_KEY',
      keyEvent: 'DOUBLE_TAP',
      packageName: 'com.android.chrome',
    });
    expect(added.keyMapper).toHaveLength(1);
    const [entry] = added.keyMapper;
    expect(entry).toMatchObject({
      packageName: 'com.android.chrome',
      keyName: 'VOLUME_UP_KEY',
      keyEvent: 'DOUBLE_TAP',
    });
    expect(entry!._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(entry!.created_at)).not.toBeNaN();

    const dup = failure(
      await post('profile/keyMapper/add', {
        profileId,
        keyName: 'VOLUME_UP_KEY',
        keyEvent: 'DOUBLE_TAP',
        packageName: 'com.whatsapp',
      }),
      409,
      'E_CONFLICT',
    );
    expect(dup.respones_msg).toContain('VOLUME_UP_KEY DOUBLE_TAP already opens com.android.chrome');
    // Same key, other event: fine.
    const second = await edit('profile/keyMapper/add', {
      profileId,
      keyName: 'VOLUME_UP_KEY',
      keyEvent: 'LONG_PRESS',
      packageName: 'com.whatsapp',
    });
    const third = await edit('profile/keyMapper/add', {
      profileId,
      keyName: 'HOME_KEY',
      keyEvent: 'SINGLE_TAP',
      packageName: 'com.slack',
    });
    expect(third.keyMapper.map((k) => k.packageName)).toEqual(['com.android.chrome', 'com.whatsapp', 'com.slack']);

    await applyProfile(rt, owner, profileId);
    expect((await devicePolicy(rt, km)).policy.keyMapper).toEqual([
      { packageName: 'com.android.chrome', keyName: 'VOLUME_UP_KEY', keyEvent: 'DOUBLE_TAP' },
      { packageName: 'com.whatsapp', keyName: 'VOLUME_UP_KEY', keyEvent: 'LONG_PRESS' },
      { packageName: 'com.slack', keyName: 'HOME_KEY', keyEvent: 'SINGLE_TAP' },
    ]);

    // POST with a JSON body, as the spec has it.
    const afterPost = await edit('profile/keyMapper/delete', { profileId, id: entry!._id });
    expect(afterPost.keyMapper.map((k) => k.keyEvent)).toEqual(['LONG_PRESS', 'SINGLE_TAP']);
    // DELETE with query parameters.
    const viaDelete = await call(rt, profilesApi.keyMapperDeleteByDelete, {
      token: owner.token,
      query: { profileId, id: second.keyMapper[1]!._id },
    });
    expect(dataOf<ProfileDetail>(viaDelete).keyMapper.map((k) => k.keyName)).toEqual(['HOME_KEY']);
    expect((await lastProfileAudit(rt, owner, 'Update'))!.message).toContain(
      'Key mapping removed: Volume up, long press no longer opens com.whatsapp',
    );
    // Gone already, or never there.
    failure(await post('profile/keyMapper/delete', { profileId, id: entry!._id }), 404, 'E_NOT_FOUND');
  });

  it('refuses unknown key names and events, bad package names, missing ids, and a Power Cleaner profile', async () => {
    const sl = await owner.enrol('SL');
    const profileId = sl.profileId;
    const base = { profileId, keyName: 'HOME_KEY', keyEvent: 'SINGLE_TAP', packageName: 'com.android.chrome' };
    await refused('profile/keyMapper/add', { ...base, keyName: 'MENU_KEY' }, 'keyName', 'must be one of BACK_KEY');
    await refused(
      'profile/keyMapper/add',
      { ...base, keyEvent: 'TRIPLE_TAP' },
      'keyEvent',
      'must be one of SINGLE_TAP',
    );
    await refused('profile/keyMapper/add', { ...base, packageName: 'chrome' }, 'packageName', 'Android package name');
    const noId = failure(await post('profile/keyMapper/delete', { profileId }), 400, 'E_VALIDATION');
    expect(noId.respones_msg).toBe('id: is required (in the query string or the JSON body)');
    await refused('profile/keyMapper/delete', { profileId, id: 'abc' }, 'id', 'must be an entry id');
    const pc = await owner.enrol('PC');
    await refusedOnProduct('profile/keyMapper/add', { ...base, profileId: pc.profileId }, 'Super Lock and Key Mapper');
    await refusedOnProduct('profile/keyMapper/delete', { profileId: pc.profileId, id: crypto.randomUUID() });
  });
});

describe('profile/update/pc/setting', () => {
  it('merges the cleaner switches; refuses unknown keys and non-booleans; refuses a URL Blocker profile', async () => {
    const pc = await owner.enrol('PC');
    const profileId = pc.profileId;
    const first = await edit('profile/update/pc/setting', {
      profileId,
      powerCleanerSettings: { clearCache: true, clearcallLogs: true },
    });
    expect(first.powerCleanerSettings).toEqual({
      clearBrowserCoockies: false,
      clearCache: true,
      clearNotifications: false,
      clearRecentApps: false,
      clearcallLogs: true,
    });
    const second = await edit('profile/update/pc/setting', {
      profileId,
      powerCleanerSettings: { clearCache: false, clearBrowserCoockies: true },
    });
    expect(second.powerCleanerSettings).toMatchObject({
      clearBrowserCoockies: true,
      clearCache: false,
      clearcallLogs: true,
    });
    await applyProfile(rt, owner, profileId);
    expect((await devicePolicy(rt, pc)).policy.powerCleanerSettings).toEqual(second.powerCleanerSettings);

    await refusedSwitches('profile/update/pc/setting', profileId, 'powerCleanerSettings', 'clearCookies', {
      clearCache: 'true',
    });
    await refused('profile/update/pc/setting', { profileId }, 'powerCleanerSettings');
    const ub = await owner.enrol('UB');
    await refusedOnProduct('profile/update/pc/setting', {
      profileId: ub.profileId,
      powerCleanerSettings: { clearCache: true },
    });
  });
});

describe('profile/update/pob/setting', () => {
  it('stores the switches and a Weekly schedule (days in week order); Daily drops the days; null clears', async () => {
    const pob = await owner.enrol('POB');
    const profileId = pob.profileId;
    const weekly = await edit('profile/update/pob/setting', {
      profileId,
      enablePowerOnBoot: true,
      shutdownOnDisconnect: true,
      scheduleShutdown: { scheduleType: 'Weekly', scheduleTime: '22:30', days: ['Friday', 'Monday'] },
    });
    expect(weekly).toMatchObject({
      enablePowerOnBoot: true,
      shutdownOnDisconnect: true,
      scheduleShutdown: { scheduleType: 'Weekly', scheduleTime: '22:30', days: ['Monday', 'Friday'] },
    });
    await applyProfile(rt, owner, profileId);
    expect((await devicePolicy(rt, pob)).policy).toMatchObject({
      enablePowerOnBoot: true,
      shutdownOnDisconnect: true,
      scheduleShutdown: { scheduleType: 'Weekly', scheduleTime: '22:30', days: ['Monday', 'Friday'] },
    });

    const daily = await edit('profile/update/pob/setting', {
      profileId,
      enablePowerOnBoot: true,
      shutdownOnDisconnect: false,
      scheduleShutdown: { scheduleType: 'Daily', scheduleTime: '06:00', days: ['Monday'] },
    });
    expect(daily.scheduleShutdown).toEqual({ scheduleType: 'Daily', scheduleTime: '06:00', days: [] });
    const none = await edit('profile/update/pob/setting', {
      profileId,
      enablePowerOnBoot: false,
      shutdownOnDisconnect: false,
    });
    expect(none.scheduleShutdown).toBeNull();
  });

  it('refuses Weekly without days, 24:00, unknown days and types, non-boolean switches, and a {product} profile', async () => {
    const sl = await owner.enrol('SL');
    const base = { profileId: sl.profileId, enablePowerOnBoot: true, shutdownOnDisconnect: false };
    // A schedule that is not one: refused naming the field of the schedule at fault.
    const schedules: [scheduleShutdown: unknown, field: string, says?: string][] = [
      [{ scheduleType: 'Weekly', scheduleTime: '10:00' }, 'scheduleShutdown.days', 'choose at least one day'],
      [{ scheduleType: 'Weekly', scheduleTime: '10:00', days: [] }, 'scheduleShutdown.days'],
      [{ scheduleType: 'Daily', scheduleTime: '24:00' }, 'scheduleShutdown.scheduleTime', 'HH:MM'],
      [{ scheduleType: 'Daily', scheduleTime: '7:5' }, 'scheduleShutdown.scheduleTime'],
      [{ scheduleType: 'Weekly', scheduleTime: '10:00', days: ['Funday'] }, 'scheduleShutdown.days.0'],
      [{ scheduleType: 'Hourly', scheduleTime: '10:00' }, 'scheduleShutdown.scheduleType', 'Daily, Weekly'],
    ];
    for (const [scheduleShutdown, field, says] of schedules) {
      await refused('profile/update/pob/setting', { ...base, scheduleShutdown }, field, says);
    }
    await refused(
      'profile/update/pob/setting',
      { ...base, enablePowerOnBoot: 'on' },
      'enablePowerOnBoot',
      'must be true or false',
    );
    const pd = await owner.enrol('PD');
    await refusedOnProduct(
      'profile/update/pob/setting',
      { ...base, profileId: pd.profileId },
      'Super Lock and Power On Boot',
    );
    expect((await profileRow(rt, sl.profileId)).settings).toEqual({});
  });
});

describe('profile/update/kiosk/setting', () => {
  let sl: Device;
  beforeAll(async () => {
    sl = await owner.enrol('SL');
  });
  const kiosk = (body: Record<string, unknown>) =>
    post('profile/update/kiosk/setting', { profileId: sl.profileId, ...body });

  it('Browser: stores URL, timeout, brightness, orientation, address bar; Apply sends them', async () => {
    const d = dataOf<ProfileDetail>(
      await kiosk({
        kioskType: 'Browser',
        browserKioskWebsiteUrl: 'https://intranet.example.com/welcome',
        browserKioskScreenTimeout: 300,
        browserKioskScreenBrightness: 255,
        browserKioskScreenOrientation: 'Landscape',
        browserKioskShowAddressBar: true,
      }),
    );
    expect(d).toMatchObject({
      kioskType: 'Browser',
      browserKioskWebsiteUrl: 'https://intranet.example.com/welcome',
      browserKioskScreenTimeout: 300,
      browserKioskScreenBrightness: 255,
      browserKioskScreenOrientation: 'Landscape',
      browserKioskShowAddressBar: true,
    });
    expect((await lastProfileAudit(rt, owner, 'Update'))!.message).toContain('kiosk set to Browser');
    await applyProfile(rt, owner, sl.profileId);
    expect((await devicePolicy(rt, sl)).policy).toMatchObject({
      kioskType: 'Browser',
      browserKioskWebsiteUrl: 'https://intranet.example.com/welcome',
      browserKioskScreenTimeout: 300,
      browserKioskScreenBrightness: 255,
      browserKioskScreenOrientation: 'Landscape',
      browserKioskShowAddressBar: true,
      kioskApplications: [],
    });
  });

  it('Signage: blank video URLs are dropped; the Browser fields and orientation are kept for later', async () => {
    const d = dataOf<ProfileDetail>(
      await kiosk({
        kioskType: 'Signage',
        signageVideoLists: ['', ' https://cdn.example.com/a.mp4 ', '   ', 'https://cdn.example.com/b.mp4'],
        signageKioskScreenTimeout: 0,
        signageKioskScreenBrightness: 0,
        signageKioskScreenOrientation: 'Portrait',
      }),
    );
    expect(d).toMatchObject({
      kioskType: 'Signage',
      signageVideoLists: ['https://cdn.example.com/a.mp4', 'https://cdn.example.com/b.mp4'],
      signageKioskScreenTimeout: 0,
      signageKioskScreenBrightness: 0,
      signageKioskScreenOrientation: 'Portrait',
      // Not sent: as they were.
      browserKioskWebsiteUrl: 'https://intranet.example.com/welcome',
      browserKioskScreenOrientation: 'Landscape',
      browserKioskScreenTimeout: 300,
    });
    // Single App, then None: the signage fields stay, only the type moves.
    const single = dataOf<ProfileDetail>(
      await kiosk({ kioskType: 'Single App', singleAppKioskPackageName: 'com.android.chrome' }),
    );
    expect(single).toMatchObject({
      kioskType: 'Single App',
      singleAppKioskPackageName: 'com.android.chrome',
      signageKioskScreenOrientation: 'Portrait',
    });
    const none = dataOf<ProfileDetail>(await kiosk({ kioskType: 'None', browserKioskScreenTimeout: null }));
    expect(none).toMatchObject({
      kioskType: 'None',
      browserKioskScreenTimeout: null,
      signageVideoLists: ['https://cdn.example.com/a.mp4', 'https://cdn.example.com/b.mp4'],
    });
  });

  it('refuses a bad type, brightness 256, timeout -1 and 1.5, orientation Sideways, missing fields per type', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ kioskType: 'Tablet' }, 'kioskType', 'must be one of None, Single App, Multi App, Browser, Signage'],
      [
        { kioskType: 'Browser', browserKioskWebsiteUrl: 'https://a.example', browserKioskScreenBrightness: 256 },
        'browserKioskScreenBrightness',
        'from 0 to 255',
      ],
      [
        { kioskType: 'Signage', signageVideoLists: ['https://v.example/a.mp4'], signageKioskScreenBrightness: -1 },
        'signageKioskScreenBrightness',
      ],
      [
        { kioskType: 'Browser', browserKioskWebsiteUrl: 'https://a.example', browserKioskScreenTimeout: -1 },
        'browserKioskScreenTimeout',
        '0 or more seconds',
      ],
      [
        { kioskType: 'Browser', browserKioskWebsiteUrl: 'https://a.example', browserKioskScreenTimeout: 1.5 },
        'browserKioskScreenTimeout',
        'whole number of seconds',
      ],
      [
        { kioskType: 'Signage', signageVideoLists: ['https://v.example/a.mp4'], signageKioskScreenTimeout: 86_401 },
        'signageKioskScreenTimeout',
      ],
      [
        {
          kioskType: 'Browser',
          browserKioskWebsiteUrl: 'https://a.example',
          browserKioskScreenOrientation: 'Sideways',
        },
        'browserKioskScreenOrientation',
        'Auto, Portrait, Landscape',
      ],
      [{ kioskType: 'Browser' }, 'browserKioskWebsiteUrl', 'is required for a Browser kiosk'],
      [{ kioskType: 'Browser', browserKioskWebsiteUrl: 'intranet' }, 'browserKioskWebsiteUrl', 'http(s) URL'],
      [{ kioskType: 'Single App' }, 'singleAppKioskPackageName', 'is required'],
      [{ kioskType: 'Single App', singleAppKioskPackageName: 'chrome' }, 'singleAppKioskPackageName', 'package name'],
      [{ kioskType: 'None', singleAppKioskPackageName: 'not a package' }, 'singleAppKioskPackageName', 'package name'],
      [{ kioskType: 'Signage', signageVideoLists: ['', ' '] }, 'signageVideoLists', 'add at least one video URL'],
      [
        { kioskType: 'Signage', signageVideoLists: ['https://v.example/a.mp4', 'rtsp://cam'] },
        'signageVideoLists',
        'video 2 must be an http(s) URL',
      ],
      [
        { kioskType: 'Browser', browserKioskWebsiteUrl: 'https://a.example', browserKioskShowAddressBar: 'no' },
        'browserKioskShowAddressBar',
      ],
      [{ kioskType: 'Multi App' }, 'kioskType', 'needs at least one app in its kiosk list'],
    ];
    const before = (await profileRow(rt, sl.profileId)).settings;
    for (const [body, field, says] of cases) {
      const err = failure(await kiosk(body), 400, 'E_VALIDATION');
      expect(err.respones_msg.startsWith(`${field}:`), `${JSON.stringify(body)} → ${err.respones_msg}`).toBe(true);
      if (says) expect(err.respones_msg).toContain(says);
    }
    expect((await profileRow(rt, sl.profileId)).settings).toEqual(before);
  });

  it('refuses a kiosk on any app but Super Lock, naming the call', async () => {
    for (const app of ['PD', 'PC', 'UB', 'KM', 'POB']) {
      const d = await owner.enrol(app);
      const res = await call(rt, profilesApi.kioskSetting, {
        token: owner.token,
        body: { profileId: d.profileId, kioskType: 'None' },
      });
      const err = failure(res, 400, 'E_VALIDATION');
      expect(err.respones_msg).toMatch(
        /^profile\/update\/kiosk\/setting does not apply to .* profiles: kiosk mode is part of Super Lock profiles only\.$/,
      );
      expect(jsonOf<ErrorResponse>(res).errors?.[0]?.field).toBe('profile/update/kiosk/setting');
    }
  });
});

describe('the stored settings are what the device gets', () => {
  it('a Super Lock profile edited through every call reaches the device in one Apply', async () => {
    const sl = await owner.enrol('SL');
    const profileId = sl.profileId;
    await edit('profile/update', {
      profileId,
      pin: '9876',
      advancedSettings: { disableStatusBar: true },
      blockFileUrl: 'https://l.example/f.txt',
    });
    await edit('profile/file/add', { profileId, filePath: '/sdcard/Movies' });
    await edit('profile/blockUrl/add', { profileId, url: 'https://social.example' });
    await edit('profile/keyMapper/add', {
      profileId,
      keyName: 'BACK_KEY',
      keyEvent: 'LONG_PRESS',
      packageName: 'com.android.settings',
    });
    await edit('profile/update/pc/setting', { profileId, powerCleanerSettings: { clearRecentApps: true } });
    await edit('profile/update/pob/setting', {
      profileId,
      enablePowerOnBoot: true,
      shutdownOnDisconnect: false,
      scheduleShutdown: { scheduleType: 'Daily', scheduleTime: '23:59' },
    });
    await edit('profile/update/kiosk/setting', {
      profileId,
      kioskType: 'Single App',
      singleAppKioskPackageName: 'com.android.chrome',
    });
    const before = await profileDetail(rt, owner, profileId);
    expect(before.hasUnappliedChanges).toBe(true);
    await applyProfile(rt, owner, profileId);
    const served = (await devicePolicy(rt, sl)).policy;
    expect(served).toMatchObject({
      family: 'SL',
      pin: '9876',
      advancedSettings: { ...allOff, disableStatusBar: true },
      blockUrl: ['https://social.example'],
      blockFileUrl: 'https://l.example/f.txt',
      profileFiles: ['/sdcard/Movies'],
      keyMapper: [{ packageName: 'com.android.settings', keyName: 'BACK_KEY', keyEvent: 'LONG_PRESS' }],
      powerCleanerSettings: { clearRecentApps: true, clearCache: false },
      enablePowerOnBoot: true,
      shutdownOnDisconnect: false,
      scheduleShutdown: { scheduleType: 'Daily', scheduleTime: '23:59', days: [] },
      kioskType: 'Single App',
      singleAppKioskPackageName: 'com.android.chrome',
      cleanerApplications: [],
      kioskApplications: [],
      applications: [],
    });
    expect((await profileDetail(rt, owner, profileId)).hasUnappliedChanges).toBe(false);
  });

  it('settings written before a field existed read as defaults; unknown stored keys survive an edit', async () => {
    const pd = await owner.enrol('PD');
    await rt.ctx.db
      .update(profiles)
      .set({ settings: { pin: '4321', legacyFlag: 'kept', advancedSettings: { disableWiFi: true, retired: true } } })
      .where(eq(profiles.id, pd.profileId));
    const detail = await profileDetail(rt, owner, pd.profileId);
    expect(detail.pin).toBe('4321');
    expect(detail.advancedSettings).toEqual({ ...allOff, disableWiFi: true });
    await edit('profile/update', { profileId: pd.profileId, pin: '1111' });
    expect((await profileRow(rt, pd.profileId)).settings).toMatchObject({ pin: '1111', legacyFlag: 'kept' });
  });
});
