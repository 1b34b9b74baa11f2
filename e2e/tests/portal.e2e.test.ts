import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { licenceGrants } from '../../apps/api/src/db/schema.ts';
import { jsonOf } from '../../apps/api/test/support/helpers.ts';
import { newCustomer } from '../../apps/api/test/support/factory.ts';
import { buy, customerIdOf, enrol } from '../../apps/api/test/support/ledger.ts';
import { SimulatedDevice, tokenFromQr } from '../../packages/device-sim/src/index.ts';
import { customerPage, startE2e, type E2e } from '../support/app.ts';

/**
 * The customer portal as a new customer meets it (issue 15), on a 390 px phone and a 1366 px laptop: lists that
 * show what matters without scrolling sideways, the Download APK modal's eight apps, the public /enrol page of the
 * login QR code, the register form's keyboard and errors, the licence-exceeded banner, and an axe audit (WCAG 2 AA)
 * of the pages. With `E2E_SHOTS_DIR` set, a last test saves full-page screenshots of every customer page at both
 * widths into that directory.
 */
const SHOTS_DIR = process.env.E2E_SHOTS_DIR;
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 800 };

let e2e: E2e;
let token: string;
let email: string;
const stop = new AbortController();

beforeAll(async () => {
  e2e = await startE2e(inject('pgAdminUrl'));
  const customer = await newCustomer(e2e.rt);
  token = customer.token;
  email = customer.email;
  const customerId = await customerIdOf(e2e.rt.ctx.db, email);
  await buy(e2e.rt.ctx.db, customerId, 'PD', 3);
  await buy(e2e.rt.ctx.db, customerId, 'PCOT', 2);
  // A device with a backup, so Export List has a row with Restore and Delete.
  const detail = jsonOf<{ data: { enrolmentLink: string } }>(
    await e2e.rt.app.inject({ method: 'GET', url: '/api/v1/admin/users/detail', headers: { authorization: token } }),
  );
  const device = new SimulatedDevice({
    baseUrl: e2e.baseUrl,
    enrolmentToken: tokenFromQr(detail.data.enrolmentLink),
    appName: 'PD',
    serialNumber: 'E2E-PORTAL-0001',
  });
  await device.once(stop.signal);
  await device.exportBackup('Reception tablet backup');
});

afterAll(async () => {
  stop.abort();
  await e2e?.close();
});

/** A page of a browser context signed in as the customer. */
async function signedIn(viewport: { width: number; height: number }, as = token) {
  const page = await customerPage(e2e, as, viewport);
  return { context: page.context(), page };
}

/** The page has loaded its data: no request for a moment, no skeleton, no busy table. */
async function settle(p: Page) {
  await p.waitForLoadState('networkidle');
  await p.waitForFunction(() => document.querySelectorAll('.mantine-Skeleton-root, [aria-busy="true"]').length === 0);
}

