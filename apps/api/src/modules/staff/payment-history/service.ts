import { phoneWithCountryCode } from '@fleetdeck/contract/phone';
import type { PaymentHistorySearch } from '@fleetdeck/contract/staff';
import type { FastifyReply } from 'fastify';
import { type AppContext, inTransaction } from '../../../context.ts';
import { type CsvColumn, sendCsvText, streamQuery } from '../../../lib/csv-export.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { offsetOfPage } from '../../activity/keyset.ts';
import { creditNotePdf, invoicePdf } from '../../invoices/service.ts';
import { emailSenderOf } from '../../mail/outbox.ts';
import { type EmailContent, layout } from '../../mail/templates.ts';
import { emailAccount } from '../../team/notify.ts';
import { UUID, dayRange, keysetPage, optionalText, paymentCursor, toPaymentRows } from '../shared/payments-service.ts';
import * as repo from './repository.ts';

function historyFilter(q: PaymentHistorySearch): repo.PaymentFilter {
  const { from, to } = dayRange(q.from_date, q.to_date);
  return {
    from,
    to,
    subscriptionType: q.subscriptionType === 'All' ? undefined : q.subscriptionType,
    methodType: q.paymentMethodType === 'All' ? undefined : q.paymentMethodType,
    email: optionalText(q.email)?.toLowerCase(),
    status: q.status === 'All' ? undefined : q.status,
    planIdentifier: optionalText(q.priceId)?.toUpperCase(),
    zeroSuccessPayment: q.zeroSuccessPayment === true ? true : undefined,
    coupon: optionalText(q.coupon)?.toUpperCase(),
  };
}

const HISTORY_SORT = 'created_at';

export async function paymentHistory(ctx: AppContext, q: PaymentHistorySearch) {
  const after = paymentCursor(q.cursor, HISTORY_SORT, 'desc');
  const [{ rows, counted }, pricing] = await Promise.all([
    repo.listPaymentHistory(ctx.db, historyFilter(q), {
      limit: q.limit,
      offset: after ? 0 : offsetOfPage(q.page, q.limit),
      after,
    }),
    repo.pricingOptions(ctx.db),
  ]);
  const { page, pagination } = keysetPage(rows, counted, q, HISTORY_SORT, 'desc', (r) => r.id);
  return { data: await toPaymentRows(ctx, page), pagination, pricing };
}

/**
 * The database's UTC text of a time ("2026-11-28 04:26:47.123456", trailing zeros of the fraction dropped) as ISO 8601
 * with milliseconds, what `Date.toISOString()` writes ("2026-11-28T04:26:47.123Z"); nothing for null.
 */
export function isoOfUtcText(t: string | null): string {
  if (t === null) return '';
  const fraction = t.length > 20 ? t.slice(20, 23).padEnd(3, '0') : '000';
  return `${t.slice(0, 10)}T${t.slice(11, 19)}.${fraction}Z`;
}

/**
 * The columns of `payment-history.csv` (fixed; dates ISO 8601 UTC, amounts in euro with two decimals: the numeric
 * column's own text). The export's rows carry times and the method as text already (repository `exportFields`).
 */
export const PAYMENT_HISTORY_CSV: readonly CsvColumn<repo.PaymentExportRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone Number', value: (r) => phoneWithCountryCode(r.phoneNumber, r.countryCode) },
  { header: 'Product', value: (r) => r.productName },
  { header: 'Plan', value: (r) => r.planIdentifier },
  { header: 'Type', value: (r) => r.subscriptionType },
  { header: 'Reason', value: (r) => r.subscriptionReason },
  { header: 'Qty', value: (r) => r.qty },
  { header: 'Payment Method', value: (r) => r.methodKey },
  { header: 'Amount (EUR)', value: (r) => r.totalAmount },
  { header: 'Coupon', value: (r) => r.couponCode },
  { header: 'Status', value: (r) => r.status },
  { header: 'Message', value: (r) => r.message },
  { header: 'Error Code', value: (r) => r.errorCode },
  { header: 'Offline', value: (r) => (r.isOfflinePayment ? 'Yes' : 'No') },
  { header: 'Refund By', value: (r) => r.refundBy },
  { header: 'Failed Email Followups', value: (r) => r.failedEmailFollowupCount },
  { header: 'WhatsApp Redirects', value: (r) => r.whatsappRedirectCount },
  { header: 'Expiry At', value: (r) => isoOfUtcText(r.expiryAt) },
  { header: 'Created On', value: (r) => isoOfUtcText(r.createdAt) },
  // Issue 22 (DECISIONS §14): what finance reconciles, read from the payment row as is (no aggregation).
  { header: 'Refunded Amount', value: (r) => r.refundedAmount },
  { header: 'Refunded Qty', value: (r) => r.refundedQty },
  { header: 'Refunded On', value: (r) => isoOfUtcText(r.refundedAt) },
  { header: 'Payment ID', value: (r) => (r.provider === 'offline' ? '' : r.providerRef) },
  { header: 'Invoice', value: (r) => r.invoiceNumber },
  { header: 'Note', value: (r) => r.note },
];

