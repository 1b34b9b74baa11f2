import type { Family } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { SYSTEM, type Actor, type StaffActor } from '../../lib/actor.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../audit/service.ts';
import { issueCreditNote } from '../invoices/service.ts';
import { activeDevicesOfFamily, afterLogout, logOutDevicesInTransaction } from '../devices/service.ts';
import { backOfficeEmails } from '../mail/back-office-templates.ts';
import { emailSenderOf } from '../mail/outbox.ts';
import {
  familyLicenceOf,
  liveSeatsOfSubscription,
  revokeSeatsOfPayment,
  revokeSeatsOfSubscription,
  seatsOfPayment,
} from '../licences/service.ts';
import { emailAccount } from '../team/notify.ts';
import { centsToNumber, centsToNumeric, formatEuro, toCents } from './money.ts';
import { createPaymentProvider } from './providers/index.ts';
import type { PaymentProvider } from './providers/types.ts';
import * as refunds from './refund-repository.ts';
import type { RefundRow } from './refund-repository.ts';
import { updatePayment, updateSubscription, type PaymentRow } from './repository.ts';

/**
 * Refunds (DECISIONS §8 "Refund"), for staff (`payments/refund`) and for refunds and disputes made at the provider
 * (`charge.refunded`, `charge.dispute.*` in `events.ts`). One set of effects for both (`applyRefund`): the seats revoked
 * from the payment's grant, the chosen devices logged out and then the newest ones while the family has more devices
 * than seats, the subscription's quantity lowered, the payment marked `Refunded` / `Partially refunded` with `refundBy`,
 * and an audit row on the customer's log naming the actor.
 *
 * A staff refund talks to the provider, which must not happen inside a transaction (issue 12): it is RESERVED (a
 * `pending` row, under the payment's row lock, counted against what remains), then the provider is CALLED (refund with
 * an idempotency key derived from the reserved row; subscription quantity lowered without proration), then COMMITTED
 * (the effects, in one transaction). A crash between the steps leaves a pending row: the same request again, or the
 * sweep `resumePendingRefunds`, calls the provider again with the same keys (the provider answers the same refund)
 * and commits. A provider failure marks the row failed (nothing changed); the same request may then be tried again.
 */

const DAY_MS = 86_400_000;

/** What remains of a payment, and the prorated figure of a refund of `refundQty` seats. */
export interface RefundFigures {
  paidCents: number;
  refundedQty: number;
  refundedCents: number;
  /** Live seats of the payment's grant not already reserved by a pending refund. */
  seatsLeft: number;
  periodDays: number;
  remainingDays: number;
}

/**
 * paid × remaining days ÷ period days × refundQty ÷ qty, in cents, rounded down; never more than what remains paid.
 * Integer arithmetic (cents × days × seats stays far below 2^53).
 */
export function proratedRefundCents(f: RefundFigures, qty: number, refundQty: number): number {
  if (qty <= 0 || f.periodDays <= 0 || refundQty <= 0) return 0;
  const prorated = Math.floor((f.paidCents * f.remainingDays * refundQty) / (f.periodDays * qty));
  return Math.max(0, Math.min(prorated, f.paidCents - f.refundedCents));
}

/**
 * The most a refund of `refundQty` seats may give back (DECISIONS §14 "Refund amounts"): a subscription's is the
 * prorated figure (the only amount it takes); a one-time purchase's, what remains paid for those seats, i.e. their
 * share of it, (paid − refunded) × refundQty ÷ seats left, cents rounded down (every seat left: all that remains).
 */
export function refundCapCents(payment: PaymentRow, f: RefundFigures, refundQty: number): number {
  if (payment.subscriptionType === 'recurring') return proratedRefundCents(f, payment.qty, refundQty);
  if (f.seatsLeft <= 0 || refundQty <= 0) return 0;
  const remaining = Math.max(0, f.paidCents - f.refundedCents);
  return Math.floor((remaining * Math.min(refundQty, f.seatsLeft)) / f.seatsLeft);
}

