import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { newCustomer } from '../../apps/api/test/support/factory.ts';
import { buy, customerIdOf } from '../../apps/api/test/support/ledger.ts';
import { sweepCommands } from '../../apps/api/src/modules/commands/jobs.ts';
import { paths } from '../../apps/web/src/portal/config/paths.ts';
import { SimulatedDevice } from '../../packages/device-sim/src/index.ts';
import { customerPage, startE2e, type E2e } from '../support/app.ts';
import { enrolmentTokenOf, SimulatedDevices } from '../support/devices.ts';
import { shoot } from '../support/screenshots.ts';

/**
 * Issue 26's browser journey, through the real UI, the real API and its pg-boss jobs, and simulated devices
 * (packages/device-sim) speaking the device API over HTTP: a device locked from its page with a message, followed on
 * the command's page until the device's own result says it succeeded; then a ring to a device that is offline, which
 * stays queued until its expiry passes and the minute's sweep marks it expired (the expiry is moved into the past
 * rather than waiting ten minutes); a locate shown with its map link, and lost mode whose banner comes to the device's
 * page by itself. With `E2E_SHOTS_DIR` set, the pages, the menu and the dialogs are saved at 1366 and 390 px.
 */
const DEVICE_TIMEOUT = 30_000;

let e2e: E2e;
let page: Page;
let customerToken: string;
let online: SimulatedDevice;
let offline: SimulatedDevice;
const sims = new SimulatedDevices();

beforeAll(async () => {
  e2e = await startE2e(inject('pgAdminUrl'));
  const customer = await newCustomer(e2e.rt);
  customerToken = customer.token;
  await buy(e2e.rt.ctx.db, await customerIdOf(e2e.rt.ctx.db, customer.email), 'PD', 2);
  const enrolmentToken = await enrolmentTokenOf(e2e, customerToken);
  online = await sims.start(e2e, { enrolmentToken, appName: 'PD', serialNumber: 'E2E-CMD-ONLINE' });
  // Enrolled once, then never asks again: an offline tablet.
  offline = new SimulatedDevice({ baseUrl: e2e.baseUrl, enrolmentToken, appName: 'PD', serialNumber: 'E2E-CMD-OFF' });
  await offline.once();
  page = await customerPage(e2e, customerToken, { width: 1366, height: 900 });
});

afterAll(async () => {
  await sims.stop();
  await e2e?.close();
});

afterEach(({ task }) => sims.printLogIfFailed(task));

