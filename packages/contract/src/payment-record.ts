import { z } from 'zod/mini';
import { text } from './common.ts';

/**
 * Payment records as finance reconciles them (issue 22, DECISIONS §14), shared by the customer's payment history
 * (`payments.ts`) and the back office's (`staff/payment-lists.ts`), with the invoice and credit note PDF calls' params.
 */

/** A credit note of a refund (issue 22, DECISIONS §14): its PDF is `payments/:id/credit-notes/:creditNoteId`. */
export const creditNoteSummarySchema = z.object({
  _id: z.string(),
  /** `CN-2026-000001`. */
  number: z.string(),
  /** EUR refunded. */
  amount: z.number(),
  /** Seats refunded. */
  qty: z.int(),
  created_at: z.string(),
});
export type CreditNoteSummary = z.infer<typeof creditNoteSummarySchema>;

/**
 * What both payment histories carry for reconciling (DECISIONS §14 "Payment records"): refunded amount (EUR), seats
 * and the last refund's date, the provider's id (Stripe's PaymentIntent or invoice id; the sandbox's id), the invoice
 * number (Success payments), the offline sale's note, and the refunds' credit notes.
 */
export const paymentRecordShape = {
  refundedAmount: z.number(),
  refundedQty: z.int(),
  refundedAt: z.nullable(z.string()),
  providerPaymentId: z.nullable(z.string()),
  invoiceNumber: z.nullable(z.string()),
  note: z.nullable(z.string()),
  creditNotes: z.array(creditNoteSummarySchema),
};

/** `GET payments/:id/invoice` and `payments/:id/credit-notes/:creditNoteId` (customer's own; staff the same). */
export const invoiceParamsSchema = z.object({ id: text().check(z.maxLength(64)) });
export const creditNoteParamsSchema = z.object({
  id: text().check(z.maxLength(64)),
  creditNoteId: text().check(z.maxLength(64)),
});
/** A PDF's bytes (`content-type: application/pdf`), never JSON. */
export const pdfSchema = z.string();