/** Of the active devices (newest first), the ones over the seats: what a refund logs out after the chosen ones. */
const newestOverSeats = <T>(active: readonly T[], used: number, purchased: number) =>
  active.slice(0, Math.max(0, used - purchased));

/**
 * Every device a refund of `refundQty` seats choosing `chosen` would log out now (the refund page's confirmation):
 * the chosen ones, then the newest while the family would have more devices than seats, as `applyRefund` does.
 */
export async function refundLogoutPreview(
  db: DbOrTx,
  payment: PaymentRow,
  refundQty: number,
  chosen: readonly string[],
) {
  const family = payment.family as Family;
  const [active, licence] = await Promise.all([
    activeDevicesOfFamily(db, payment.customerId, family),
    familyLicenceOf(db, payment.customerId, family),
  ]);
  const wanted = new Set(chosen);
  const picked = active.filter((d) => wanted.has(d.id));
  const rest = active.filter((d) => !wanted.has(d.id));
  const newest = newestOverSeats(rest, licence.used - picked.length, licence.purchased - refundQty);
  return [...picked.map((d) => ({ ...d, chosen: true })), ...newest.map((d) => ({ ...d, chosen: false }))];
}

/**
 * The payment's period runs from its success (the grant's start) to its `expiryAt` (the period it paid for: a year
 * for a subscription, the rest of the period for an added seat, 3 years one-time). A started day counts as remaining,
 * so a refund on the day of purchase is the whole amount; after the end, 0 days remain.
 */
export function periodOf(payment: PaymentRow, grant: { startsAt: Date; expiresAt: Date } | null, now = new Date()) {
  const start = grant?.startsAt ?? payment.createdAt;
  const end = payment.expiryAt ?? grant?.expiresAt ?? start;
  const periodDays = Math.max(1, Math.round((end.getTime() - start.getTime()) / DAY_MS));
  const remainingDays = Math.min(periodDays, Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS)));
  return { periodDays, remainingDays };
}

/** A renewal (`subscription_cycle`) has no grant of its own: its seats are the subscription's. */
const isRenewal = (payment: PaymentRow) => payment.subscriptionReason === 'subscription_cycle';

/**
 * Live seats a refund of this payment can take: its grant's; for a renewal, the subscription's live seats, at most
 * the renewal's quantity less what was refunded of it already.
 */
async function liveSeatsFor(db: DbOrTx, payment: PaymentRow, succeededQty: number) {
  const { grant, live } = await seatsOfPayment(db, payment.id);
  if (grant || !isRenewal(payment)) return { grant, live };
  const sub = await refunds.subscriptionOfPayment(db, payment);
  if (!sub) return { grant: null, live: 0 };
  return { grant: null, live: Math.min(await liveSeatsOfSubscription(db, sub.id), payment.qty - succeededQty) };
}

export async function refundFigures(db: DbOrTx, payment: PaymentRow, now = new Date()): Promise<RefundFigures> {
  const totals = await refunds.refundTotals(db, payment.id);
  const { grant, live } = await liveSeatsFor(db, payment, totals.qty - totals.pendingQty);
  return {
    paidCents: toCents(payment.totalAmount),
    refundedQty: totals.qty,
    refundedCents: totals.cents,
    seatsLeft: Math.max(0, live - totals.pendingQty),
    ...periodOf(payment, grant, now),
  };
}

/** Why a payment cannot be refunded now (null: it can). */
export function notRefundableReason(payment: PaymentRow, f: RefundFigures): string | null {
  if (payment.isOfflinePayment || payment.provider === 'offline') return 'Offline payments are not refunded here.';
  if (payment.status !== 'Success' && payment.status !== 'Partially refunded') {
    return payment.status === 'Refunded'
      ? 'This payment has been refunded already.'
      : 'Only successful payments can be refunded.';
  }
  if (f.remainingDays === 0) return 'Nothing left to refund: the period of this payment has ended.';
  if (f.seatsLeft === 0) return 'Nothing left to refund: this payment has no seats left.';
  return null;
}

const notAllowed = (message: string) => new AppError(409, 'E_REFUND_NOT_ALLOWED', message);

// ---------------------------------------------------------------------------------------------------------------
// Staff refund: reserve → provider → commit.