/** Opens the device's page, then its Commands menu's item. */
async function openCommand(device: SimulatedDevice, item: RegExp) {
  await page.goto(paths.portal.profileDetail.getHref(device.profileId!));
  await page.getByRole('button', { name: 'Commands' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Continue, Send in the confirmation naming the device, then the command's page from the "Command sent" dialog. */
async function sendAndFollow(question: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe(question);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.getByText('Command sent').waitFor();
  await dialog.getByRole('link', { name: /Follow it on the command/ }).click();
  await page.waitForURL(/\/command-detail\?id=/);
  return new URL(page.url()).searchParams.get('id')!;
}

/** The state badge of the device's row in the command page's table. */
const rowState = (serial: string) =>
  page.getByRole('row').filter({ hasText: serial }).locator('.mantine-Badge-root').first();

describe('remote commands from the console', () => {
  it('locks a device from its page with a message and watches it succeed', async () => {
    await openCommand(online, /^Lock/);
    await page.getByRole('dialog').getByLabel('Message on the lock screen').fill('Return to the front desk');
    const id = await sendAndFollow(`Lock ${online.serialNumber}?`);
    await expect.poll(() => rowState(online.serialNumber).textContent(), { timeout: DEVICE_TIMEOUT }).toBe('Succeeded');
    // The device itself shows the lock screen with the message, and the ledger row says how it got there.
    expect(online.locked).toEqual({ message: 'Return to the front desk' });
    const row = page.getByRole('row').filter({ hasText: online.serialNumber });
    await expect.poll(() => row.textContent()).toContain('Long poll');
    await expect.poll(() => row.textContent()).toContain('Locked: Return to the front desk');
    const audit = await e2e.rt.ctx.db.execute<{ message: string }>(
      sql`select message from audit_entries where sub_type = 'Command Sent' order by created_at desc limit 1`,
    );
    expect(audit.rows[0]?.message).toBe('Sent Lock to 1 device');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await shoot(page, 'command-detail', 'commands');
  });

  it('locates a device (its position linked to the map), then puts it in lost mode: the banner comes without a reload', async () => {
    await page.goto(paths.portal.profileDetail.getHref(online.profileId!));
    await page.getByRole('button', { name: 'Commands' }).click();
    await page.getByRole('menuitem', { name: /^Locate/ }).waitFor();
    await shoot(page, 'device-menu', 'commands');
    // Opened again: a menu left open through the shots' resizes may stay where the phone's layout put it.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Commands' }).click();
    await page.getByRole('menuitem', { name: /^Locate/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This device can be located.').waitFor();
    await shoot(page, 'send-dialog', 'commands');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Send' }).waitFor();
    await shoot(page, 'confirmation', 'commands');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByRole('link', { name: /Follow it on the command/ }).click();
    await page.waitForURL(/\/command-detail\?id=/);
    await expect.poll(() => rowState(online.serialNumber).textContent(), { timeout: DEVICE_TIMEOUT }).toBe('Succeeded');
    const map = page
      .getByRole('row')
      .filter({ hasText: online.serialNumber })
      .getByRole('link', { name: 'Show on map' });
    expect(await map.getAttribute('href')).toMatch(/^https:\/\/.*-?\d+\.\d+/);
    await shoot(page, 'command-detail-locate', 'commands');

    // Lost mode from the device's page: the dialog closed, the page shows the banner once the device has answered.
    await openCommand(online, /^Lost mode/);
    await dialog.getByLabel('Message shown on the device').fill('This tablet belongs to the front desk');
    await dialog.getByLabel('Phone').fill('+44 20 7946 0000');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Command sent').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Lost mode since' });
    await banner.waitFor({ timeout: DEVICE_TIMEOUT });
    expect(await banner.textContent()).toContain('This tablet belongs to the front desk, +44 20 7946 0000');
    await shoot(page, 'lost-mode-banner', 'commands');

    await page.goto(paths.portal.commands.getHref());
    await page.getByRole('row').filter({ hasText: 'Lost mode' }).first().waitFor();
    await shoot(page, 'list', 'commands');
  });

  it('rings an offline device: queued until its expiry passes, then expired', async () => {
    await openCommand(offline, /^Ring/);
    const id = await sendAndFollow(`Ring ${offline.serialNumber}?`);
    await expect.poll(() => rowState(offline.serialNumber).textContent(), { timeout: DEVICE_TIMEOUT }).toBe('Queued');
    // Ten minutes later (the ring's expiry), as the minute's sweep finds it: the ledger row and the device message
    // that carries it expire together.
    await e2e.rt.ctx.db.execute(
      sql`update command_devices set expires_at = now() - interval '1 second' where command_id = ${id}`,
    );
    await e2e.rt.ctx.db.execute(
      sql`update device_messages set expires_at = now() - interval '1 second' where payload->>'commandId' = ${id}`,
    );
    expect((await sweepCommands(e2e.rt.ctx)).expired).toBe(1);
    await page.reload();
    await expect.poll(() => rowState(offline.serialNumber).textContent(), { timeout: DEVICE_TIMEOUT }).toBe('Expired');
    // The device asks at last: nothing is handed out.
    const events = await offline.pollEvents(0);
    expect(events.messages.filter((m) => m.kind === 'command')).toEqual([]);
  });
});
