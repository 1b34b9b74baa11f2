import { phoneWithCountryCode } from '@fleetdeck/contract/phone';
import type { StaffPaymentRow } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { cappedTotal, cursorTimestamp, decodeCursor, encodeCursor } from '../../activity/keyset.ts';
import { type CreditNoteSummary, creditNotesByPayment, paymentRecordOf } from '../../invoices/service.ts';
import type * as repo from './payments-repository.ts';

export const DAY_MS = 86_400_000;

/** `from_date` / `to_date` as whole UTC days, both included. */
export function dayRange(from: string | undefined, to: string | undefined) {
  const start = from ? new Date(`${from}T00:00:00Z`) : undefined;
  const end = to ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) : undefined;
  if (start && end && start >= end) {
    throw new AppError(400, 'E_VALIDATION', 'to_date: must not be before from_date', {
      errors: [{ field: 'to_date', message: 'must not be before from_date' }],
    });
  }
  return { from: start, to: end };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The (timestamp, uuid) key of a payments cursor. */
export function paymentCursor(cursor: string | undefined, sort: string, order: 'asc' | 'desc'): repo.After | undefined {
  if (!cursor) return undefined;
  const [at, id] = decodeCursor(cursor, sort, order, 2);
  if (typeof id !== 'string' || !UUID.test(id)) {
    throw new AppError(
      400,
      'E_VALIDATION',
      'cursor: is not a cursor of this list (use nextCursor of the previous page)',
      {
        errors: [{ field: 'cursor', message: 'is not a cursor of this list' }],
      },
    );
  }
  return { at: cursorTimestamp(at), id };
}

export const optionalText = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

/** The payment record of spec 3 §3 as the old back office named its fields. */
export function toPaymentRow(r: repo.PaymentListRow, creditNotes?: CreditNoteSummary[]): StaffPaymentRow {
  const pm = r.paymentMethod;
  return {
    _id: r.id,
    productName: r.productName,
    email: r.email,
    subscriptionType: r.subscriptionType,
    subscriptionReason: r.subscriptionReason,
    qty: r.qty,
    totalAmount: Number(r.totalAmount),
    currency: r.currency,
    coupon: r.couponCode,
    status: r.status,
    message: r.message,
    paymentIntent: { last_payment_error: r.errorCode ? { code: r.errorCode } : null },
    paymentMethod: pm
      ? {
          type: pm.type,
          card: pm.card
            ? {
                brand: pm.card.brand,
                last4: pm.card.last4,
                wallet: pm.card.wallet ? { type: pm.card.wallet.type } : null,
              }
            : null,
        }
      : null,
    expiryAt: r.expiryAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    failedEmailFollowupCount: r.failedEmailFollowupCount,
    userId: {
      _id: r.customerId,
      email: r.email,
      name: r.name,
      phone_number: phoneWithCountryCode(r.phoneNumber, r.countryCode),
      whatsappRedirectCount: r.whatsappRedirectCount,
    },
    priceId: { identifier: r.planIdentifier },
    refundBy: r.refundBy,
    isOfflinePayment: r.isOfflinePayment,
    ...paymentRecordOf(r, creditNotes),
  };
}

/** A page of payment rows with their credit notes (one query for the page). */
export async function toPaymentRows(ctx: AppContext, rows: repo.PaymentListRow[]) {
  const notes = await creditNotesByPayment(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPaymentRow(r, notes.get(r.id)));
}

export function keysetPage<Row extends { keyMicros: string }, Id extends string | number>(
  rows: Row[],
  counted: number,
  q: { page: number; limit: number },
  sort: string,
  order: 'asc' | 'desc',
  idOf: (row: Row) => Id,
) {
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    page,
    pagination: {
      page: q.page,
      limit: q.limit,
      ...cappedTotal(counted),
      nextCursor:
        rows.length > q.limit && last ? encodeCursor({ sort, order, key: [last.keyMicros, idOf(last)] }) : null,
    },
  };
}