export interface StaffRefundInput {
  id: string;
  refundQty: number;
  refundAmount?: number | null | undefined;
  refundDevices: string[];
}

export interface RefundResult {
  paymentId: string;
  refundId: string;
  status: PaymentRow['status'];
  refundQty: number;
  refundAmount: number;
  refundBy: string;
  devicesLoggedOut: string[];
  replayed: boolean;
}

/**
 * `POST payments/refund`. Idempotency: the `Idempotency-Key` header when sent, else a key derived from the request
 * (payment, quantity, amount, devices): the same request twice is one refund (the second answers the first with
 * `replayed: true`). A second, identical partial refund therefore needs its own key (the back office sends one per
 * page load). The same key with a different request → 409 E_CONFLICT.
 */
export async function staffRefund(
  ctx: AppContext,
  actor: StaffActor,
  staffEmail: string,
  input: StaffRefundInput,
  idempotencyKeyHeader: string | undefined,
): Promise<RefundResult> {
  const amountCents =
    input.refundAmount === undefined || input.refundAmount === null ? null : Math.round(input.refundAmount * 100);
  const devices = [...new Set(input.refundDevices)].sort();
  const requestHash = sha256(JSON.stringify([input.id, input.refundQty, amountCents, devices]));
  const headerKey = idempotencyKeyHeader?.trim();
  if (headerKey && headerKey.length > 255) {
    throw badRequest('E_VALIDATION', 'Idempotency-Key: must be at most 255 characters');
  }
  const key = headerKey ? `key:${headerKey}` : `request:${requestHash}`;

  const reserved = await inTransaction(ctx.db, async (tx) => {
    const found = await refunds.paymentWithEmail(tx, input.id, { lock: true });
    if (!found) throw notFound('This payment does not exist.');
    const { payment } = found;
    const existing = await refunds.findRefundByKey(tx, payment.id, key, { lock: true });
    if (existing) {
      if (existing.requestHash !== requestHash) {
        throw new AppError(409, 'E_CONFLICT', 'This Idempotency-Key was already used for a different refund.');
      }
      // A failed attempt (the provider refused or was down) is tried again with the same keys.
      if (existing.status === 'failed') {
        await assertRefundable(tx, payment, input, amountCents, devices);
        return { row: await refunds.updateRefund(tx, existing.id, { status: 'pending', error: null }), fresh: true };
      }
      return { row: existing, fresh: false };
    }
    const figure = await assertRefundable(tx, payment, input, amountCents, devices);
    let newSubscriptionQuantity: number | null = null;
    if (payment.subscriptionType === 'recurring' && payment.providerSubscriptionId) {
      const sub = await refunds.lockSubscriptionOfPlan(tx, payment.customerId, payment.planId);
      if (sub && sub.providerSubscriptionId === payment.providerSubscriptionId && sub.status !== 'canceled') {
        newSubscriptionQuantity = Math.max(0, sub.quantity - input.refundQty);
      }
    }
    const row = await refunds.insertRefund(tx, {
      paymentId: payment.id,
      customerId: payment.customerId,
      idempotencyKey: key,
      requestHash,
      source: 'staff',
      status: 'pending',
      qty: input.refundQty,
      amount: centsToNumeric(amountCents ?? figure),
      deviceIds: devices,
      newSubscriptionQuantity,
      provider: payment.provider,
      refundBy: staffEmail,
      staffId: actor.id,
    });
    return { row, fresh: true };
  });

  if (reserved.row.status === 'succeeded') return resultOf(ctx, reserved.row, true);
  if (!reserved.fresh) {
    // The same refund is in flight (a double click): wait for it rather than call the provider twice at once.
    // A pending row older than TAKE_OVER_MS was left by a crash: this request completes it (same provider keys).
    const settled = await settledRefund(ctx, reserved.row);
    if (settled?.status === 'succeeded') return resultOf(ctx, settled, true);
    if (settled?.status === 'failed') {
      throw new AppError(502, 'E_PROVIDER', settled.error ?? 'The refund failed at the payment provider.');
    }
    if (Date.now() - reserved.row.createdAt.getTime() < TAKE_OVER_MS) {
      throw new AppError(409, 'E_CONFLICT', 'This refund is being processed. Please try again in a moment.');
    }
  }
  return completeStaffRefund(ctx, reserved.row.id, actor);
}

