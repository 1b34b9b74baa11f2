import fs from 'node:fs/promises';
import path from 'node:path';
import { profilesApi, type DeviceApplication, type ProfileDetailResponse } from '@fleetdeck/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { newCustomer } from '../../apps/api/test/support/factory.ts';
import { buy, customerIdOf } from '../../apps/api/test/support/ledger.ts';
import type { SimulatedDevice } from '../../packages/device-sim/src/index.ts';
import { customerPage, startE2e, type E2e } from '../support/app.ts';
import { customerGet, enrolmentTokenOf, servedPolicy, SimulatedDevices } from '../support/devices.ts';

/**
 * Device management through the real UI, the real API and simulated devices (packages/device-sim) speaking the
 * device API over HTTP: a Super Lock device gets a disabled app, a pin and a Browser kiosk and acknowledges them;
 * an export of one {product} device is restored onto another and applied; a Power Chat user is created once seats
 * exist. With `E2E_SHOTS_DIR` set, a last test saves full-page screenshots of every device page and tab at desktop
 * and mobile widths into that directory.
 */
const SHOTS_DIR = process.env.E2E_SHOTS_DIR;
/** Apply → long-poll wake-up → fetch → ack → the page's 5 s poll: generous for a slow CI machine. */
const APPLIED_TIMEOUT = 45_000;

let e2e: E2e;
let page: Page;
let customerId: string;
let customerToken: string;
let enrolmentToken: string;
const sims = new SimulatedDevices();

beforeAll(async () => {
  e2e = await startE2e(inject('pgAdminUrl'));
  const customer = await newCustomer(e2e.rt);
  customerToken = customer.token;
  customerId = await customerIdOf(e2e.rt.ctx.db, customer.email);
  await buy(e2e.rt.ctx.db, customerId, 'SL', 1);
  await buy(e2e.rt.ctx.db, customerId, 'PD', 2);
  enrolmentToken = await enrolmentTokenOf(e2e, customerToken);
  page = await customerPage(e2e, customerToken);
});

afterAll(async () => {
  await sims.stop();
  await e2e?.close();
});

afterEach(({ task }) => sims.printLogIfFailed(task));

/** A customer call through the API, with the customer's session. */
const apiGet = <T>(url: string) => customerGet<T>(e2e, customerToken, url);

/** What the device API serves a device as its current policy. */
const policyOf = (device: SimulatedDevice) => servedPolicy(e2e, device);

const profileDetail = async (profileId: string) =>
  (await apiGet<ProfileDetailResponse>(`/api/v1/admin/profile/detail?profileId=${profileId}`)).data;

/** A simulated device of `appName` enrolled with the customer's token, long-polling until afterAll stops it. */
const startDevice = (appName: string, serialNumber: string) =>
  sims.start(e2e, { enrolmentToken, appName, serialNumber });

/** Installed user apps (listed without the "Show system apps" switch), by package name. */
const userApps = (apps: DeviceApplication[]) =>
  apps.filter((a) => a.application_type === 0 && a.app_status === 'Installed' && !a.app_disable);

/** The Applications tab's search: narrows the table to one package and answers its row. */
async function findAppRow(packageName: string) {
  await page.getByLabel('Search', { exact: true }).fill(packageName);
  const row = page.getByRole('row').filter({ has: page.getByText(packageName, { exact: true }) });
  await row.waitFor();
  return row;
}

async function applyAndWaitForDevice(version: number) {
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await page.getByText('Profile applied. The device will pick up the changes in a moment.').first().waitFor();
  await page
    .getByTestId('apply-state')
    .getByText(`Device up to date (v${version})`)
    .waitFor({ timeout: APPLIED_TIMEOUT });
}

const toast = (text: string) => page.getByText(text).first().waitFor();

/**
 * Clicks until the click has sent its POST to `path` (at most 3 tries, 5 s apart): a forced click skips Playwright's
 * hit test, so one that lands while the search's narrowed table replaces its rows reaches nothing and sends nothing
 * (an `npm test` run saw the toast never come). A sent request proves the click landed, so a second click can never
 * undo the first.
 */
