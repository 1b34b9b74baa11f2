import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, profilesApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { desc } from 'drizzle-orm';
import { chatUsers, devices as deviceRows } from '../../apps/api/src/db/schema.ts';
import { call } from '../../apps/api/test/support/call.ts';
import {
  buy,
  enrolDevice,
  newCustomer,
  newStaff,
  uploadExport,
  type TestDevice,
} from '../../apps/api/test/support/factory.ts';
import { reportInventory } from '../../apps/api/test/support/profiles.ts';
import { createLimiter, SimulatedDevice } from '../../packages/device-sim/src/index.ts';
import { startE2e, type E2e } from '../support/app.ts';
import { shoot } from '../support/screenshots.ts';

/**
 * Staff push notifications end to end (issue 11, DECISIONS §8): 1,000 devices simulated by packages/device-sim
 * against the running server long-poll `GET events`; a Support member sends a notification to all devices from the
 * back office; the detail page shows the delivered and opened counts rising as the devices show and open it (half of
 * the devices are offline when it is sent and check in a few seconds later). Also screenshots every device-side page
 * of the back office at 1366 and 390 px.
 */
const DEVICES = 1000;
const CUSTOMERS = 4;

let e2e: E2e;
const stop = new AbortController();
let sims: SimulatedDevice[] = [];
let listening: Promise<void>[] = [];
beforeAll(async () => {
  e2e = await startE2e(inject('pgAdminUrl'));
}, 180_000);
afterAll(async () => {
  stop.abort();
  await Promise.all(listening);
  await e2e?.close();
});

/** Enrols `DEVICES` devices for `CUSTOMERS` customers through the device API (the factory), customers in parallel. */
async function enrolFleet() {
  const owners = await Promise.all(Array.from({ length: CUSTOMERS }, () => newCustomer(e2e.rt)));
  const per = DEVICES / CUSTOMERS;
  const enrolled = await Promise.all(
    owners.map(async (owner, c) => {
      await buy(e2e.rt, owner, 'PD', per);
      const out: TestDevice[] = [];
      for (let i = 0; i < per; i++) {
        out.push(
          await enrolDevice(e2e.rt, owner, {
            serialNumber: `E2E-${c}-${String(i).padStart(4, '0')}`,
            deviceName: `Tablet ${c}-${i}`,
          }),
        );
      }
      return out;
    }),
  );
  return { owners, devices: enrolled.flat() };
}

/** The device-sim twin of an enrolled device (its token set, no second enrolment). */
function simulate(d: TestDevice, limiter: ReturnType<typeof createLimiter>, index: number) {
  const sim = new SimulatedDevice({
    baseUrl: e2e.baseUrl,
    enrolmentToken: 'unused',
    appName: 'PD',
    serialNumber: d.serialNumber,
    limiter,
    // The users open it between 0.5 and 4.5 seconds after it shows: spread over more than one of the detail page's
    // 3 s refreshes, so the page shows the counts between none and all.
    openDelayMs: 500 + ((index * 7919) % 4000),
  });
  sim.deviceToken = d.deviceToken;
  sim.deviceId = d.deviceId;
  sim.profileId = d.profileId;
  return sim;
}

