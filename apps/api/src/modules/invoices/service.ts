import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { toCents } from '../payments/money.ts';
import type { PaymentRow } from '../payments/repository.ts';
import type { RefundRow } from '../payments/refund-repository.ts';
import { renderDocumentPdf, type DocumentData } from './pdf.ts';
import * as repo from './repository.ts';

/**
 * Invoices and credit notes (issue 22, DECISIONS §14). Every Success payment (checkout, renewal, offline sale) takes
 * an invoice number `INV-<year>-<000001>` and every succeeded refund a credit note `CN-<year>-<000001>` referencing
 * that invoice, in the transaction that settles it (`issueInvoice` / `issueCreditNote`): one counter row per (kind,
 * year), so numbers are neither reused nor skipped. PDFs are drawn on request from the stored rows.
 */

export const documentNumber = (kind: repo.DocumentKind, year: number, n: number) =>
  `${kind}-${year}-${String(n).padStart(6, '0')}`;

/**
 * Numbers a payment that has just become Success, in its transaction (with the payment row locked). Idempotent: a
 * payment already numbered keeps its number (and takes none). Call it last in the transaction: the counter row stays
 * locked until commit.
 */
export async function issueInvoice(tx: DbOrTx, paymentId: string, at = new Date()): Promise<string> {
  const existing = await repo.invoiceNumberOf(tx, paymentId);
  if (existing) return existing;
  const year = at.getUTCFullYear();
  const number = documentNumber('INV', year, await repo.takeNumber(tx, 'INV', year));
  await repo.setInvoiceNumber(tx, paymentId, number, at);
  return number;
}

/**
 * The credit note of a succeeded refund, in the refund's transaction (payment row locked), once per refund. A payment
 * settled before invoices existed and not numbered by the backfill gets its invoice number first.
 */
export async function issueCreditNote(tx: DbOrTx, payment: PaymentRow, refund: RefundRow, at = new Date()) {
  const existing = await repo.creditNoteOfRefund(tx, refund.id);
  if (existing) return existing;
  if (!payment.invoiceNumber) await issueInvoice(tx, payment.id, payment.createdAt);
  const year = at.getUTCFullYear();
  return repo.insertCreditNote(tx, {
    number: documentNumber('CN', year, await repo.takeNumber(tx, 'CN', year)),
    paymentId: payment.id,
    refundId: refund.id,
    customerId: payment.customerId,
    amount: refund.amount,
    qty: refund.qty,
    createdAt: at,
  });
}

/** The reconciling fields of a payment in both histories (DECISIONS §14 "Payment records"). */
export function paymentRecordOf(
  p: Pick<
    PaymentRow,
    'refundedAmount' | 'refundedQty' | 'refundedAt' | 'providerRef' | 'invoiceNumber' | 'note' | 'provider'
  >,
  creditNotes: CreditNoteSummary[] = [],
) {
  return {
    refundedAmount: toCents(p.refundedAmount) / 100,
    refundedQty: p.refundedQty,
    refundedAt: p.refundedAt?.toISOString() ?? null,
    providerPaymentId: p.provider === 'offline' ? null : p.providerRef,
    invoiceNumber: p.invoiceNumber,
    note: p.note,
    creditNotes,
  };
}

/** `creditNotes` of history rows, by payment id. */
export async function creditNotesByPayment(db: DbOrTx, paymentIds: readonly string[]) {
  const byPayment = new Map<string, CreditNoteSummary[]>();
  for (const note of await repo.creditNotesOfPayments(db, paymentIds)) {
    const list = byPayment.get(note.paymentId) ?? [];
    list.push(toCreditNoteSummary(note));
    byPayment.set(note.paymentId, list);
  }
  return byPayment;
}

export interface CreditNoteSummary {
  _id: string;
  number: string;
  amount: number;
  qty: number;
  created_at: string;
}

const toCreditNoteSummary = (n: repo.CreditNoteRow): CreditNoteSummary => ({
  _id: n.id,
  number: n.number,
  amount: toCents(n.amount) / 100,
  qty: n.qty,
  created_at: n.createdAt.toISOString(),
});