/** The element lies wholly inside the viewport's width (nothing to scroll sideways to). */
async function withinWidth(p: Page, selector: ReturnType<Page['locator']>, width: number) {
  const box = await selector.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

const noSideScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('on a 390 px phone', () => {
  it('payment history shows the Amount and Status of a row without scrolling sideways', async () => {
    const { context, page } = await signedIn(PHONE);
    try {
      await page.goto('/payment-history');
      await settle(page);
      const row = page.locator('tbody tr').filter({ hasText: '3 Licence' });
      const amount = row.locator('td[data-label="Amount"]');
      const status = row.locator('td[data-label="Status"]');
      await expect(amount.innerText()).resolves.toMatch(/€/);
      await expect(status.innerText()).resolves.toMatch(/success/i);
      await withinWidth(page, amount, PHONE.width);
      await withinWidth(page, status, PHONE.width);
      expect(await noSideScroll(page)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("Export List's Restore and Delete are on screen and work", async () => {
    const { context, page } = await signedIn(PHONE);
    try {
      await page.goto('/export-list');
      await settle(page);
      const restore = page.getByRole('button', { name: 'Restore Reception tablet backup' });
      const remove = page.getByRole('button', { name: 'Delete Reception tablet backup' });
      await withinWidth(page, restore, PHONE.width);
      await withinWidth(page, remove, PHONE.width);
      expect(await noSideScroll(page)).toBe(true);
      await restore.click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await remove.click();
      await page.getByRole('button', { name: 'Yes, delete it!' }).waitFor();
      await page.keyboard.press('Escape');
    } finally {
      await context.close();
    }
  });

  it('the Download APK modal shows all eight apps', async () => {
    const { context, page } = await signedIn(PHONE);
    try {
      await page.goto('/dashboard');
      await settle(page);
      await page.getByRole('button', { name: 'Download APK' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const tabs = dialog.getByRole('tab');
      expect(await tabs.allInnerTexts()).toEqual([
        'Fleetdeck',
        'Fleetdeck Owner App',
        'Super Lock',
        'Power Cleaner',
        'Key Mapper',
        'URL Blocker',
        'Power on Boot',
        'Power Chat',
      ]);
      const modal = await dialog.boundingBox();
      for (let i = 0; i < 8; i += 1) {
        const box = (await tabs.nth(i).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(modal!.x);
        expect(box.x + box.width).toBeLessThanOrEqual(modal!.x + modal!.width + 0.5);
      }
      await tabs.nth(7).click();
      // No APK is configured in this installation: the card says so instead of linking back to the console.
      await dialog.getByText(/^Not published yet\./).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a page title shows in full and the devices list keeps Status and Policy', async () => {
    const { context, page } = await signedIn(PHONE);
    try {
      await page.goto('/payment-history');
      await settle(page);
      const title = page.getByRole('heading', { level: 1, name: 'Payment History' });
      // Whole words on at most two lines, none cut ("Payment…" before).
      expect(
        await title.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1),
      ).toBe(true);
      await page.goto('/profiles');
      await settle(page);
      const row = page.locator('tbody tr').filter({ hasText: 'E2E-PORTAL-0001' });
      await withinWidth(page, row.locator('td[data-label="Status"]'), PHONE.width);
      await withinWidth(page, row.locator('td[data-label="Policy"]'), PHONE.width);
    } finally {
      await context.close();
    }
  });
});

describe('signed out', () => {
  it('/enrol?token= tells the phone to use the app, offers the APK state and shows nothing of the customer', async () => {
    const { context, page } = await e2e.newPage(PHONE);
    try {
      const detail = jsonOf<{ data: { enrolmentLink: string } }>(
        await e2e.rt.app.inject({
          method: 'GET',
          url: '/api/v1/admin/users/detail',
          headers: { authorization: token },
        }),
      );
      const link = new URL(detail.data.enrolmentLink);
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole('heading', { name: 'Enrol this device with the Fleetdeck app' }).waitFor();
      await page.getByText('The Fleetdeck app download is not published yet.', { exact: false }).waitFor();
      const text = await page.locator('body').innerText();
      expect(text).not.toContain(email);
      expect(text).not.toMatch(/Page not found/);
      expect(await noSideScroll(page)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('register: Enter in the country search picks the highlighted country; an empty submit shows errors by the fields', async () => {
    const { context, page } = await e2e.newPage(PHONE);
    try {
      await page.goto('/register');
      const country = page.getByRole('combobox', { name: 'Country code' });
      await country.fill('Germ');
      // Typing highlights the first match a moment after the list filters (Mantine marks it data-combobox-selected):
      // Enter is pressed once it is highlighted, as a person sees it before pressing.
      await page
        .locator('[data-combobox-selected]')
        .filter({ hasText: /Germany \(\+49\)/ })
        .waitFor();
      await country.press('Enter');
      await expect.poll(() => country.inputValue()).toMatch(/Germany \(\+49\)/);
      expect(new URL(page.url()).pathname).toBe('/register');

      await page.getByRole('button', { name: 'Get Started' }).click();
      await page.getByText('Full name is required').waitFor();
      await page.getByText('Email is required').waitFor();
      await page.getByText('Password must be at least 8 characters').waitFor();
      await page.getByText('Please accept the terms and condition').waitFor();
      expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the licence banner', () => {
  it('appears once refunded seats leave more devices than licences, and links to the plans', async () => {
    const c = await newCustomer(e2e.rt);
    const id = await customerIdOf(e2e.rt.ctx.db, c.email);
    const { grant } = await buy(e2e.rt.ctx.db, id, 'PD', 2);
    await enrol(e2e.rt.ctx.db, id, 'PD');
    await enrol(e2e.rt.ctx.db, id, 'PD');
    const { context, page } = await signedIn(PHONE, c.token);
    try {
      await page.goto('/dashboard');
      await settle(page);
      expect(await page.getByTestId('licence-banner').count()).toBe(0);

      // Refund the two seats and sell one back: 2 devices on 1 licence.
      await e2e.rt.ctx.db.update(licenceGrants).set({ revokedAt: new Date() }).where(eq(licenceGrants.id, grant!.id));
      await buy(e2e.rt.ctx.db, id, 'PD', 1);
      await page.goto('/profiles');
      const banner = page.getByTestId('licence-banner');
      await banner.getByText('Your enrolled licences exceed then available licences.').waitFor();
      await withinWidth(page, banner, PHONE.width);
      await banner.getByRole('link', { name: /Click Here/ }).click();
      await page.waitForURL('**/plans');
    } finally {
      await context.close();
    }
  });
});

/** The customer pages, each with what a screenshot or an audit should wait for. */
const PAGES = [
  'dashboard',
  'profiles',
  'device-logs',
  'audit-logs',
  'export-list',
  'power-chat-users',
  'power-chat-user-create',
  'plans',
  'payment-history',
  'payment-methods',
  'change-password',
  'privacy-security',
  'update-profile',
  'become-reseller',
  'download-apk',
];
const PUBLIC_PAGES = ['login', 'register', 'forget-password', 'pricing', 'enrol?token=abc'];

// The axe audit of these pages (WCAG 2 A and AA, any impact) is in accessibility.e2e.test.ts, with every other page.

if (SHOTS_DIR)
  describe('screenshots', () => {
    it('saves every customer page at 1366 and 390 px', { timeout: 300_000 }, async () => {
      await fs.mkdir(SHOTS_DIR, { recursive: true });
      for (const [suffix, viewport] of [
        ['desktop', LAPTOP],
        ['mobile', PHONE],
      ] as const) {
        const { context, page } = await signedIn(viewport);
        try {
          for (const name of PAGES) {
            await page.goto(`/${name}`);
            await settle(page);
            await page.screenshot({ path: path.join(SHOTS_DIR, `portal-${name}-${suffix}.png`), fullPage: true });
          }
          await page.goto('/dashboard');
          await settle(page);
          await page.getByRole('button', { name: 'Download APK' }).click();
          await page.getByRole('dialog').waitFor();
          await page.screenshot({ path: path.join(SHOTS_DIR, `portal-apk-modal-${suffix}.png`) });
          await page.keyboard.press('Escape');
          const plans = jsonOf<{ data: { recurringPriceList: { _id: string; identifier: string }[] } }>(
            await e2e.rt.app.inject({
              method: 'GET',
              url: '/api/v1/admin/payments/plans',
              headers: { authorization: token },
            }),
          );
          const pchat = plans.data.recurringPriceList.find((p) => p.identifier === 'PCHAT')!;
          await page.goto(`/make-payment?id=${pchat._id}`);
          await settle(page);
          await page.screenshot({
            path: path.join(SHOTS_DIR, `portal-make-payment-pchat-${suffix}.png`),
            fullPage: true,
          });
        } finally {
          await context.close();
        }
        const { context: guest, page: p } = await e2e.newPage(viewport);
        try {
          for (const name of PUBLIC_PAGES) {
            await p.goto(`/${name}`);
            await settle(p);
            await p.screenshot({
              path: path.join(SHOTS_DIR, `portal-${name.replace(/\?.*/, '')}-${suffix}.png`),
              fullPage: true,
            });
          }
        } finally {
          await guest.close();
        }
      }
    });
  });