async function stat(page: Page, label: string) {
  const text = await page.getByLabel(label, { exact: true }).textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

describe('back office push notifications to 1,000 simulated devices', () => {
  let page: Page;
  let owners: Awaited<ReturnType<typeof enrolFleet>>['owners'];
  let devices: TestDevice[];
  let staff: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    ({ owners, devices } = await enrolFleet());
    staff = await newStaff(e2e.rt, 'Support');
    ({ page } = await e2e.newPage({ width: 1366, height: 900 }));
    await page.goto('/super-admin/login');
    await page.evaluate(
      ([token]) => {
        localStorage.setItem('super_admin_token', token!);
        localStorage.setItem('adminRole', 'Support');
      },
      [staff.token],
    );
  }, 300_000);

  it('sends to all devices and shows delivered and opened rising on the detail page', async () => {
    expect(devices).toHaveLength(DEVICES);
    const limiter = createLimiter(64);
    sims = devices.map((d, i) => simulate(d, limiter, i));
    // Half the fleet is online (long-polling) when the notification is sent; the rest checks in later.
    const online = sims.slice(0, DEVICES / 2);
    const offline = sims.slice(DEVICES / 2);
    listening = online.map((s) => s.listen(stop.signal, { wait: 25 }));

    await page.goto('/admin-custom-notifications');
    await page.getByRole('heading', { name: 'Send a notification' }).waitFor();
    await page.getByText('No notification was sent yet.').waitFor();
    await shoot(page, 'custom-notifications');
    await page.getByLabel(/^Title/).fill('Maintenance tonight');
    await page.getByLabel(/^Message/).fill('Tablets restart at 22:00. Save your work.');
    await page.getByRole('button', { name: 'Send' }).click();
    // It asks first, naming the devices and customers it goes to (DECISIONS §14).
    const confirm = page.getByRole('dialog', { name: 'Send this notification?' });
    await confirm.getByText('This goes to about 1,000 devices of 4 customers').waitFor();
    await shoot(page, 'notification-confirm');
    await confirm.getByRole('button', { name: 'Send' }).click();
    const link = page.getByRole('link', { name: '1,000' });
    await link.waitFor({ timeout: 30_000 });
    await link.click();
    await page.waitForURL('**/admin-notification-detail?id=*');
    await page.getByRole('heading', { name: 'Maintenance tonight' }).waitFor();

    const samples: { at: number; delivered: number; opened: number }[] = [];
    const started = Date.now();
    let offlineStarted = false;
    for (;;) {
      const delivered = await stat(page, 'Delivered');
      const opened = await stat(page, 'Opened');
      samples.push({ at: Date.now() - started, delivered, opened });
      if (!offlineStarted && Date.now() - started > 3000) {
        // The offline devices come back: each receives it at its next check-in.
        offlineStarted = true;
        listening.push(...offline.map((s) => s.listen(stop.signal, { wait: 25 })));
      }
      if (delivered === DEVICES && opened === DEVICES) break;
      if (Date.now() - started > 90_000) throw new Error(`counts stalled: ${JSON.stringify(samples.slice(-3))}`);
      await page.waitForTimeout(500);
      if (samples.length === 4) await shoot(page, 'notification-detail');
    }
    console.log(
      `notification to ${DEVICES} devices: ${samples.length} samples, ` +
        samples
          .filter((_, i) => i % 3 === 0)
          .map((s) => `${(s.at / 1000).toFixed(1)}s ${s.delivered}/${s.opened}`)
          .join(', '),
    );
    // The counts only go up, pass through values between none and all, and end at every device.
    for (let i = 1; i < samples.length; i++) {
      expect(samples[i]!.delivered).toBeGreaterThanOrEqual(samples[i - 1]!.delivered);
      expect(samples[i]!.opened).toBeGreaterThanOrEqual(samples[i - 1]!.opened);
    }
    expect(samples.some((s) => s.delivered > 0 && s.delivered < DEVICES)).toBe(true);
    expect(samples.some((s) => s.opened > 0 && s.opened < DEVICES)).toBe(true);
    expect(await stat(page, 'Not delivered')).toBe(0);
    // Each simulated device showed it once and opened it.
    expect(sims.every((s) => s.notifications.length === 1 && s.notifications[0]!.openedAt !== null)).toBe(true);
    expect(sims[0]!.notifications[0]).toMatchObject({
      title: 'Maintenance tonight',
      message: 'Tablets restart at 22:00. Save your work.',
    });

    // The Open filter: every row is open now.
    await page.getByRole('combobox', { name: 'Is open' }).click();
    await page.getByRole('option', { name: 'Not Open' }).click();
    await page.getByText('No device matches these filters.').waitFor();

    // A long word wraps in its column: the counts stay on the table (DECISIONS §14).
    const longWord = `Firmware${'x'.repeat(84)}`;
    (
      await call(e2e.rt, staffApi.notificationSend, {
        token: staff.token,
        body: { title: longWord, message: `${longWord.repeat(3)} ${longWord}`, customers: [owners[0]!.id] },
      })
    ).data();
    await page.goto('/admin-custom-notifications');
    await page.getByRole('cell', { name: /Maintenance tonight/ }).waitFor();
    const counts = page.getByRole('link', { name: '250', exact: true });
    await counts.waitFor();
    const box = (await counts.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
    await shoot(page, 'custom-notifications-sent');
  });

  it('screenshots the other device-side pages with data', async () => {
    const [alice] = owners;
    // An export, a disabled app (the bloatware catalogue), a Power Chat user and a logout (the audit page).
    await uploadExport(e2e.rt, devices[0]!.auth, {
      exportName: 'Lobby backup',
      disabledApplications: ['com.facebook.katana', 'com.samsung.android.game.gametools'],
    });
    await reportInventory(e2e.rt, devices[1]!, [{ package_name: 'com.facebook.katana', app_name: 'Facebook' }]);
    (
      await call(e2e.rt, profilesApi.deviceApplicationUpdate, {
        token: alice!.token,
        body: { profileId: devices[1]!.profileId, packageName: 'com.facebook.katana', app_disable: true },
      })
    ).data();
    await e2e.rt.ctx.db
      .insert(chatUsers)
      .values({ customerId: alice!.id, name: 'Front desk chat', userId: 'frontdesk.e2e', passwordHash: 'x' });
    (
      await call(e2e.rt, devicesApi.logout, { token: alice!.token, query: { serialNumber: devices[2]!.serialNumber } })
    ).data();

    // The list shows the newest first. The four customers enrol side by side, so which of their last devices is the
    // newest (and which reach the first page) depends on timing: ask the database.
    const [newest] = await e2e.rt.ctx.db
      .select({ serialNumber: deviceRows.serialNumber })
      .from(deviceRows)
      .orderBy(desc(deviceRows.createdAt), desc(deviceRows.id))
      .limit(1);
    await page.goto('/admin-devices');
    // 1,000 devices across customers: the first page can take a while on a loaded CI machine.
    await page.getByRole('cell', { name: newest!.serialNumber }).waitFor({ timeout: 30_000 });
    await shoot(page, 'devices');

    await page.goto('/admin-audit-logs');
    await page.getByRole('button', { name: alice!.email, exact: true }).waitFor();
    await shoot(page, 'audit-logs');
    await page.getByRole('button', { name: `Reset deleted devices of ${alice!.email}` }).click();
    await page.getByRole('button', { name: 'Yes, reset it' }).click();
    await page.getByText('Deleted devices count reset.').waitFor();

    await page.goto('/admin-power-chat-users');
    await page.getByRole('cell', { name: 'frontdesk.e2e' }).waitFor();
    await shoot(page, 'power-chat-users');

    await page.goto('/admin-bloatware-apps');
    await page.getByRole('cell', { name: 'com.facebook.katana', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Mark com.facebook.katana' }).click();
    await page.getByLabel('Reason').fill('Preinstalled social app, not needed on kiosks');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Preinstalled social app, not needed on kiosks' }).waitFor();
    await shoot(page, 'bloatware-apps');

    await page.goto('/admin-exports-list');
    await page.getByRole('cell', { name: 'Lobby backup' }).waitFor();
    await shoot(page, 'exports-list');
  });
});