/** Records per chunk of the history export's text (~100 kB, one socket write). */
const EXPORT_CHUNK = 500;

/**
 * The text of `payment-history.csv` after its header, `perChunk` records a chunk, read through a cursor over one
 * statement whose rows are the records already (one string per payment on this side).
 */
export async function* paymentHistoryCsv(
  ctx: AppContext,
  filter: repo.PaymentFilter,
  perChunk = EXPORT_CHUNK,
): AsyncGenerator<string> {
  let chunk = '';
  let n = 0;
  for await (const row of streamQuery<{ line: string }>(
    ctx.pool,
    repo.paymentHistoryCsvQuery(ctx.db, filter).toSQL(),
    perChunk,
  )) {
    chunk += row.line;
    if (++n === perChunk) {
      yield chunk;
      chunk = '';
      n = 0;
    }
  }
  if (chunk !== '') yield chunk;
}

/**
 * The whole filtered history as `payment-history.csv`: the records of `PAYMENT_HISTORY_CSV`, written by the database
 * (repository `paymentHistoryCsvQuery`) and read through one cursor, so the server builds one string per payment, not a
 * row, its cells and its line (the server's RSS stays flat; bench/results/latest-payment-export.md).
 */
export function exportPaymentHistory(ctx: AppContext, q: PaymentHistorySearch, reply: FastifyReply) {
  return sendCsvText(reply, {
    fileName: 'payment-history.csv',
    headers: PAYMENT_HISTORY_CSV.map((c) => c.header),
    batches: paymentHistoryCsv(ctx, historyFilter(q)),
  });
}

/** The Send Email modal's apology: the staff member's text as it was typed, paragraphs kept. */
export function followupEmail(product: string, content: string): EmailContent {
  const paragraphs = content
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const html = layout(product, paragraphs).replace(
    /<p style="margin:0 0 16px">([^<]*)<\/p>/g,
    (_m, p: string) => `<p style="margin:0 0 16px">${p.replace(/\n/g, '<br>')}</p>`,
  );
  return {
    template: 'payment-followup',
    subject: `${product}: about your payment`,
    text: `${paragraphs.join('\n\n')}\n`,
    html,
  };
}

/**
 * `payments/fail/email`: queues the apology email (outbox, sent by the email worker after commit) and adds one to the
 * customer's `failedEmailFollowupCount` (one counter per customer, shown on each of its failed rows).
 */
export async function sendFailedPaymentEmail(ctx: AppContext, input: { email: string; content: string }) {
  const customer = await repo.findCustomerByEmail(ctx.db, input.email.toLowerCase());
  if (!customer) throw notFound('No customer has this email.');
  if (!(await repo.customerHasFailedPayment(ctx.db, customer.id))) {
    throw new AppError(409, 'E_CONFLICT', 'This customer has no failed payment to follow up.');
  }
  return inTransaction(ctx.db, async (tx, afterCommit) => {
    // To the account's Owners and Billing members (DECISIONS §12).
    await emailAccount(tx, customer.id, 'billing', emailSenderOf(ctx.queue, tx, afterCommit), () =>
      followupEmail(ctx.config.productName, input.content),
    );
    return { failedEmailFollowupCount: await repo.bumpFollowup(tx, customer.id, 'failedEmailFollowupCount') };
  });
}

/** `customers/updateWhatsappCount`: the WhatsApp link of a failed row was opened. */
export async function countWhatsappRedirect(ctx: AppContext, customerId: string) {
  if (!(await repo.customerExists(ctx.db, customerId))) throw notFound('No customer has this id.');
  return { whatsappRedirectCount: await repo.bumpFollowup(ctx.db, customerId, 'whatsappRedirectCount') };
}

/** Staff's download of any customer's invoice or credit note: the customer's own document, found by the payment. */
export async function staffPaymentDocument(ctx: AppContext, params: { id: string; creditNoteId?: string | undefined }) {
  const customerId = UUID.test(params.id) ? await repo.customerOfPayment(ctx.db, params.id) : null;
  if (!customerId) throw notFound('This payment does not exist.');
  return params.creditNoteId === undefined
    ? invoicePdf(ctx, customerId, params.id)
    : creditNotePdf(ctx, customerId, params.id, params.creditNoteId);
}
