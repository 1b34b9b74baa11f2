import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditNotes, customers, documentCounters, payments } from '../../db/schema.ts';

/** SQL of invoices and credit notes (issue 22, DECISIONS §14). Customer reads are scoped by the session's customer id. */

export type DocumentKind = 'INV' | 'CN';
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * The next number of `kind` in `year`: one counter row per (kind, year), incremented under its row lock, so two
 * transactions take consecutive numbers and a rolled-back one gives its number back with everything else.
 */
export async function takeNumber(tx: DbOrTx, kind: DocumentKind, year: number): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.kind, documentCounters.year],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ n: documentCounters.lastNumber });
  return row!.n;
}

/** Sets the payment's invoice number once (a payment already numbered keeps its number: false). */
export async function setInvoiceNumber(tx: DbOrTx, paymentId: string, number: string, at: Date) {
  const rows = await tx
    .update(payments)
    .set({ invoiceNumber: number, invoicedAt: at })
    .where(and(eq(payments.id, paymentId), sql`${payments.invoiceNumber} is null`))
    .returning({ id: payments.id });
  return rows.length > 0;
}

export async function invoiceNumberOf(tx: DbOrTx, paymentId: string) {
  const [row] = await tx
    .select({ invoiceNumber: payments.invoiceNumber })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row?.invoiceNumber ?? null;
}

export async function insertCreditNote(tx: DbOrTx, values: typeof creditNotes.$inferInsert): Promise<CreditNoteRow> {
  const [row] = await tx.insert(creditNotes).values(values).returning();
  return row!;
}

export async function creditNoteOfRefund(tx: DbOrTx, refundId: string) {
  const [row] = await tx.select().from(creditNotes).where(eq(creditNotes.refundId, refundId));
  return row ?? null;
}

/** The credit notes of these payments, oldest first (history rows; one query per page). */
export async function creditNotesOfPayments(db: DbOrTx, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.paymentId, [...paymentIds]))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.number));
}

/** A customer's payment with the buyer's details, for its invoice; null when it is not this customer's. */
export async function paymentForDocument(db: DbOrTx, customerId: string, paymentId: string) {
  const [row] = await db
    .select({
      payment: payments,
      buyer: {
        name: customers.name,
        email: customers.email,
        company: customers.billingCompany,
        address: customers.billingAddress,
        taxId: customers.billingTaxId,
      },
    })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(and(eq(payments.customerId, customerId), eq(payments.id, paymentId)));
  return row ?? null;
}

/** A customer's credit note of a payment; null when it is not theirs or not of this payment. */
export async function creditNoteOf(db: DbOrTx, customerId: string, paymentId: string, creditNoteId: string) {
  const [row] = await db
    .select()
    .from(creditNotes)
    .where(
      and(
        eq(creditNotes.customerId, customerId),
        eq(creditNotes.paymentId, paymentId),
        eq(creditNotes.id, creditNoteId),
      ),
    );
  return row ?? null;
}
