import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newCustomer } from '../../apps/api/test/support/factory.ts';
import { startE2e, type E2e } from '../support/app.ts';

/**
 * Buying licences through the real UI with the sandbox provider (DECISIONS §5): the ALTCHA widget solves
 * its proof of work in Chromium, the card is confirmed at /api/v1/sandbox/confirm, and the seats arrive
 * through the signed provider event. Then a declined card shows the provider's message and re-arms the captcha.
 */
let e2e: E2e;
let page: Page;

beforeAll(async () => {
  e2e = await startE2e(inject('pgAdminUrl'));
  const customer = await newCustomer(e2e.rt);
  page = (await e2e.newPage()).page;
  await page.goto('/login');
  await page.evaluate((token) => localStorage.setItem('token', token), customer.token);
});
afterAll(async () => e2e?.close());

/** The card of a plan on /plans, by the plan's identifier. */
const planCard = (identifier: string) => page.getByTestId(`plan-${identifier}`);

async function solveCaptcha() {
  await page.getByText("I'm not a robot").click();
  await page.locator('altcha-widget[data-state="verified"], altcha-widget [data-state="verified"]').first().waitFor();
}

async function fillCard(number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

/** The number on the dashboard's "Total Purchased Licence" card, once it has loaded. */
async function purchasedOnDashboard(): Promise<number> {
  await page.goto('/dashboard');
  const value = page.getByTestId('total-purchased-value');
  await value.waitFor();
  return Number((await value.innerText()).replace(/\D/g, ''));
}

describe('buying licences with the sandbox card', () => {
  it('subscribes to 3 seats with 4242 4242 4242 4242 and sees them on plans, history and dashboard', async () => {
    expect(await purchasedOnDashboard()).toBe(0);

    await page.goto('/plans');
    const card = planCard('PD');
    await card.getByText('Total Devices : 0').waitFor();
    await card.getByRole('link', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/make-payment\?id=/);

    await page.getByLabel('Enter Number Of Devices').fill('3');
    await page.getByText('€89.97').first().waitFor(); // 3 × 29.99, computed on the page and again on the server
    await fillCard('4242 4242 4242 4242');
    await solveCaptcha();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Thank you for your payment, it’s processing').waitFor();
    await page.getByText('You will receive an order confirmation email with details of your subscription.').waitFor();

    await page.getByRole('link', { name: 'Go Back' }).click();
    await page.waitForURL('**/plans');
    await planCard('PD').getByText('Total Devices : 3').waitFor();
    await expect(planCard('PD').getByRole('link', { name: 'Update' }).count()).resolves.toBe(1);

    await page.goto('/payment-history');
    const row = page.locator('tbody tr').filter({ hasText: '3 Licence' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/success/i);
    expect(await row.innerText()).toMatch(/89\.97/);

    expect(await purchasedOnDashboard()).toBe(3);
  });

  it('shows the decline message for 4000 0000 0000 0002 and re-arms the captcha', async () => {
    await page.goto('/plans');
    await planCard('PDOT').getByRole('link', { name: 'Buy' }).click();
    await page.waitForURL(/\/make-payment\?id=/);
    await fillCard('4000 0000 0000 0002');
    await solveCaptcha();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Your card was declined.').first().waitFor();

    // The solved captcha was used by the failed attempt: the widget is back to unsolved and Pay works again.
    await page.locator('altcha-widget[data-state="verified"], altcha-widget [data-state="verified"]').waitFor({
      state: 'detached',
    });
    expect(await page.getByRole('button', { name: 'Pay' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Please verify captcha.').first().waitFor();

    await page.goto('/payment-history');
    const failed = page.locator('tbody tr').filter({ hasText: /failed/i });
    await failed.waitFor();
    expect(await failed.innerText()).toMatch(/Fleetdeck One-time/);
  });
});
