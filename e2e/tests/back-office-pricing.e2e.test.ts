import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newCustomer, newStaff } from '../../apps/api/test/support/factory.ts';
import { startE2e, type E2e } from '../support/app.ts';
import { shoot } from '../support/screenshots.ts';

/**
 * Pricing in the back office (issue 11 "Done when"): a SuperAdmin opens the pricing list, syncs (sandbox: the bundled
 * catalogue), configures an app version, edits a price to InActive: it disappears from the customer's /plans at once.
 */
let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e(inject('pgAdminUrl'));
});
afterAll(async () => e2e?.close());

describe('pricing journey', () => {
  it('a SuperAdmin sets a price InActive and it disappears from /plans', async () => {
    const customer = await newCustomer(e2e.rt);
    const customerPage = (await e2e.newPage()).page;
    await customerPage.goto('/login');
    await customerPage.evaluate((token) => localStorage.setItem('token', token), customer.token);
    await customerPage.goto('/plans');
    await customerPage.getByTestId('plan-KM').waitFor();

    const root = await newStaff(e2e.rt, 'SuperAdmin');
    const { page } = await e2e.newPage({ width: 1366, height: 900 });
    await page.goto('/super-admin/login');
    await page.evaluate((token) => {
      localStorage.setItem('super_admin_token', token);
      localStorage.setItem('adminRole', 'SuperAdmin');
    }, root.token);
    await page.goto('/admin-pricing-list');
    const table = page.getByRole('table', { name: 'Subscription prices' });
    await table.getByText('€29.99 / year').first().waitFor();

    await page.getByRole('button', { name: 'Sync Stripe Price' }).click();
    await page.getByText(/Bundled catalogue: 0 created, 0 updated, 15 unchanged/).waitFor();
    await shoot(page, 'pricing-list');

    await page.getByRole('button', { name: /Configure App Version of Key Mapper/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Min Version Code').fill('420');
    await dialog.getByLabel('Message').fill('Please update Key Mapper.');
    await shoot(page, 'pricing-app-version');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const stored = await e2e.rt.ctx.pool.query<{ min_app_version_code: number }>(
      `select min_app_version_code from app_versions where plan_identifier = 'KM'`,
    );
    expect(stored.rows[0]?.min_app_version_code).toBe(420);

    await page.getByRole('link', { name: /Edit Key Mapper/ }).click();
    await page.waitForURL(/\/admin-pricing-edit\?id=/);
    await page.getByLabel('Name', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Add feature' }).click();
    await page.getByLabel('Feature 3', { exact: true }).fill('Works offline');
    await page.getByLabel('Status', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await shoot(page, 'pricing-edit');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL(/\/admin-pricing-list$/);
    const kmRow = table.getByRole('row', { name: /Key Mapper/ });
    await kmRow.getByText('InActive').waitFor();

    await customerPage.reload();
    await customerPage.getByTestId('plan-PD').waitFor();
    await expect(customerPage.getByTestId('plan-KM').count()).resolves.toBe(0);
  });
});
