import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { coupons, customerFollowups, customers, payments, plans } from '../../apps/api/src/db/schema.ts';
import { newCustomer, type TestCustomer } from '../../apps/api/test/support/factory.ts';
import { card, checkout, confirm } from '../../apps/api/test/support/payments.ts';
import { startE2e, type E2e } from '../support/app.ts';
import { shoot as shootPage } from '../support/screenshots.ts';
import { staffSignIn } from '../support/staff.ts';

/**
 * The back office's payment pages through the real UI and API (issue 10 item 6): payment history with its filters,
 * Export CSV, the Send Email modal and the WhatsApp link of a failed row; upcoming expiries; payment errors recorded
 * from a declined card; the coupons page, whose payment notes then show on the public pricing page.
 */
let e2e: E2e;
let page: Page;
let failing: TestCustomer;
let paying: TestCustomer;
const DAY = 86_400_000;

/** Screenshots of this journey's page (E2E_SHOTS_DIR). */
const shoot = (name: string) => shootPage(page, name);

async function seed() {
  const db = e2e.rt.ctx.db;
  [paying, failing] = [
    await newCustomer(e2e.rt, { name: 'Paying Person' }),
    await newCustomer(e2e.rt, { name: 'Failing Person' }),
  ];
  await db.update(customers).set({ phoneNumber: '+44 7700 900123' }).where(eq(customers.id, failing.id));
  // A real declined card: a Failed payment and its payment error.
  const declined = await checkout(e2e.rt, failing.token, { priceId: 'PDOT', qty: 2 });
  expect((await confirm(e2e.rt, declined.clientSecret, card('4000000000000002'))).statusCode).toBe(402);
  const ok = await checkout(e2e.rt, paying.token, { priceId: 'UBOT', qty: 3 });
  expect((await confirm(e2e.rt, ok.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
  await db.insert(coupons).values([{ code: 'SPRING10', percentOff: '10' }]);
  const [pd] = await db.select().from(plans).where(eq(plans.identifier, 'PD'));
  const now = Date.now();
  await db.insert(payments).values(
    [5, 12, 20].map((days, i) => ({
      customerId: paying.id,
      planId: pd!.id,
      planIdentifier: 'PD',
      family: pd!.family,
      productName: pd!.name,
      subscriptionType: 'recurring' as const,
      subscriptionReason: i === 2 ? 'offline' : 'subscription_create',
      qty: 4 + i,
      unitAmount: '29.99',
      discountAmount: '12.00',
      totalAmount: (107.96 + i * 29.99).toFixed(2),
      couponCode: i === 2 ? null : 'SPRING10',
      status: 'Success' as const,
      provider: i === 2 ? ('offline' as const) : ('sandbox' as const),
      isOfflinePayment: i === 2,
      paymentMethod: i === 2 ? null : { type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } },
      expiryAt: new Date(now + days * DAY),
      createdAt: new Date(now - (365 - days) * DAY),
    })),
  );
}

beforeAll(async () => {
  e2e = await startE2e(inject('pgAdminUrl'));
  await seed();
  ({ page } = await e2e.newPage({ width: 1366, height: 900 }));
  // The WhatsApp link opens wa.me in a new tab: answered locally.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, body: 'WhatsApp' }));
  await staffSignIn(e2e, page);
});
afterAll(async () => e2e?.close());

describe('back office payment pages', () => {
  it('payment history: filters, export, Send Email and WhatsApp on a failed row', async () => {
    await page.goto('/admin-payment-history');
    const table = page.getByRole('table', { name: 'Payment history' });
    await table.getByText('Your card was declined. (card_declined)').waitFor();
    await shoot('payment-history');

    await page.getByRole('switch', { name: '0 Success Payments' }).click({ force: true });
    await page.waitForURL('**/admin-payment-history?*zeroSuccessPayment=true*');
    await expect.poll(() => table.getByRole('row').count()).toBe(2); // header + the failed row

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('payment-history.csv');
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^"Name","Email",/);
    expect(csv).toContain(failing.email);
    expect(csv).not.toContain(paying.email);

    await table.getByRole('button', { name: failing.email, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email' });
    await expect.poll(() => dialog.getByLabel('Message').inputValue()).toMatch(/^Hello Failing Person,/);
    await shoot('payment-history-send-email');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Email sent').waitFor();
    const mail = await e2e.rt.smtp.waitFor(failing.email, (m) => m.subject.includes('about your payment'));
    expect(mail.text).toContain('did not go through');
    await table.getByText('Follow-up emails: 1').waitFor();

    const tab = page.context().waitForEvent('page');
    await table.getByRole('link', { name: `WhatsApp ${failing.email}` }).click();
    const wa = await tab;
    expect(wa.url()).toBe('https://wa.me/447700900123');
    await wa.close();
    const [row] = await e2e.rt.ctx.db
      .select()
      .from(customerFollowups)
      .where(eq(customerFollowups.customerId, failing.id));
    await expect.poll(async () => row?.whatsappRedirectCount).toBe(1);
  });

  it('payment history from a coupon link; the copy icon says "text copied"', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/admin-coupons');
    await page.getByRole('table', { name: 'Coupons' }).getByText('SPRING10').first().waitFor();
    await page.getByLabel('Payment notes').fill('Prices include VAT.\nBank transfer on request: billing@example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Payment notes saved').waitFor();
    await shoot('coupons');
    await page.getByRole('link', { name: '2 successful payments with SPRING10' }).click();
    await page.waitForURL('**/admin-payment-history?coupon=SPRING10');
    await expect.poll(() => page.getByLabel('Coupon').inputValue()).toBe('SPRING10');
    const table = page.getByRole('table', { name: 'Payment history' });
    await expect.poll(() => table.getByText('Coupon SPRING10').count()).toBe(2);
    await table
      .getByRole('button', { name: `Copy ${paying.email}` })
      .first()
      .click();
    await page.getByText('text copied').waitFor();
  });

  it('upcoming expiries and payment errors', async () => {
    await page.goto('/admin-upcoming-expire-payment-history');
    const upcoming = page.getByRole('table', { name: 'Upcoming expiry payments' });
    await expect.poll(() => upcoming.getByRole('row').count(), { timeout: 15_000 }).toBe(4); // header + 3 within 30 days
    await shoot('upcoming-expire');
    await page.getByRole('switch', { name: 'Offline Payments' }).click({ force: true });
    await expect.poll(() => upcoming.getByRole('row').count()).toBe(2);

    await page.goto('/admin-payment-errors');
    const errors = page.getByRole('table', { name: 'Payment errors' });
    await errors.getByText(failing.email).waitFor();
    await errors.getByText('card_declined').waitFor();
    await shoot('payment-errors');
  });

  it('shows the payment notes on the public pricing page', async () => {
    await page.goto('/pricing');
    const notes = page.getByTestId('payment-notes');
    await notes.getByText('Bank transfer on request: billing@example.com').waitFor();
    expect(await notes.innerText()).toContain('Prices include VAT.\nBank transfer');
  });
});
