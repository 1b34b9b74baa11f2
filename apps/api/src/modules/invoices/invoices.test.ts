import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paymentsApi, usersApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { MIGRATIONS_DIR } from '../../db/client.ts';
import { creditNotes, documentCounters, payments } from '../../db/schema.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, newStaff, type TestCustomer, type TestStaff } from '../../../test/support/factory.ts';
import { card, checkout, confirm } from '../../../test/support/payments.ts';
import { pdfText } from '../../../test/support/pdf-text.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { emitSandboxChargeEvent } from '../sandbox/service.ts';
import { renderDocumentPdf } from './pdf.ts';
import { creditNoteDocument, invoiceDocument } from './service.ts';
import * as repo from './repository.ts';

let rt: TestRuntime;
let admin: TestStaff;
let boss: TestStaff;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'), {
    env: { SELLER_NAME: 'Fleetdeck Ltd', SELLER_ADDRESS: '1 Quay Street\\nDublin D02', SELLER_TAX_ID: 'IE1234567X' },
  });
  admin = await newStaff(rt, 'Admin');
  boss = await newStaff(rt, 'SuperAdmin');
});
afterAll(async () => rt?.close());

const YEAR = new Date().getUTCFullYear();
const seq = (number: string) => Number(number.split('-')[2]);

