import { type SQL, and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { countCapped } from '../../../db/paging.ts';
import { customerFollowups, customerPaymentStats, customers, payments, plans } from '../../../db/schema.ts';
import { type After, byEmail, pageIds, rowFields, selectRows } from '../shared/payments-repository.ts';

/**
 * SQL of the back office's payment lists (spec 3 "Payment history", "Upcoming-expiry payments", "Payment errors",
 * "Coupons"). Cross-customer SQL lives only under modules/staff. Every list is newest-first (expiry: soonest first),
 * keyset-paged on (sort column, id), with an index for each filter (schema.ts `payments_*_idx`, `payment_errors_*`).
 */

/** The payment method of a row as the filter sees it: the wallet (google_pay, apple_pay, link) or the method type. */
export const METHOD_KEY = sql<string>`(coalesce(${payments.paymentMethod} -> 'card' -> 'wallet' ->> 'type', ${payments.paymentMethod} ->> 'type'))`;

export interface PaymentFilter {
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  subscriptionType?: 'recurring' | 'one_time' | undefined;
  methodType?: string | undefined;
  email?: string | undefined;
  status?: 'Success' | 'Failed' | undefined;
  planIdentifier?: string | undefined;
  zeroSuccessPayment?: boolean | undefined;
  coupon?: string | undefined;
}

export function paymentWhere(f: PaymentFilter): SQL | undefined {
  return and(
    f.from ? gte(payments.createdAt, f.from) : undefined,
    f.to ? lt(payments.createdAt, f.to) : undefined,
    f.subscriptionType ? eq(payments.subscriptionType, f.subscriptionType) : undefined,
    f.methodType ? sql`${METHOD_KEY} = ${f.methodType}` : undefined,
    f.email !== undefined ? byEmail(f.email) : undefined,
    f.status ? eq(payments.status, f.status) : undefined,
    f.planIdentifier ? eq(payments.planIdentifier, f.planIdentifier) : undefined,
    // The payment-stats rollup (triggers on payments) names the customers without a Success payment: a small partial
    // index (customer_payment_stats_zero_success_idx), never a probe per payment.
    f.zeroSuccessPayment
      ? sql`${payments.customerId} in (select ${customerPaymentStats.customerId} from ${customerPaymentStats} where ${customerPaymentStats.successCount} = 0)`
      : undefined,
    f.coupon !== undefined ? eq(payments.couponCode, f.coupon) : undefined,
  );
}

/** A page of the payment history, newest first (`limit + 1` rows, to tell whether another page follows). */
export async function listPaymentHistory(
  db: DbOrTx,
  f: PaymentFilter,
  page: { limit: number; offset: number; after?: After | undefined },
) {
  const where = paymentWhere(f);
  // The page's ids first (index only, offset skipped there), then their customer and counters: 26 joins, not 10,000.
  const ids = pageIds(db, where, payments.createdAt, page);
  const [rows, counted] = await Promise.all([
    selectRows(db, payments.createdAt)
      .innerJoin(ids, eq(ids.id, payments.id))
      .orderBy(desc(payments.createdAt), desc(payments.id)),
    countCapped(db, payments, where),
  ]);
  return { rows, counted };
}

/** A time as the database's UTC text, "2026-11-28 04:26:47.123456" (cheap: no to_char, no Date per row). */
const utcText = (column: typeof payments.createdAt | typeof payments.expiryAt | typeof payments.refundedAt) =>
  sql<string | null>`(${column} at time zone 'UTC')::text`;

/**
 * The export's rows: the list's fields with the times as UTC text and the payment method as the filter's key, both
 * made by the database, so no Date or JSON is built per row (at 1M rows that parsing was most of the export's time).
 * `createdAt` (microseconds) is also the keyset key.
 */
const { paymentMethod: _method, ...listFieldsButMethod } = rowFields;

const exportFields = {
  ...listFieldsButMethod,
  methodKey: METHOD_KEY,
  expiryAt: utcText(payments.expiryAt),
  refundedAt: utcText(payments.refundedAt),
  createdAt: sql<string>`(${payments.createdAt} at time zone 'UTC')::text`,
};

/** The rows after `after` (a row's `createdAt` UTC text and id) in the export's order. */
const afterKey = (after: After | undefined) =>
  after
    ? sql`(${payments.createdAt}, ${payments.id}) < ((${after.at}::timestamp at time zone 'UTC'), ${after.id}::uuid)`
    : undefined;

/** One batch of the history export, in the list's order, after `after` (undefined: from the newest). */
export function paymentHistoryBatch(db: DbOrTx, f: PaymentFilter, after: After | undefined, limit: number) {
  // `after.at` is a row's `createdAt` (UTC text): read back as UTC.
  return db
    .select(exportFields)
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(customerFollowups, eq(customerFollowups.customerId, payments.customerId))
    .where(and(paymentWhere(f), afterKey(after)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

export type PaymentExportRow = Awaited<ReturnType<typeof paymentHistoryBatch>>[number];

/*
 * The history export's CSV text made by the database (lib/csv-export.ts `csvCell` and RFC 4180, cell for cell). At 1M
 * rows, the export in keyset batches of JS rows (a statement per 2,000 rows, an object, its cells and a line per
 * payment) grew the server's RSS by 150-210 MB, nearly all of it V8's old generation filling with promoted garbage
 * until its next full collection (live heap stayed ~65 MB); one cursor over one statement whose rows are the records
 * keeps it flat (bench/results/latest-payment-export.md). `PAYMENT_HISTORY_CSV` (service.ts) over
 * `paymentHistoryBatch` is the same file built in JS: the tests compare the two byte for byte.
 */
/**
 * `FORMULA_START` (=, +, -, @, tab, CR: the first character's code, cheaper than a pattern per cell) and `E164`
 * (ASCII digits) of csv-export.ts in PostgreSQL.
 */
const CSV_FORMULA_CODES = sql.raw('(61, 43, 45, 64, 9, 13)');

const CSV_E164 = sql.raw(`'^[+][1-9][0-9]{6,14}$'`);

/** A text value as a CSV cell's text: '' for null, `'` before a formula start (not an E.164 phone). */
const csvText = (v: SQL) =>
  sql`(case when ascii(${v}) in ${CSV_FORMULA_CODES} and ${v} !~ ${CSV_E164} then '''' || ${v} else coalesce(${v}, '') end)`;

/** Every cell quoted, quotes doubled (csv-export.ts `csvLine`). */
const quotedCell = (cell: SQL) => sql`'"' || replace(${cell}, '"', '""') || '"'`;

/** A time as `isoOfUtcText` writes it ("2026-11-28T04:26:47.123Z", milliseconds cut, not rounded); '' for null. */
const csvTime = (column: typeof payments.createdAt | typeof payments.expiryAt | typeof payments.refundedAt) =>
  sql`coalesce(left(to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), 23) || 'Z', '')`;

/** The columns of `payment-history.csv` in order (service.ts `PAYMENT_HISTORY_CSV` has the headers). */
const csvCells: SQL[] = [
  csvText(sql`${customers.name}`),
  csvText(sql`${customers.email}`),
  // `phoneWithCountryCode`: the dial code before a number without its own.
  csvText(
    sql`(case when ${customers.phoneNumber} = '' or ${customers.phoneNumber} like '+%' or coalesce(${customers.countryCode}, '') = '' then ${customers.phoneNumber} else ${customers.countryCode} || ' ' || ${customers.phoneNumber} end)`,
  ),
  csvText(sql`${payments.productName}`),
  csvText(sql`${payments.planIdentifier}`),
  csvText(sql`${payments.subscriptionType}`),
  csvText(sql`${payments.subscriptionReason}`),
  sql`${payments.qty}::text`,
  csvText(METHOD_KEY),
  csvText(sql`${payments.totalAmount}::text`),
  csvText(sql`${payments.couponCode}`),
  csvText(sql`${payments.status}`),
  csvText(sql`${payments.message}`),
  csvText(sql`${payments.errorCode}`),
  sql`(case when ${payments.isOfflinePayment} then 'Yes' else 'No' end)`,
  csvText(sql`${payments.refundBy}`),
  sql`coalesce(${customerFollowups.failedEmailFollowupCount}, 0)::text`,
  sql`coalesce(${customerFollowups.whatsappRedirectCount}, 0)::text`,
  csvTime(payments.expiryAt),
  csvTime(payments.createdAt),
  csvText(sql`${payments.refundedAmount}::text`),
  sql`${payments.refundedQty}::text`,
  csvTime(payments.refundedAt),
  csvText(sql`(case when ${payments.provider} = 'offline' then '' else ${payments.providerRef} end)`),
  csvText(sql`${payments.invoiceNumber}`),
  csvText(sql`${payments.note}`),
];

/**
 * `payment-history.csv`'s records as text, one row each (with its CRLF), in the list's order, for a cursor
 * (`streamQuery`): one statement for the whole export.
 */
export function paymentHistoryCsvQuery(db: DbOrTx, f: PaymentFilter) {
  return db
    .select({ line: sql<string>`concat_ws(',', ${sql.join(csvCells.map(quotedCell), sql`, `)}) || E'\r\n'`.as('line') })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(customerFollowups, eq(customerFollowups.customerId, payments.customerId))
    .where(paymentWhere(f))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** The plans of the Product filter. */
export function pricingOptions(db: DbOrTx) {
  return db
    .select({ identifier: plans.identifier, name: plans.name, type: plans.type })
    .from(plans)
    .orderBy(asc(plans.type), asc(plans.identifier));
}

export async function findCustomerByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: customers.id, email: customers.email, name: customers.name })
    .from(customers)
    .where(eq(customers.email, email));
  return row ?? null;
}

export async function customerExists(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  return !!row;
}

/** Adds one to a follow-up counter of the customer; answers the new value. */
export async function bumpFollowup(
  db: DbOrTx,
  customerId: string,
  counter: 'failedEmailFollowupCount' | 'whatsappRedirectCount',
): Promise<number> {
  const column = customerFollowups[counter];
  const [row] = await db
    .insert(customerFollowups)
    .values({ customerId, [counter]: 1 })
    .onConflictDoUpdate({
      target: customerFollowups.customerId,
      set: { [counter]: sql`${column} + 1`, updatedAt: new Date() },
    })
    .returning({ n: column });
  return row!.n;
}

export async function customerHasFailedPayment(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.customerId, customerId), eq(payments.status, 'Failed')))
    .limit(1);
  return !!row;
}

/** The customer of a payment (staff's invoice and credit note downloads read the documents as that customer's). */
export async function customerOfPayment(db: DbOrTx, paymentId: string) {
  const [row] = await db.select({ customerId: payments.customerId }).from(payments).where(eq(payments.id, paymentId));
  return row?.customerId ?? null;
}