async function clickUntilSent(click: () => Promise<void>, path: string) {
  for (let attempt = 1; ; attempt += 1) {
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === path, {
      timeout: 5000,
    });
    sent.catch(() => undefined); // awaited below; not left unhandled when the click itself throws
    await click();
    try {
      await sent;
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

describe('device management', () => {
  it('a Super Lock device gets a disabled app, a pin and a Browser kiosk, and reports them applied', async () => {
    const sl = await startDevice('SL', 'E2E-SL-0001');
    const target = userApps(sl.applications)[0]!;
    const appName = target.app_name || target.package_name;

    await page.goto('/profiles');
    await page.getByRole('link', { name: sl.serialNumber }).click();
    await page.waitForURL(`**/sl-profile-detail?profile_id=${sl.profileId}`);
    await page.getByTestId('apply-state').getByText('Never applied').waitFor();

    // Applications tab (the first): switch one app off; it waits for the next Apply.
    await page.getByRole('tab', { name: 'Applications', selected: true }).waitFor();
    const row = await findAppRow(target.package_name);
    // A click, not uncheck(): the switch follows the server's answer, which can come after Playwright's immediate
    // state check on a loaded machine (CI saw "Clicking the checkbox did not change its state"). The toast and the
    // "Disable pending" mark below are what the person waits for.
    const appSwitch = row.getByRole('switch', { name: `Enable ${appName} on the device` });
    // The switch stays disabled until the member's permissions (users/detail) have come, and a forced click skips
    // Playwright's enabled check: on a loaded machine it landed on the disabled switch and nothing happened.
    await expect.poll(() => appSwitch.isEnabled()).toBe(true);
    await clickUntilSent(() => appSwitch.click({ force: true }), profilesApi.deviceApplicationUpdate.path);
    await toast('The application will be disabled when you apply the profile.');
    await row.getByText('Disable pending').waitFor();
    await expect.poll(() => appSwitch.isChecked()).toBe(false);
    await page.getByTestId('apply-state').getByText('Unapplied changes').waitFor();

    await page.getByRole('tab', { name: 'Pin' }).click();
    const pinForm = page.getByRole('form', { name: 'Pin' });
    await pinForm.getByLabel('Pin', { exact: true }).fill('482916');
    await pinForm.getByRole('button', { name: 'Save' }).click();
    await toast('Profile updated.');

    await page.getByRole('tab', { name: 'Kiosk' }).click();
    const kioskForm = page.getByRole('form', { name: 'Kiosk' });
    await kioskForm.getByLabel('Kiosk type').selectOption('Browser');
    await kioskForm.getByLabel('Website URL').fill('https://intranet.example.com/welcome');
    await kioskForm.getByRole('button', { name: 'Save' }).click();
    await toast('Kiosk settings saved.');

    await applyAndWaitForDevice(1);
    expect(await page.getByTestId('apply-state').getByText('Unapplied changes').count()).toBe(0);

    // The device has it: the simulator applied and acknowledged version 1 and disabled the app.
    expect(sl.appliedVersion).toBe(1);
    expect(sl.applications.find((a) => a.package_name === target.package_name)?.app_disable).toBe(true);
    // The API agrees: the served policy carries the three changes, and the profile records the acknowledgement.
    const served = await policyOf(sl);
    expect(served.version).toBe(1);
    expect(served.policy).toMatchObject({
      pin: '482916',
      kioskType: 'Browser',
      browserKioskWebsiteUrl: 'https://intranet.example.com/welcome',
    });
    expect(served.policy.applications).toContainEqual({ packageName: target.package_name, disable: true });
    const profile = await profileDetail(sl.profileId!);
    expect(profile).toMatchObject({ policyVersion: 1, appliedPolicyVersion: 1, appliedResult: 'Success' });

    await page.goto('/profiles');
    await page.getByRole('row').filter({ hasText: sl.serialNumber }).getByText('Up to date').waitFor();

    // The devices search takes the app's name for people; the device log's box takes a serial's beginning.
    await page.getByRole('textbox', { name: 'Find a device' }).fill('super lock');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/[?&]search=super/);
    await page.getByRole('link', { name: sl.serialNumber }).waitFor();
    await page.goto(`/device-logs?serialNumber=${sl.serialNumber.slice(0, 7)}`);
    await page.getByText(sl.serialNumber).first().waitFor();
  });

  it('restores the export of one device onto a second one, which disables its apps after Apply', async () => {
    const [a, b] = await Promise.all([startDevice('PD', 'E2E-PD-A-0001'), startDevice('PD', 'E2E-PD-B-0002')]);
    // Device A uploads a backup of two disabled apps that device B has installed too. The test uploads it with A's
    // token rather than letting the simulator do it: the simulator's own backups list app labels ("Facebook"), while
    // the server treats `disabledApplications` as package names (export detail, restore).
    const onB = new Set(userApps(b.applications).map((x) => x.package_name));
    const packages = userApps(a.applications)
      .map((x) => x.package_name)
      .filter((p) => onB.has(p))
      .slice(0, 2);
    expect(packages).toHaveLength(2);
    const exportName = 'Front desk backup';
    const uploaded = await fetch(`${e2e.baseUrl}/api/v1/device/exports`, {
      method: 'POST',
      headers: { authorization: `Device ${a.deviceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ exportName, disabledApplications: packages }),
    });
    expect(uploaded.status).toBe(200);

    await page.goto('/export-list');
    const exportRow = page.getByRole('row').filter({ hasText: exportName });
    await exportRow.getByText(a.serialNumber).waitFor();
    await exportRow.getByRole('button', { name: `Restore ${exportName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Restore "${exportName}"` });
    // The targets are the PDALL profile list: both PD devices, not the Super Lock one.
    await dialog.getByRole('radio', { name: `Restore onto ${b.serialNumber}` }).check();
    expect(await dialog.getByRole('radio', { name: `Restore onto ${a.serialNumber}` }).count()).toBe(1);
    expect(await dialog.getByRole('radio', { name: 'Restore onto E2E-SL-0001' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await toast(
      '2 application(s) will be disabled on this device. Press Apply on the profile to send them to the device.',
    );
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`/profile-detail?profile_id=${b.profileId}`);
    await page.getByRole('tab', { name: 'Applications', selected: true }).waitFor();
    for (const packageName of packages) {
      const row = await findAppRow(packageName);
      await row.getByText('Disable pending').waitFor();
      expect(await row.getByRole('switch').isChecked()).toBe(false);
    }
    await page.getByTestId('apply-state').getByText('Unapplied changes').waitFor();

    await applyAndWaitForDevice(1);
    const served = await policyOf(b);
    for (const packageName of packages) {
      expect(served.policy.applications).toContainEqual({ packageName, disable: true });
      expect(b.applications.find((x) => x.package_name === packageName)?.app_disable).toBe(true);
    }
    // Device A was not touched.
    expect((await profileDetail(a.profileId!)).policyVersion).toBe(0);
  });

  it('sends the customer to buy Power Chat seats, then creates a user with a working QR code', async () => {
    const userId = 'front.desk.1';
    const fillUser = async () => {
      await page.goto('/power-chat-user-create');
      await page.getByLabel(/^Name/).fill('Front Desk');
      await page.getByLabel(/^User ID/).fill(userId);
      await page.getByLabel(/^Password/).fill('Harbor-Lantern-5821');
      await page.getByRole('button', { name: 'Create User' }).click();
    };

    // No Power Chat seat: spec 2 §8 goes to make-payment for the required quantity (the minimum purchase, 2).
    await fillUser();
    await page.waitForURL(/\/make-payment\?id=PCHAT&qty=2$/);
    const qty = page.getByLabel('Enter Number Of Users');
    await qty.waitFor();
    expect(await qty.inputValue()).toBe('2');

    await buy(e2e.rt.ctx.db, customerId, 'PCHAT', 2);
    await fillUser();
    await page.waitForURL('**/power-chat-users');
    await toast('Power Chat user created successfully.');
    const row = page.getByRole('row').filter({ hasText: userId });
    await row.getByText('Front Desk').waitFor();
    await row.getByText('Licensed').waitFor();
    await page.getByText('1 of 2 Power Chat licences in use').waitFor();

    await row.getByRole('button', { name: `QR code of ${userId}` }).click();
    const qr = page.getByRole('dialog').getByRole('img', { name: `Sign-in QR code of ${userId}` });
    await qr.waitFor();
    await qr.evaluate(
      (img: HTMLImageElement) =>
        new Promise<void>((resolve, reject) => {
          const check = () => (img.naturalWidth > 0 ? resolve() : reject(new Error(`QR image ${img.src} is broken`)));
          if (img.complete) check();
          else img.addEventListener('load', check, { once: true });
          img.addEventListener('error', () => reject(new Error(`QR image ${img.src} failed to load`)), { once: true });
        }),
    );
    await page.keyboard.press('Escape');
  });

  // Defined only when asked for, so a normal run neither skips nor spends two minutes on it.
  if (SHOTS_DIR)
    it(
      'saves screenshots of every device page and tab at desktop and mobile widths',
      { timeout: 300_000 },
      async () => {
        const dir = SHOTS_DIR!;
        await fs.mkdir(dir, { recursive: true });
        await buy(e2e.rt.ctx.db, customerId, 'PC', 1);
        await buy(e2e.rt.ctx.db, customerId, 'UB', 1);
        await buy(e2e.rt.ctx.db, customerId, 'KM', 1);
        const [pc, ub, km] = await Promise.all([
          startDevice('PC', 'E2E-PC-0001'),
          startDevice('UB', 'E2E-UB-0001'),
          startDevice('KM', 'E2E-KM-0001'),
        ]);
        const sl = (await profileIdOf('E2E-SL-0001'))!;
        const pd = (await profileIdOf('E2E-PD-B-0002'))!;
        await fillProfiles(sl, pc.profileId!, ub.profileId!, km.profileId!);
        const exports = (
          await apiGet<{ data: { _id: string; exportName: string }[] }>('/api/v1/admin/users/export/list')
        ).data;
        const exportId = exports.find((x) => x.exportName === 'Front desk backup')!._id;
        // The backup a simulated device uploaded by itself after applying its policy.
        const deviceBackupId = exports.find((x) => x.exportName.startsWith('Backup '))!._id;

        const tabs = (prefix: string, url: string, values: string[]): Shot[] =>
          values.map((tab) => ({ name: `${prefix}-${tab}`, url: `${url}&tab=${tab}` }));
        const slUrl = `/sl-profile-detail?profile_id=${sl}`;
        const shots: Shot[] = [
          { name: 'profiles', url: '/profiles' },
          ...tabs('sl', slUrl, [
            'applications',
            'setting',
            'key-mapper',
            'url',
            'kiosk',
            'power-on-boot',
            'device',
            'pin',
          ]),
          ...['applications', 'files', 'settings'].map((sub) => ({
            name: `sl-cleaner-apps-${sub}`,
            url: `${slUrl}&tab=cleaner-apps&sub=${sub}`,
          })),
          ...tabs('pd', `/profile-detail?profile_id=${pd}`, ['applications', 'device', 'advance-setting', 'pin']),
          ...tabs('pc', `/pc-profile-detail?profile_id=${pc.profileId}`, [
            'applications',
            'files',
            'settings',
            'device',
          ]),
          ...tabs('ub', `/ub-profile-detail?profile_id=${ub.profileId}`, ['url', 'file', 'devices']),
          ...tabs('km', `/km-profile-detail?profile_id=${km.profileId}`, ['key-mapping', 'devices']),
          { name: 'device-logs', url: '/device-logs' },
          { name: 'audit-logs', url: '/audit-logs' },
          { name: 'export-list', url: '/export-list' },
          {
            name: 'export-list-restore',
            url: '/export-list',
            open: async (p) => {
              await p.getByRole('button', { name: 'Restore Front desk backup' }).click();
              await p.getByRole('dialog').getByRole('radio').first().waitFor();
            },
          },
          { name: 'export-detail', url: `/export-detail?id=${exportId}` },
          { name: 'export-detail-device-backup', url: `/export-detail?id=${deviceBackupId}` },
          { name: 'power-chat-users', url: '/power-chat-users' },
          {
            name: 'power-chat-users-qr',
            url: '/power-chat-users',
            open: async (p) => {
              await p.getByRole('button', { name: 'QR code of front.desk.1' }).click();
              await p.getByRole('img', { name: 'Sign-in QR code of front.desk.1' }).waitFor();
            },
          },
          { name: 'power-chat-user-create', url: '/power-chat-user-create' },
        ];
        // Both widths at once, each in its own browser context.
        await Promise.all([
          shootAll(shots, dir, 'desktop', { width: 1280, height: 800 }),
          shootAll(shots, dir, 'mobile', { width: 390, height: 844 }),
        ]);
      },
    );
});

interface Shot {
  name: string;
  url: string;
  /** Opens a dialog (or the like) before the shot. */
  open?: (page: Page) => Promise<void>;
}

async function shootAll(shots: Shot[], dir: string, suffix: string, viewport: { width: number; height: number }) {
  const { context, page: p } = await e2e.newPage(viewport);
  try {
    await p.goto('/login');
    await p.evaluate((token) => localStorage.setItem('token', token), customerToken);
    for (const shot of shots) {
      await p.goto(shot.url);
      await settle(p);
      if (shot.open) {
        await shot.open(p);
        await settle(p);
      }
      await p.screenshot({
        path: path.join(dir, `${shot.name}-${suffix}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    }
  } finally {
    await context.close();
  }
}

/** The page has loaded its data and images: no request for a moment, no skeleton, no busy table, fonts ready. */
async function settle(p: Page) {
  await p.waitForLoadState('networkidle');
  await p.waitForFunction(() => document.querySelectorAll('.mantine-Skeleton-root, [aria-busy="true"]').length === 0);
  await p.evaluate(() => document.fonts.ready);
}

/** A customer call that must succeed. */
async function apiPost(url: string, payload: object) {
  const res = await e2e.rt.app.inject({ method: 'POST', url, payload, headers: { authorization: customerToken } });
  if (res.statusCode !== 200) throw new Error(`POST ${url} → ${res.statusCode} ${res.body}`);
}

/** Entries in the lists of the screenshot profiles, so the shots show filled lists (one long URL for overflow). */
async function fillProfiles(sl: string, pc: string, ub: string, km: string) {
  const P = '/api/v1/admin/profile';
  const longUrl = `https://intranet.example.com/${'very-long-path-segment/'.repeat(6)}index.html?session=abcdef0123456789`;
  for (const profileId of [sl, ub]) {
    await apiPost(`${P}/blockUrl/add`, { profileId, url: 'https://games.example.com' });
    await apiPost(`${P}/blockUrl/add`, { profileId, url: longUrl });
  }
  for (const profileId of [sl, pc, ub]) {
    await apiPost(`${P}/file/add`, { profileId, filePath: '/sdcard/Download/report-2026-q3-final.pdf' });
  }
  for (const profileId of [sl, km]) {
    await apiPost(`${P}/keyMapper/add`, {
      profileId,
      keyName: 'VOLUME_UP_KEY',
      keyEvent: 'LONG_PRESS',
      packageName: 'com.android.chrome',
    });
  }
  await apiPost(`${P}/keyMapper/add`, {
    profileId: km,
    keyName: 'POWER_KEY',
    keyEvent: 'DOUBLE_TAP',
    packageName: 'com.sec.android.app.camera',
  });
  const [chrome] = (
    await apiGet<{ data: { appId: string; title: string; icon: string }[] }>(
      '/api/v1/admin/device/playstore/search?app_name=chrome',
    )
  ).data;
  for (const [profileId, productType] of [
    [sl, 'Super Lock'],
    [pc, null],
  ] as const) {
    await apiPost(`${P}/application/create`, {
      profileId,
      appPackageName: chrome!.appId,
      appIcon: chrome!.icon,
      status: 'Clear Data',
      appDetails: { title: chrome!.title, icon: chrome!.icon, appId: chrome!.appId },
      productType,
    });
  }
  await apiPost(`${P}/update/pob/setting`, {
    profileId: sl,
    enablePowerOnBoot: true,
    shutdownOnDisconnect: false,
    scheduleShutdown: { scheduleType: 'Weekly', scheduleTime: '22:30', days: ['Monday', 'Wednesday', 'Friday'] },
  });
}

async function profileIdOf(serialNumber: string) {
  const list = (await apiGet<{ data: { _id: string; name: string }[] }>('/api/v1/admin/profile/list?limit=50')).data;
  return list.find((p) => p.name === serialNumber)?._id;
}