/** A pending refund older than this was abandoned (crash): a retry of the same request may complete it. */
const TAKE_OVER_MS = 2 * 60_000;
const WAIT_MS = 15_000;

/** Waits up to WAIT_MS for an in-flight refund to succeed or fail; null while it is still pending. */
async function settledRefund(ctx: AppContext, row: RefundRow): Promise<RefundRow | null> {
  if (Date.now() - row.createdAt.getTime() >= TAKE_OVER_MS) return null;
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const current = await refunds.findRefundByKey(ctx.db, row.paymentId, row.idempotencyKey);
    if (current && current.status !== 'pending') return current;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/** Checks a staff refund against the payment; answers the server's figure in cents. */
async function assertRefundable(
  tx: DbOrTx,
  payment: PaymentRow,
  input: StaffRefundInput,
  amountCents: number | null,
  devices: readonly string[],
): Promise<number> {
  // A failed row being retried counts nowhere (only pending and succeeded rows do).
  const f = await refundFigures(tx, payment);
  const reason = notRefundableReason(payment, f);
  if (reason) throw notAllowed(reason);
  if (input.refundQty > f.seatsLeft) {
    throw notAllowed(`Only ${f.seatsLeft} seat(s) of this payment are left to refund.`);
  }
  const figure = proratedRefundCents(f, payment.qty, input.refundQty);
  if (amountCents !== null) {
    if (payment.subscriptionType === 'recurring' && amountCents !== figure) {
      throw new AppError(
        400,
        'E_REFUND_AMOUNT',
        `The refund amount of a subscription is the prorated figure, ${formatEuro(figure)}.`,
        { errors: [{ field: 'refundAmount', message: `must be ${centsToNumeric(figure)}` }] },
      );
    }
    // One-time: exactly the amount typed, at most what remains paid for these seats.
    const cap = refundCapCents(payment, f, input.refundQty);
    if (amountCents > cap) {
      throw new AppError(
        400,
        'E_REFUND_AMOUNT',
        `The refund amount can be at most ${formatEuro(cap)}, what remains paid for ${input.refundQty} seat(s).`,
        { errors: [{ field: 'refundAmount', message: `must be at most ${centsToNumeric(cap)}` }] },
      );
    }
  }
  if (devices.length > input.refundQty) {
    throw badRequest('E_VALIDATION', 'refundDevices: choose at most as many devices as seats refunded.');
  }
  if (devices.length > 0) {
    const active = new Set(
      (await activeDevicesOfFamily(tx, payment.customerId, payment.family as Family)).map((d) => d.id),
    );
    const unknown = devices.filter((d) => !active.has(d));
    if (unknown.length > 0) {
      throw badRequest('E_VALIDATION', 'refundDevices: not enrolled devices of this customer and product.');
    }
  }
  return figure;
}

/** Provider step then commit step of a reserved (pending) staff refund. */
async function completeStaffRefund(ctx: AppContext, refundId: string, actor: Actor): Promise<RefundResult> {
  const provider = createPaymentProvider(ctx);
  const [refund] = await ctx.db.transaction(async (tx) => [await refunds.lockRefund(tx, refundId)]);
  if (!refund) throw notFound('This refund does not exist.');
  if (refund.status === 'succeeded') return resultOf(ctx, refund, true);
  const found = await refunds.paymentWithEmail(ctx.db, refund.paymentId);
  if (!found) throw notFound('This payment does not exist.');

  let providerRefundId: string | null = null;
  try {
    providerRefundId = await callProvider(provider, found.payment, refund);
  } catch (err) {
    await inTransaction(ctx.db, async (tx) => {
      const row = await refunds.lockRefund(tx, refund.id);
      if (row?.status === 'pending') {
        await refunds.updateRefund(tx, refund.id, {
          status: 'failed',
          error: err instanceof Error ? err.message.slice(0, 500) : String(err),
        });
      }
    });
    throw err;
  }

  const done = await inTransaction(ctx.db, async (tx, afterCommit) => {
    const locked = await refunds.paymentWithEmail(tx, refund.paymentId, { lock: true });
    const row = await refunds.lockRefund(tx, refund.id);
    if (!locked || !row) throw notFound('This refund does not exist.');
    if (row.status === 'succeeded') return { row, replayed: true };
    const applied = await applyRefund(tx, locked.payment, locked.email, row, actor, { providerRefundId });
    afterCommit(() => afterLogout(ctx, applied.devicesLoggedOut));
    // The customer is told in the same transaction (outbox), once: a replayed refund returned above.
    // To the account's Owners and Billing members (DECISIONS §12).
    await emailAccount(tx, locked.payment.customerId, 'billing', emailSenderOf(ctx.queue, tx, afterCommit), () =>
      backOfficeEmails.refund(ctx.config.productName, {
        productName: locked.payment.productName,
        seats: applied.refund.qty,
        amount: formatEuro(toCents(applied.refund.amount)),
        devicesLoggedOut: applied.devicesLoggedOut.length,
        fullyRefunded: applied.status === 'Refunded',
      }),
    );
    return { row: applied.refund, replayed: false };
  });
  return resultOf(ctx, done.row, done.replayed);
}

/** The provider's refund (skipped for 0.00) and, for a subscription, its quantity lowered without proration. */
async function callProvider(provider: PaymentProvider, payment: PaymentRow, refund: RefundRow): Promise<string | null> {
  if (refund.provider !== provider.name) {
    throw new AppError(
      409,
      'E_REFUND_NOT_ALLOWED',
      `This payment was made with the ${refund.provider} provider, which this installation no longer uses.`,
    );
  }
  let refundId: string | null = null;
  const cents = toCents(refund.amount);
  if (cents > 0) {
    if (!payment.providerRef) throw notAllowed('This payment has no provider reference to refund.');
    ({ refundId } = await provider.refund({
      providerRef: payment.providerRef,
      amountCents: cents,
      currency: payment.currency,
      idempotencyKey: `refund:${refund.id}`,
      metadata: { paymentId: payment.id, customerId: payment.customerId, refundId: refund.id },
    }));
  }
  if (refund.newSubscriptionQuantity !== null && payment.providerSubscriptionId) {
    await provider.reduceSubscriptionQuantity({
      providerSubscriptionId: payment.providerSubscriptionId,
      newQuantity: refund.newSubscriptionQuantity,
      idempotencyKey: `refund:${refund.id}:quantity`,
    });
  }
  return refundId;
}

async function resultOf(ctx: AppContext, refund: RefundRow, replayed: boolean): Promise<RefundResult> {
  const found = await refunds.paymentWithEmail(ctx.db, refund.paymentId);
  return {
    paymentId: refund.paymentId,
    refundId: refund.id,
    status: found?.payment.status ?? 'Refunded',
    refundQty: refund.qty,
    refundAmount: centsToNumber(toCents(refund.amount)),
    refundBy: refund.refundBy,
    devicesLoggedOut: refund.devicesLoggedOut,
    replayed,
  };
}

/**
 * Completes staff refunds left pending for over `olderThanMs` (a crash between the provider call and the commit):
 * the provider is asked again with the same keys, so it answers the refund it made, and the effects are committed.
 */
export async function resumePendingRefunds(ctx: AppContext, olderThanMs = 5 * 60_000) {
  const stale = await refunds.stalePendingRefunds(ctx.db, new Date(Date.now() - olderThanMs));
  let completed = 0;
  for (const { id } of stale) {
    try {
      await completeStaffRefund(ctx, id, SYSTEM);
      completed += 1;
    } catch (err) {
      ctx.logger.warn({ refundId: id, err: err instanceof Error ? err.message : String(err) }, 'refund resume failed');
    }
  }
  return completed;
}

// ---------------------------------------------------------------------------------------------------------------
// The effects, shared by staff refunds and provider events.

/** Takes the refund's seats: from the payment's grant, or for a renewal from its subscription's grants. */
async function revokeSeats(tx: DbOrTx, payment: PaymentRow, refund: RefundRow) {
  const family = payment.family as Family;
  const { grant } = await seatsOfPayment(tx, payment.id);
  if (grant || !isRenewal(payment)) {
    return revokeSeatsOfPayment(tx, {
      customerId: payment.customerId,
      family,
      paymentId: payment.id,
      seats: refund.qty,
    });
  }
  const sub = await refunds.subscriptionOfPayment(tx, payment);
  if (!sub) return { revoked: 0, left: 0 };
  const totals = await refunds.refundTotals(tx, payment.id);
  // What the renewal still covers after this refund (its own earlier refunds are succeeded rows; this one is pending).
  const coveredBefore = payment.qty - (totals.qty - totals.pendingQty);
  const { revoked, left } = await revokeSeatsOfSubscription(tx, {
    customerId: payment.customerId,
    family,
    subscriptionId: sub.id,
    seats: refund.qty,
  });
  return { revoked, left: Math.max(0, Math.min(left, coveredBefore - revoked)) };
}

/**
 * In the caller's transaction, with the payment row locked: revokes the refund's seats, logs out the chosen devices
 * and then the newest devices of the family while it has more devices than seats, lowers our subscription's quantity,
 * marks the payment and the refund row, and audits on the customer's log with `actor`.
 */
export async function applyRefund(
  tx: DbOrTx,
  payment: PaymentRow,
  email: string,
  refund: RefundRow,
  actor: Actor,
  opts: { providerRefundId: string | null; reason?: string },
) {
  const family = payment.family as Family;
  const { revoked, left } = await revokeSeats(tx, payment, refund);
  const why = opts.reason ?? `refund of ${payment.productName}`;
  // Logged out by the refund, not deleted by the customer: `Refund Logout` (the staff audit's count leaves them out).
  const chosen = await logOutDevicesInTransaction(
    tx,
    payment.customerId,
    refund.deviceIds,
    actor,
    why,
    'Refund Logout',
  );
  const loggedOut = chosen.map((d) => d.id);
  const licence = await familyLicenceOf(tx, payment.customerId, family);
  if (licence.used > licence.purchased) {
    const active = await activeDevicesOfFamily(tx, payment.customerId, family, { lock: true });
    const newest = newestOverSeats(active, licence.used, licence.purchased).map((d) => d.id);
    const more = await logOutDevicesInTransaction(
      tx,
      payment.customerId,
      newest,
      actor,
      `${why} (over the seats left)`,
      'Refund Logout',
    );
    loggedOut.push(...more.map((d) => d.id));
  }
  if (refund.newSubscriptionQuantity !== null) {
    const sub = await refunds.lockSubscriptionOfPlan(tx, payment.customerId, payment.planId);
    if (sub) {
      await updateSubscription(tx, sub.id, {
        quantity: refund.newSubscriptionQuantity,
        ...(refund.newSubscriptionQuantity === 0 ? { status: 'canceled' as const } : {}),
        updatedAt: new Date(),
      });
    }
  }
  const status = left === 0 ? ('Refunded' as const) : ('Partially refunded' as const);
  await updatePayment(tx, payment.id, { status, refundBy: refund.refundBy });
  const row = await refunds.updateRefund(tx, refund.id, {
    status: 'succeeded',
    providerRefundId: opts.providerRefundId,
    devicesLoggedOut: loggedOut,
    completedAt: new Date(),
    // The seats actually revoked (fewer when some expired in between).
    qty: revoked,
  });
  // Issue 22: the payment carries what was refunded (lists and the CSV read it as is), and the refund its credit note.
  await refunds.addRefundedToPayment(tx, payment.id, toCents(row.amount), row.qty, row.completedAt ?? new Date());
  await issueCreditNote(tx, payment, row);
  const cents = toCents(refund.amount);
  await writeAudit(tx, {
    customerId: payment.customerId,
    email,
    type: 'Payments',
    subType: refund.source === 'provider_dispute' ? 'Dispute' : 'Refund',
    message:
      `${refund.source === 'provider_dispute' ? 'Dispute' : 'Refund'} by ${refund.refundBy}: ${revoked} × ` +
      `${payment.productName}, ${formatEuro(cents)}` +
      (loggedOut.length > 0 ? `; ${loggedOut.length} device(s) logged out` : ''),
    actor,
  });
  return { refund: row, status, devicesLoggedOut: loggedOut };
}

/**
 * How many seats a refund or dispute made at the provider takes: all seats left when it covers what remains paid,
 * else the amount divided by the prorated value of one seat (today's figure for one seat), rounded to the nearest
 * seat, at least 1 and at most the seats left. Our own refund of n seats therefore maps back to n seats.
 */
export function seatsForAmount(payment: PaymentRow, f: RefundFigures, cents: number): number {
  if (f.seatsLeft === 0 || cents <= 0) return 0;
  if (cents >= f.paidCents - f.refundedCents) return f.seatsLeft;
  const perSeat = Math.floor((f.paidCents * f.remainingDays) / (f.periodDays * payment.qty));
  if (perSeat <= 0) return f.seatsLeft;
  return Math.min(f.seatsLeft, Math.max(1, Math.round(cents / perSeat)));
}

/**
 * A refund or dispute reported by the provider (made in Stripe's dashboard, or a chargeback), in the event handler's
 * transaction with the payment locked. `key` makes it once per provider object; `cents` is what it took.
 */
export async function recordProviderRefund(
  tx: DbOrTx,
  ctx: AppContext,
  afterCommit: (fn: () => Promise<void>) => void,
  payment: PaymentRow,
  input: {
    key: string;
    cents: number;
    source: 'provider_refund' | 'provider_dispute';
    providerRefundId: string | null;
  },
) {
  if (payment.status !== 'Success' && payment.status !== 'Partially refunded' && payment.status !== 'Refunded') return;
  const existing = await refunds.findRefundByKey(tx, payment.id, input.key);
  if (existing) return;
  const f = await refundFigures(tx, payment);
  const cents = Math.min(input.cents, Math.max(0, f.paidCents - f.refundedCents));
  const qty = seatsForAmount(payment, f, input.cents);
  const refundBy = input.source === 'provider_dispute' ? 'Stripe dispute' : 'Stripe';
  const row = await refunds.insertRefund(tx, {
    paymentId: payment.id,
    customerId: payment.customerId,
    idempotencyKey: input.key,
    requestHash: input.key,
    source: input.source,
    status: 'pending',
    qty,
    amount: centsToNumeric(cents),
    provider: payment.provider,
    refundBy,
  });
  const email = (await refunds.paymentWithEmail(tx, payment.id))?.email ?? '';
  const applied = await applyRefund(tx, payment, email, row, SYSTEM, {
    providerRefundId: input.providerRefundId,
    reason: input.source === 'provider_dispute' ? 'dispute at the provider' : 'refund made at the provider',
  });
  afterCommit(() => afterLogout(ctx, applied.devicesLoggedOut));
}

/** Seats and money a provider refund event adds to what we know: `amount_refunded` minus our refunds. */
export async function unknownRefundedCents(tx: DbOrTx, paymentId: string, amountRefunded: number) {
  const totals = await refunds.refundTotals(tx, paymentId);
  return amountRefunded - totals.cents;
}

/** A dispute closed `won`: the money is back, so its refund row stops counting; the seats stay revoked. */
export async function disputeWon(tx: DbOrTx, payment: PaymentRow, key: string) {
  const row = await refunds.findRefundByKey(tx, payment.id, key, { lock: true });
  if (!row || row.status !== 'succeeded') return;
  await refunds.updateRefund(tx, row.id, { status: 'failed', error: 'dispute won: funds reinstated' });
  // The money counts as paid again; the seats stay revoked, so the refunded seats and date stay too.
  await refunds.addRefundedToPayment(tx, payment.id, -toCents(row.amount), 0, null);
  await writeAudit(tx, {
    customerId: payment.customerId,
    type: 'Payments',
    subType: 'Dispute',
    message: `Dispute won: ${formatEuro(toCents(row.amount))} of ${payment.productName} reinstated (seats not restored)`,
    actor: SYSTEM,
  });
}
