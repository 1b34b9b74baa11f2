import { type SQL, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type KeysetWindow, keysetPage, utcMicros } from '../../../db/paging.ts';
import { customerFollowups, customers, payments } from '../../../db/schema.ts';

export const byEmail = (email: string) =>
  sql`${payments.customerId} = (select id from customers where email = ${email})`;

export const rowFields = {
  id: payments.id,
  customerId: payments.customerId,
  email: customers.email,
  name: customers.name,
  phoneNumber: customers.phoneNumber,
  countryCode: customers.countryCode,
  productName: payments.productName,
  planIdentifier: payments.planIdentifier,
  subscriptionType: payments.subscriptionType,
  subscriptionReason: payments.subscriptionReason,
  qty: payments.qty,
  totalAmount: payments.totalAmount,
  currency: payments.currency,
  couponCode: payments.couponCode,
  status: payments.status,
  message: payments.message,
  errorCode: payments.errorCode,
  paymentMethod: payments.paymentMethod,
  expiryAt: payments.expiryAt,
  createdAt: payments.createdAt,
  refundBy: payments.refundBy,
  isOfflinePayment: payments.isOfflinePayment,
  refundedAmount: payments.refundedAmount,
  refundedQty: payments.refundedQty,
  refundedAt: payments.refundedAt,
  provider: payments.provider,
  providerRef: payments.providerRef,
  invoiceNumber: payments.invoiceNumber,
  note: payments.note,
  failedEmailFollowupCount: sql<number>`coalesce(${customerFollowups.failedEmailFollowupCount}, 0)::int`,
  whatsappRedirectCount: sql<number>`coalesce(${customerFollowups.whatsappRedirectCount}, 0)::int`,
};

/** The rows with their customer and follow-up counters; `keyMicros` is the keyset column as exact text. */
export const selectRows = (db: DbOrTx, key: typeof payments.createdAt | typeof payments.expiryAt) =>
  db
    .select({ ...rowFields, keyMicros: utcMicros(key) })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(customerFollowups, eq(customerFollowups.customerId, payments.customerId));

export type PaymentListRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

/** Where a keyset page starts: after this (timestamp text with microseconds, uuid). */
export interface After {
  at: string;
  id: string;
}

/**
 * The ids of one page of a payment list keyed on (`key`, id), as a subquery: found on the index alone (the offset
 * skipped there), then joined to their customer and counters, so a deep page joins its rows, not every skipped one.
 */
export const pageIds = (
  db: DbOrTx,
  where: SQL | undefined,
  key: typeof payments.createdAt | typeof payments.expiryAt,
  page: { limit: number; offset: number; after?: After | undefined; order?: KeysetWindow['order'] },
) =>
  keysetPage(
    db.select({ id: payments.id }).from(payments).$dynamic(),
    where,
    [
      [key, 'timestamptz'],
      [payments.id, 'uuid'],
    ],
    {
      ...page,
      after: page.after && [page.after.at, page.after.id],
    },
  ).as('page_ids');