/** How the payment was made, in words (the PDFs). */
export function paymentMethodText(p: Pick<PaymentRow, 'paymentMethod' | 'isOfflinePayment' | 'provider'>) {
  if (p.isOfflinePayment || p.provider === 'offline') return 'Offline payment';
  const pm = p.paymentMethod;
  if (!pm) return 'Card';
  const wallet = pm.card?.wallet?.type;
  const kind = wallet ? wallet.replace(/_/g, ' ') : pm.type;
  const brand = pm.card ? pm.card.brand.charAt(0).toUpperCase() + pm.card.brand.slice(1) : '';
  if (pm.card) return `${kind === 'card' ? brand : `${kind} (${brand})`} ending ${pm.card.last4}`;
  return kind;
}

type Found = NonNullable<Awaited<ReturnType<typeof repo.paymentForDocument>>>;

function baseDocument(ctx: AppContext, found: Found) {
  const { payment: p, buyer } = found;
  return {
    seller: { name: ctx.config.seller.name, address: ctx.config.seller.address, taxId: ctx.config.seller.taxId },
    buyer: { name: buyer.name, email: buyer.email, company: buyer.company, address: buyer.address, taxId: buyer.taxId },
    currency: p.currency,
    paymentMethod: paymentMethodText(p),
  };
}

const planLine = (p: PaymentRow) =>
  `${p.productName} (${p.planIdentifier}${p.subscriptionType === 'recurring' ? ', yearly' : ''})`;

/** The invoice's content: the plan line (seats × unit price), the coupon, the total paid. */
export function invoiceDocument(ctx: AppContext, found: Found): DocumentData {
  const p = found.payment;
  if (!p.invoiceNumber) throw notFound('This payment has no invoice: only successful payments are invoiced.');
  const unitCents = toCents(p.unitAmount);
  const discountCents = toCents(p.discountAmount);
  const totalCents = toCents(p.totalAmount);
  // An offline sale records its total; its unit price is that total per seat, rounded down: the line shows the total.
  const lineCents = p.isOfflinePayment ? totalCents : unitCents * p.qty;
  return {
    kind: 'invoice',
    number: p.invoiceNumber,
    date: p.invoicedAt ?? p.createdAt,
    ...baseDocument(ctx, found),
    lines: [{ description: planLine(p), qty: p.qty, unitCents, totalCents: lineCents }],
    coupon: p.couponCode ? { code: p.couponCode, discountCents } : null,
    totalCents,
    paymentDate: p.invoicedAt ?? p.createdAt,
  };
}

export function creditNoteDocument(ctx: AppContext, found: Found, note: repo.CreditNoteRow): DocumentData {
  const p = found.payment;
  const cents = toCents(note.amount);
  return {
    kind: 'credit-note',
    number: note.number,
    date: note.createdAt,
    ...baseDocument(ctx, found),
    lines: [
      {
        description: `Refund of ${planLine(p)}`,
        qty: note.qty,
        unitCents: note.qty > 0 && cents % note.qty === 0 ? cents / note.qty : null,
        totalCents: cents,
      },
    ],
    coupon: null,
    totalCents: cents,
    paymentDate: note.createdAt,
    correctsInvoice: p.invoiceNumber,
    seats: note.qty,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const paymentNotFound = () => notFound('This payment does not exist.');

/** The invoice PDF of one of the customer's payments (another customer's: 404). */
export async function invoicePdf(ctx: AppContext, customerId: string, paymentId: string) {
  if (!UUID.test(paymentId)) throw paymentNotFound();
  const found = await repo.paymentForDocument(ctx.db, customerId, paymentId);
  if (!found) throw paymentNotFound();
  const data = invoiceDocument(ctx, found);
  return { fileName: `${data.number}.pdf`, pdf: await renderDocumentPdf(data) };
}

/** A credit note PDF of one of the customer's payments (another customer's, or another payment's: 404). */
export async function creditNotePdf(ctx: AppContext, customerId: string, paymentId: string, creditNoteId: string) {
  if (!UUID.test(paymentId)) throw paymentNotFound();
  const found = await repo.paymentForDocument(ctx.db, customerId, paymentId);
  if (!found) throw paymentNotFound();
  const note = UUID.test(creditNoteId) ? await repo.creditNoteOf(ctx.db, customerId, paymentId, creditNoteId) : null;
  if (!note) throw notFound('This credit note does not exist.');
  const data = creditNoteDocument(ctx, found, note);
  return { fileName: `${data.number}.pdf`, pdf: await renderDocumentPdf(data) };
}