/** A customer's checkout paid with the sandbox's test card: the payment row once Success. */
async function paid(c: TestCustomer, plan = 'PDOT', qty = 3) {
  const data = await checkout(rt, c.token, { priceId: plan, qty });
  expect((await confirm(rt, data.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
  return paymentRow(data.paymentId);
}
const paymentRow = async (id: string) => (await rt.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const refund = (id: string, refundQty: number, refundAmount?: number) =>
  call(rt, staffApi.paymentRefund, {
    token: admin.token,
    body: { id, refundQty, refundDevices: [], ...(refundAmount === undefined ? {} : { refundAmount }) },
    headers: { 'idempotency-key': `${id}:${refundQty}:${Math.random()}` },
  });
const customerHistory = async (c: TestCustomer) =>
  (await call(rt, paymentsApi.history, { token: c.token, query: { limit: 50 } })).data().data;

describe('invoice numbers (DECISIONS §14)', () => {
  it('every Success payment gets INV-<year>-<6 digits>; 20 parallel payments take consecutive numbers, no gap', async () => {
    // 10 card payments confirmed at once, and 10 offline sales at the same moment: every way a payment succeeds.
    const buyers = await Promise.all(Array.from({ length: 10 }, () => newCustomer(rt)));
    const intents = [];
    for (const c of buyers) intents.push(await checkout(rt, c.token, { priceId: 'PDOT', qty: 1 }));
    const offline = await Promise.all(Array.from({ length: 10 }, () => newCustomer(rt)));
    const results = await Promise.all([
      ...intents.map((i) => confirm(rt, i.clientSecret, card('4242424242424242'))),
      ...offline.map((c) =>
        call(rt, staffApi.offlinePaymentCreate, {
          token: admin.token,
          body: { customerId: c.id, priceId: 'PD', qty: 2, amount: 20, note: 'wire 42' },
        }),
      ),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));

    const numbers = (
      await rt.ctx.db
        .select({ n: payments.invoiceNumber })
        .from(payments)
        .where(sql`${payments.invoiceNumber} is not null`)
    ).map((r) => r.n!);
    expect(numbers.length).toBeGreaterThanOrEqual(20);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^INV-${YEAR}-\\d{6}$`));
    // Every number of the year from 1 to the counter, each once: none reused, none skipped.
    const sorted = numbers.map(seq).sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: sorted.length }, (_, i) => i + 1));
    const [counter] = await rt.ctx.db
      .select()
      .from(documentCounters)
      .where(and(eq(documentCounters.kind, 'INV'), eq(documentCounters.year, YEAR)));
    expect(counter!.lastNumber).toBe(sorted.length);
  });

  it('a failed payment takes no number, and the same success delivered twice keeps its one number', async () => {
    const c = await newCustomer(rt);
    const failed = await checkout(rt, c.token, { priceId: 'PDOT', qty: 1 });
    await confirm(rt, failed.clientSecret, card('4000000000000002'));
    expect((await paymentRow(failed.paymentId)).invoiceNumber).toBeNull();
    const p = await paid(c);
    expect(p.invoiceNumber).toMatch(/^INV-/);
    const again = await rt.ctx.db.transaction(async (tx) => {
      const { issueInvoice } = await import('./service.ts');
      return issueInvoice(tx, p.id);
    });
    expect(again).toBe(p.invoiceNumber);
  });
});

describe('refunds on the payment record and credit notes', () => {
  it('two partial refunds → refunded amount, seats and date on the payment; two consecutive CN numbers on its invoice', async () => {
    const c = await newCustomer(rt);
    const p = await paid(c, 'PDOT', 3);
    const first = await refund(p.id, 1);
    expect(first.statusCode).toBe(200);
    const afterFirst = await paymentRow(p.id);
    const firstAmount = Number(afterFirst.refundedAmount);
    expect(firstAmount).toBeGreaterThan(0);
    expect(afterFirst).toMatchObject({ refundedQty: 1, status: 'Partially refunded' });
    expect(afterFirst.refundedAt).toBeInstanceOf(Date);

    expect((await refund(p.id, 2)).statusCode).toBe(200);
    const done = await paymentRow(p.id);
    expect(done.refundedQty).toBe(3);
    // Everything paid came back over the two refunds (both on the day of purchase).
    expect(Number(done.refundedAmount)).toBeCloseTo(Number(p.totalAmount), 2);

    const notes = await rt.ctx.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.paymentId, p.id))
      .orderBy(creditNotes.number);
    expect(notes).toHaveLength(2);
    for (const n of notes) expect(n.number).toMatch(new RegExp(`^CN-${YEAR}-\\d{6}$`));
    expect(seq(notes[1]!.number)).toBe(seq(notes[0]!.number) + 1);
    expect(notes.map((n) => n.qty)).toEqual([1, 2]);
    expect(Number(notes[0]!.amount)).toBeCloseTo(firstAmount, 2);

    // The customer's history carries it all.
    const row = (await customerHistory(c)).find((r) => r._id === p.id)!;
    expect(row).toMatchObject({
      refundedQty: 3,
      refundedAmount: Number(done.refundedAmount),
      refundedAt: done.refundedAt!.toISOString(),
      invoiceNumber: p.invoiceNumber,
      providerPaymentId: p.providerRef,
      note: null,
      creditNotes: notes.map((n) => ({ _id: n.id, number: n.number, amount: Number(n.amount), qty: n.qty })),
    });
    expect(p.providerRef).toMatch(/^pi_/);

    // The staff history and payment-history.csv, read from the payment row.
    const staffRow = (await call(rt, staffApi.paymentHistory, { token: boss.token, query: { email: c.email } })).data()
      .data[0]!;
    expect(staffRow).toMatchObject({
      _id: p.id,
      refundedQty: 3,
      refundedAmount: Number(done.refundedAmount),
      invoiceNumber: p.invoiceNumber,
      providerPaymentId: p.providerRef,
      creditNotes: [{ number: notes[0]!.number }, { number: notes[1]!.number }],
    });
    const csv = await call(rt, staffApi.paymentHistory, {
      token: boss.token,
      query: { email: c.email, isExportData: 'true' },
    });
    const [header, line] = csv.body.trim().split('\r\n');
    expect(header!.endsWith(',"Refunded Amount","Refunded Qty","Refunded On","Payment ID","Invoice","Note"')).toBe(
      true,
    );
    expect(
      line!.endsWith(
        `,"${Number(done.refundedAmount).toFixed(2)}","3","${done.refundedAt!.toISOString()}","${p.providerRef}","${p.invoiceNumber}",""`,
      ),
    ).toBe(true);
  });

  it('an offline sale shows its note and invoice, and no provider id, in both histories and the CSV', async () => {
    const c = await newCustomer(rt);
    const sale = await call(rt, staffApi.offlinePaymentCreate, {
      token: admin.token,
      body: { customerId: c.id, priceId: 'PD', qty: 2, amount: 50, note: 'Bank transfer 2026-11-28' },
    });
    expect(sale.statusCode).toBe(200);
    const row = (await customerHistory(c))[0]!;
    expect(row).toMatchObject({ note: 'Bank transfer 2026-11-28', providerPaymentId: null, refundedAmount: 0 });
    expect(row.invoiceNumber).toMatch(/^INV-/);
    const staffRow = (await call(rt, staffApi.paymentHistory, { token: boss.token, query: { email: c.email } })).data()
      .data[0]!;
    expect(staffRow).toMatchObject({ note: 'Bank transfer 2026-11-28', invoiceNumber: row.invoiceNumber });
    const csv = await call(rt, staffApi.paymentHistory, {
      token: boss.token,
      query: { email: c.email, isExportData: 'true' },
    });
    expect(
      csv.body.trim().split('\r\n')[1]!.endsWith(`,"0.00","0","","","${row.invoiceNumber}","Bank transfer 2026-11-28"`),
    ).toBe(true);
  });

  it('a refund made at the provider (charge.refunded) keeps the refunded columns and issues its credit note; a won dispute gives the money back', async () => {
    const c = await newCustomer(rt);
    const p = await paid(c, 'PDOT', 4);
    const cents = Math.round(Number(p.totalAmount) * 100);
    await emitSandboxChargeEvent(rt.ctx, { paymentId: p.id, type: 'charge.refunded', amountCents: cents / 2 });
    const row = await paymentRow(p.id);
    expect(row).toMatchObject({ refundedQty: 2, status: 'Partially refunded' });
    expect(Math.round(Number(row.refundedAmount) * 100)).toBe(cents / 2);
    expect(await rt.ctx.db.select().from(creditNotes).where(eq(creditNotes.paymentId, p.id))).toHaveLength(1);

    const dispute = `dp_${p.id.slice(0, 8)}`;
    await emitSandboxChargeEvent(rt.ctx, {
      paymentId: p.id,
      type: 'charge.dispute.created',
      amountCents: cents / 2,
      disputeId: dispute,
    });
    expect((await paymentRow(p.id)).refundedQty).toBe(4);
    expect(Math.round(Number((await paymentRow(p.id)).refundedAmount) * 100)).toBe(cents);
    await emitSandboxChargeEvent(rt.ctx, {
      paymentId: p.id,
      type: 'charge.dispute.closed',
      amountCents: cents / 2,
      disputeId: dispute,
      disputeStatus: 'won',
    });
    // The disputed money counts as paid again; the seats stay revoked.
    const won = await paymentRow(p.id);
    expect(Math.round(Number(won.refundedAmount) * 100)).toBe(cents / 2);
    expect(won.refundedQty).toBe(4);
  });
});

describe('PDFs: GET payments/:id/invoice and payments/:id/credit-notes/:creditNoteId', () => {
  it('the customer downloads their invoice and credit note: application/pdf with seller, buyer, lines and numbers', async () => {
    const c = await newCustomer(rt, { name: 'Ada Buyer' });
    expect(
      (
        await call(rt, usersApi.update, {
          token: c.token,
          body: { company: 'Acme Fleet GmbH', address: 'Hauptstr. 1\n10115 Berlin', tax_id: 'DE123456789' },
        })
      ).statusCode,
    ).toBe(200);
    const p = await paid(c, 'PDOT', 3);
    expect((await refund(p.id, 1)).statusCode).toBe(200);

    const inv = await call(rt, paymentsApi.invoice, { token: c.token, params: { id: p.id } });
    expect(inv.statusCode).toBe(200);
    expect(inv.headers['content-type']).toBe('application/pdf');
    expect(inv.headers['content-disposition']).toContain(`${p.invoiceNumber}.pdf`);
    expect(inv.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(inv.rawPayload);
    for (const shown of [
      p.invoiceNumber!,
      'Fleetdeck Ltd',
      '1 Quay Street',
      'Dublin D02',
      'Tax ID: IE1234567X',
      'Acme Fleet GmbH',
      'Ada Buyer',
      'Hauptstr. 1',
      '10115 Berlin',
      c.email,
      'Tax ID: DE123456789',
      'PDOT',
      `€${Number(p.unitAmount).toFixed(2)}`,
      `€${Number(p.totalAmount).toFixed(2)}`,
      'Total (EUR)',
      'ending 4242',
    ]) {
      expect(text).toContain(shown);
    }

    const [note] = (await customerHistory(c)).find((r) => r._id === p.id)!.creditNotes;
    const cn = await call(rt, paymentsApi.creditNote, {
      token: c.token,
      params: { id: p.id, creditNoteId: note!._id },
    });
    expect(cn.statusCode).toBe(200);
    expect(cn.headers['content-type']).toBe('application/pdf');
    const cnText = pdfText(cn.rawPayload);
    expect(cnText).toContain(note!.number);
    expect(cnText).toContain(`Corrects invoice: ${p.invoiceNumber}`);
    expect(cnText).toContain(`€${note!.amount.toFixed(2)}`);
    expect(cnText).toContain('for 1 seat(s)');
  });

  it("another customer's invoice or credit note is 404; staff of the payment-history area download any", async () => {
    const owner = await newCustomer(rt);
    const other = await newCustomer(rt);
    const p = await paid(owner, 'PDOT', 2);
    await refund(p.id, 1);
    const [note] = await rt.ctx.db.select().from(creditNotes).where(eq(creditNotes.paymentId, p.id));

    const theirs = await call(rt, paymentsApi.invoice, { token: other.token, params: { id: p.id } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.error().respones_msg).toBeTruthy();
    expect(
      (await call(rt, paymentsApi.creditNote, { token: other.token, params: { id: p.id, creditNoteId: note!.id } }))
        .statusCode,
    ).toBe(404);
    // Not a uuid, or a credit note of another payment: 404 too, never 5xx.
    expect((await call(rt, paymentsApi.invoice, { token: owner.token, params: { id: 'nope' } })).statusCode).toBe(404);
    const own = await paid(owner, 'PDOT', 1);
    expect(
      (await call(rt, paymentsApi.creditNote, { token: owner.token, params: { id: own.id, creditNoteId: note!.id } }))
        .statusCode,
    ).toBe(404);
    // No session: 401.
    expect((await call(rt, paymentsApi.invoice, { params: { id: p.id } })).statusCode).toBe(401);

    const staffInv = await call(rt, staffApi.paymentInvoice, { token: boss.token, params: { id: p.id } });
    expect(staffInv.statusCode).toBe(200);
    expect(staffInv.headers['content-type']).toBe('application/pdf');
    expect(pdfText(staffInv.rawPayload)).toContain(p.invoiceNumber!);
    const staffCn = await call(rt, staffApi.paymentCreditNote, {
      token: boss.token,
      params: { id: p.id, creditNoteId: note!.id },
    });
    expect(pdfText(staffCn.rawPayload)).toContain(note!.number);
    // The area's roles only (payment history: SuperAdmin).
    const support = await newStaff(rt, 'Support');
    expect((await call(rt, staffApi.paymentInvoice, { token: support.token, params: { id: p.id } })).statusCode).toBe(
      403,
    );
  });

  it('a payment without an invoice (failed) has no PDF: 404', async () => {
    const c = await newCustomer(rt);
    const failed = await checkout(rt, c.token, { priceId: 'PDOT', qty: 1 });
    await confirm(rt, failed.clientSecret, card('4000000000000002'));
    const res = await call(rt, paymentsApi.invoice, { token: c.token, params: { id: failed.paymentId } });
    expect(res.statusCode).toBe(404);
  });

  it('an uncompressed render shows the offline sale and its total (pdfkit compress: false)', async () => {
    const c = await newCustomer(rt);
    const sale = await call(rt, staffApi.offlinePaymentCreate, {
      token: admin.token,
      body: { customerId: c.id, priceId: 'PD', qty: 3, amount: 100, note: 'PO 77' },
    });
    const id = sale.data().data._id;
    const found = (await repo.paymentForDocument(rt.ctx.db, c.id, id))!;
    const pdf = await renderDocumentPdf(invoiceDocument(rt.ctx, found), { compress: false });
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(pdfText(pdf)).toContain(found.payment.invoiceNumber!);
    expect(pdfText(pdf)).toContain('Offline payment');
    expect(pdfText(pdf)).toContain('€100.00');
    // A credit note's document names the invoice it corrects.
    const cn = creditNoteDocument(rt.ctx, found, {
      id: '00000000-0000-0000-0000-000000000000',
      number: `CN-${YEAR}-999999`,
      paymentId: id,
      refundId: id,
      customerId: c.id,
      amount: '10.00',
      qty: 1,
      createdAt: new Date(),
    });
    expect(cn.correctsInvoice).toBe(found.payment.invoiceNumber);
  });
});

describe('buyer details on Update Profile (users/update)', () => {
  it('saves company, address and tax id, answers them in users/detail, and clears them with ""', async () => {
    const c = await newCustomer(rt);
    const res = await call(rt, usersApi.update, {
      token: c.token,
      body: { company: '  Acme Ltd ', address: 'Line 1\r\nLine 2', tax_id: 'GB 123.456/78-9' },
    });
    expect(res.data().data).toMatchObject({
      company: 'Acme Ltd',
      address: 'Line 1\nLine 2',
      tax_id: 'GB 123.456/78-9',
    });
    expect((await call(rt, usersApi.detail, { token: c.token })).data().data).toMatchObject({ company: 'Acme Ltd' });
    const cleared = await call(rt, usersApi.update, { token: c.token, body: { company: '', tax_id: '' } });
    expect(cleared.data().data).toMatchObject({ company: '', address: 'Line 1\nLine 2', tax_id: '' });
  });

  it.each([
    [{ company: 'x'.repeat(201) }, 'company'],
    [{ address: 'a\nb\nc\nd\ne\nf\ng' }, 'address'],
    [{ address: 'x'.repeat(501) }, 'address'],
    [{ tax_id: 'DE<script>' }, 'tax_id'],
    [{ tax_id: 'X'.repeat(33) }, 'tax_id'],
    [{ company: 'Bad\u0007Bell' }, 'company'],
    [{ company: 42 }, 'company'],
  ])('refuses %j with 400 at the field %s', async (body, field) => {
    const c = await newCustomer(rt);
    const res = await call(rt, usersApi.update, { token: c.token, body });
    expect(res.statusCode).toBe(400);
    expect(res.error().errors?.map((e) => e.field)).toContain(field);
  });
});

describe('migration 0027_invoices_backfill', () => {
  it('fills refunded amount, seats and date from succeeded refunds of payments made before it', async () => {
    const c = await newCustomer(rt);
    const p = await paid(c, 'PDOT', 3);
    await refund(p.id, 1);
    const kept = await paymentRow(p.id);
    // As before the migration: the columns at their defaults.
    await rt.ctx.db
      .update(payments)
      .set({ refundedAmount: '0', refundedQty: 0, refundedAt: null })
      .where(eq(payments.id, p.id));
    const file = fs.readFileSync(path.join(MIGRATIONS_DIR, '0027_invoices_backfill.sql'), 'utf8');
    const refundedBackfill = file.split('--> statement-breakpoint')[0]!;
    await rt.ctx.db.execute(sql.raw(refundedBackfill));
    const filled = await paymentRow(p.id);
    expect(filled).toMatchObject({ refundedAmount: kept.refundedAmount, refundedQty: 1 });
    expect(filled.refundedAt?.toISOString()).toBe(kept.refundedAt?.toISOString());
  });
});
