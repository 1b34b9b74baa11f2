import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { payments } from '../../apps/api/src/db/schema.ts';
import { newCustomer, type TestCustomer } from '../../apps/api/test/support/factory.ts';
import { card, checkout, confirm } from '../../apps/api/test/support/payments.ts';
import { startE2e, type E2e } from '../support/app.ts';
import { shoot } from '../support/screenshots.ts';
import { staffSignIn } from '../support/staff.ts';

/**
 * Issue 22 "Done when", as a finance person would: a one-time purchase refunded by an amount typed on the refund page
 * is refunded exactly (not €0.00), the staff `payment-history.csv` row shows the refunded amount, seats and the
 * invoice, and the customer downloads the refund's credit note (a PDF) from Payment History.
 */
let e2e: E2e;
let customer: TestCustomer;
let paymentId: string;

beforeAll(async () => {
  e2e = await startE2e(inject('pgAdminUrl'));
  customer = await newCustomer(e2e.rt, { name: 'Finance Journey' });
  const paid = await checkout(e2e.rt, customer.token, { priceId: 'PDOT', qty: 3 });
  expect((await confirm(e2e.rt, paid.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
  const [row] = await e2e.rt.ctx.db.select().from(payments).where(eq(payments.customerId, customer.id));
  expect(row?.status).toBe('Success');
  expect(Number(row!.totalAmount)).toBeGreaterThan(50);
  paymentId = row!.id;
});
afterAll(async () => e2e?.close());

describe('finance journey', () => {
  it('a one-time refund of a typed amount refunds exactly that amount', async () => {
    const { page } = await e2e.newPage({ width: 1366, height: 900 });
    await staffSignIn(e2e, page);
    await page.goto(`/admin-customer-refund-payment?id=${paymentId}&customerId=${customer.id}`);
    await page.getByRole('textbox', { name: 'Email' }).waitFor();
    await expect.poll(() => page.getByLabel('Refund qty').inputValue()).toBe('3');
    const amount = page.getByLabel('Refund amount');
    await amount.fill('50');
    await expect.poll(() => amount.inputValue()).toMatch(/^€?50(\.00)?$/);
    await shoot(page, 'finance-refund-typed');

    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('€50.00 for 3 seat(s)', { exact: false }).waitFor();
    // The server's answer is read rather than its 2-second toast (spec 3): on CI's two cores under the whole suite the
    // browser's polls missed the toast in three runs of 2026-11-29, while the refund itself had been made.
    const answer = page.waitForResponse((r) => r.url().includes('/payments/refund') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { respones_msg: string }).respones_msg).toBe('Refund completed successfully.');
    // A completed refund returns to the customer's subscriptions.
    await page.waitForURL((url) => url.pathname === '/admin-customer-subscription-create');

    const [row] = await e2e.rt.ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: 'Refunded', refundedAmount: '50.00', refundedQty: 3 });
    expect(row!.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);

    // The staff history's export: the row carries the refund and the invoice.
    await page.goto(`/admin-payment-history?email=${encodeURIComponent(customer.email)}`);
    await page.getByRole('table', { name: 'Payment history' }).getByText(customer.email).first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('payment-history.csv');
    const lines = fs
      .readFileSync((await file.path())!, 'utf8')
      .trim()
      .split('\r\n');
    // Every field is quoted (lib/csv-export.ts); none of these cells holds a quote or a comma.
    const fields = (line: string) => line.split(',').map((f) => f.replace(/^"|"$/g, ''));
    const header = fields(lines[0]!);
    const cells = fields(lines.find((l) => l.includes(customer.email))!);
    const cell = (name: string) => cells[header.indexOf(name)];
    expect(cell('Refunded Amount')).toBe('50.00');
    expect(cell('Refunded Qty')).toBe('3');
    expect(cell('Refunded On')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(cell('Invoice')).toBe(row!.invoiceNumber);
  });

  it('the customer downloads the credit note from Payment History', async () => {
    const { page } = await e2e.newPage({ width: 1366, height: 900 });
    await page.goto('/login');
    await page.evaluate((token) => localStorage.setItem('token', token), customer.token);
    await page.goto('/payment-history');
    await page.getByText('€50.00 refunded', { exact: false }).first().waitFor();
    await shoot(page, 'finance-customer-history');
    const button = page.getByRole('button', { name: /^Download credit note CN-\d{4}-\d{6}: €50\.00 for 3 seat\(s\)/ });
    const download = page.waitForEvent('download');
    await button.click();
    const file = await download;
    const pdf = fs.readFileSync((await file.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
