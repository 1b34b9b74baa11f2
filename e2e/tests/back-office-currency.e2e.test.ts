import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newStaff } from '../../apps/api/test/support/factory.ts';
import { startE2e, type E2e } from '../support/app.ts';
import { shoot } from '../support/screenshots.ts';

/**
 * Multi currency (issue 11 item 3): a SuperAdmin adds India's currency rule in the pricing list's Multi Currency tab
 * (the country prefills INR and its rate from the lookup), syncs the rates, deletes another rule with its
 * confirmation; a visitor whose trusted proxy says `cf-ipcountry: IN` sees the local prices and the coupon on
 * /pricing, a visitor from elsewhere only euro.
 */
let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e(inject('pgAdminUrl'), { TRUST_PROXY: '127.0.0.1', COUNTRY_HEADER: 'cf-ipcountry' });
});
afterAll(async () => e2e?.close());

describe('multi currency journey', () => {
  it('a SuperAdmin adds a currency; an Indian visitor sees rupee prices and the coupon on /pricing', async () => {
    const root = await newStaff(e2e.rt, 'SuperAdmin');
    const { page } = await e2e.newPage({ width: 1366, height: 900 });
    await page.goto('/super-admin/login');
    await page.evaluate((token) => {
      localStorage.setItem('super_admin_token', token);
      localStorage.setItem('adminRole', 'SuperAdmin');
    }, root.token);
    await page.goto('/admin-pricing-list');
    await page.getByRole('tab', { name: 'Multi Currency' }).click();
    await page.waitForURL(/tab=currency/);
    await page.getByText('No currency yet: add one above.').waitFor();

    // Pakistan first (deleted below), then India with its coupon.
    const addForm = page.getByRole('form', { name: 'Add a currency' });
    const chooseCountry = async (typed: string, option: RegExp) => {
      const country = addForm.getByLabel(/^Country/).first();
      await country.click();
      await country.fill(typed);
      await page.getByRole('option', { name: option }).click();
    };
    await chooseCountry('Pakistan', /Pakistan \(PK\)/);
    await expect.poll(() => addForm.getByLabel('Currency Code').inputValue()).toBe('PKR');
    await addForm.getByRole('button', { name: 'Add' }).click();
    const table = page.getByRole('table', { name: 'Currency rules' });
    await table.getByRole('row', { name: /Pakistan/ }).waitFor();

    await chooseCountry('India', /India \(IN\)/);
    await expect.poll(() => addForm.getByLabel('Currency Code').inputValue()).toBe('INR');
    await expect.poll(async () => Number(await addForm.getByLabel(/^Rate/).first().inputValue())).toBeGreaterThan(50);
    await addForm.getByLabel(/^Rate/).first().fill('110');
    await addForm.getByLabel('Coupon Code').fill('india10');
    await addForm.getByLabel('Discount %').fill('10');
    await expect.poll(() => addForm.getByLabel(/^Rate/).first().inputValue()).toBe('110');
    await shoot(page, 'currency-form');
    await addForm.getByRole('button', { name: 'Add' }).click();
    const indiaRow = table.getByRole('row', { name: /India/ });
    await indiaRow.getByText('INDIA10').waitFor();
    await indiaRow.getByText('1 GBP = 110 INR').waitFor();

    // Sync Currency Rate (bundled table): India takes the table's rate.
    await page.getByRole('button', { name: 'Sync Currency Rate' }).click();
    await page.getByText(/Bundled rates table of 2025-01-02 \(\d+ currencies\): 1 updated, 1 unchanged/).waitFor();
    await indiaRow.getByText(/1 GBP = 107\.\d+ INR/).waitFor();
    await shoot(page, 'currency-list');

    // Delete Pakistan with its confirmation.
    await page.getByRole('button', { name: 'Delete currency of PK' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByText('Currency will be removed from this list').waitFor();
    await shoot(page, 'currency-delete');
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await table.getByRole('row', { name: /Pakistan/ }).waitFor({ state: 'detached' });

    // A visitor from India (the trusted proxy's country header) sees rupee prices and the coupon; still pays euro.
    const visitor = await e2e.browser.newContext({
      viewport: { width: 1366, height: 900 },
      baseURL: e2e.baseUrl,
      extraHTTPHeaders: { 'cf-ipcountry': 'IN' },
    });
    const pricing = await visitor.newPage();
    await pricing.goto('/pricing');
    const note = pricing.getByTestId('local-pricing');
    await note.waitFor();
    await expect.poll(() => note.textContent()).toContain('Use coupon INDIA10 at checkout for 10% off.');
    const pd = pricing.getByTestId('local-price-PD');
    await expect.poll(() => pd.textContent()).toMatch(/^≈ ₹[\d,]+\.\d\d · ₹[\d,]+\.\d\d with INDIA10$/);
    await pricing.getByTestId('pricing-section-PD').getByText('€29.99').first().waitFor();
    await shoot(pricing, 'public-pricing-local');
    if (process.env.E2E_SHOTS_DIR) {
      // The full phone page is 6,000 px tall: the first screen as well, to look at the banner and a card.
      await pricing.setViewportSize({ width: 390, height: 844 });
      await pricing.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/back-office-public-pricing-local-phone-top.png` });
    }
    await visitor.close();

    // A visitor from France: euro only.
    const french = await e2e.browser.newContext({
      baseURL: e2e.baseUrl,
      extraHTTPHeaders: { 'cf-ipcountry': 'FR' },
    });
    const frPage = await french.newPage();
    await frPage.goto('/pricing');
    await frPage.getByTestId('pricing-section-PD').waitFor();
    await expect(frPage.getByTestId('local-pricing').count()).resolves.toBe(0);
    await french.close();
  });
});
