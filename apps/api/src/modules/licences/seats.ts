import { FAMILIES, type Family } from '@fleetdeck/contract';
import { and, eq, gt, isNull, lte, min, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { customerSeats, customers, licenceGrants, rollupWatermarks } from '../../db/schema.ts';
import { licenceSummary } from './summary.ts';
import { fromExcluded } from '../../db/upsert.ts';
import { emitWebhookEvents } from '../webhook-endpoints/events.ts';

/**
 * The per-customer seat summary (`customer_seats`, DECISIONS §7: the back office lists 1M customers by seats). The
 * ledger stays the truth (`licenceSummary`); these rows copy its figures so the customer list can filter and sort on
 * them with an index. Every transaction that changes grants, devices or chat users calls `refreshSeatSummary` for the
 * customer before it commits; the passage of time (grants expiring) is caught by `sweepExpiredSeats` through
 * `next_expiry_at`.
 */

export type SeatFamily = Family | 'ALL';

/**
 * Recounts one customer's seats from the ledger and writes the summary rows (one per family with any seat, and the
 * `ALL` row always). Serialised per customer (advisory lock until commit), so two transactions changing the same
 * customer's seats write the figures of the later one, which sees the earlier one's committed rows.
 */
export async function refreshSeatSummary(tx: DbOrTx, customerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'seats:' + customerId}))`);
  // The rows first (families, then ALL: the order `device_enrol` takes a seat in): an enrolment that took a seat with the
  // counter but has not committed yet is waited for, so the recount below sees its device.
  const before = await tx.execute<{ family: SeatFamily; purchased: number; used: number }>(
    sql`select family, purchased, used from ${customerSeats} where customer_id = ${customerId}
        order by family = 'ALL', family for update`,
  );
  // One after another: a transaction is one connection, which runs one query at a time anyway (pg deprecates queuing).
  const licences = await licenceSummary(tx, customerId);
  const [customer] = await tx
    .select({ createdAt: customers.createdAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  const [expiry] = await tx
    .select({ next: min(licenceGrants.expiresAt) })
    .from(licenceGrants)
    .where(
      and(
        eq(licenceGrants.customerId, customerId),
        isNull(licenceGrants.revokedAt),
        gt(licenceGrants.expiresAt, sql`now()`),
      ),
    );
  if (!customer) return;
  const nextExpiryAt = expiry?.next ? new Date(expiry.next) : null;
  const rows: (typeof customerSeats.$inferInsert)[] = licences
    .filter((l) => l.purchased + l.used + l.expired > 0)
    .map((l) => ({
      customerId,
      family: l.family,
      customerCreatedAt: customer.createdAt,
      purchased: l.purchased,
      used: l.used,
      expired: l.expired,
      nextExpiryAt,
    }));
  rows.push({
    customerId,
    family: 'ALL',
    customerCreatedAt: customer.createdAt,
    purchased: licences.reduce((n, l) => n + l.purchased, 0),
    used: licences.reduce((n, l) => n + l.used, 0),
    expired: licences.reduce((n, l) => n + l.expired, 0),
    nextExpiryAt,
  });
  await tx
    .insert(customerSeats)
    .values(rows)
    .onConflictDoUpdate({
      target: [customerSeats.customerId, customerSeats.family],
      set: { ...fromExcluded(customerSeats, ['purchased', 'used', 'expired', 'nextExpiryAt']), updatedAt: sql`now()` },
    });
  // A family that goes over its licences now (seats expired, revoked or refunded under its devices) is an event
  // (DECISIONS §13: licences.exceeded); written only on the change, so a recount that finds nothing new costs nothing.
  const wasOver = new Set(before.rows.filter((r) => r.used > r.purchased).map((r) => r.family));
  const nowOver = licences.filter((l) => l.exceeded && !wasOver.has(l.family));
  if (nowOver.length > 0) {
    await emitWebhookEvents(
      null,
      tx,
      nowOver.map((l) => ({
        customerId,
        type: 'licences.exceeded' as const,
        data: { family: l.family, purchased: l.purchased, used: l.used },
      })),
      null,
    );
  }
  // Families that went back to nothing keep their row at zero (their product filter no longer matches).
  await tx
    .update(customerSeats)
    .set({ purchased: 0, used: 0, expired: 0, nextExpiryAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(customerSeats.customerId, customerId),
        notInArray(
          customerSeats.family,
          rows.map((r) => r.family),
        ),
        sql`${customerSeats.purchased} + ${customerSeats.used} + ${customerSeats.expired} > 0`,
      ),
    );
}

/** Customers whose earliest grant has expired since their last count: recounted, `limit` at a time. */
export async function sweepExpiredSeats(db: Db, limit = 500): Promise<number> {
  const due = await db
    .select({ customerId: customerSeats.customerId })
    .from(customerSeats)
    .where(and(lte(customerSeats.nextExpiryAt, sql`now()`), eq(customerSeats.family, 'ALL')))
    .limit(limit);
  for (const { customerId } of due) await db.transaction((tx) => refreshSeatSummary(tx, customerId));
  return due.length;
}

const BACKFILL = 'customer_seats.backfill';

/**
 * Fills the summary of customers who had seats before the summary existed (an upgrade): `limit` customers with
 * grants but no `ALL` row per run, until none is left (then marked done in `rollup_watermarks`).
 */
export async function backfillSeatSummary(db: Db, limit = 500): Promise<number> {
  const [mark] = await db.select().from(rollupWatermarks).where(eq(rollupWatermarks.name, BACKFILL));
  if (mark && mark.lastId > 0) return 0;
  const missing = await db.execute<{ customer_id: string }>(sql`
    select distinct g.customer_id from ${licenceGrants} g
    where not exists (select 1 from ${customerSeats} s where s.customer_id = g.customer_id and s.family = 'ALL')
    limit ${limit}`);
  for (const row of missing.rows) await db.transaction((tx) => refreshSeatSummary(tx, row.customer_id));
  if (missing.rows.length === 0) {
    await db
      .insert(rollupWatermarks)
      .values({ name: BACKFILL, lastId: 1 })
      .onConflictDoUpdate({ target: rollupWatermarks.name, set: { lastId: 1, updatedAt: sql`now()` } });
  }
  return missing.rows.length;
}

/**
 * Adds the seats of a Success payment to the ledger and recounts the customer's summary. One grant per payment (unique
 * `payment_id`): a replayed success grants nothing twice.
 */
export async function grantSeats(tx: DbOrTx, values: typeof licenceGrants.$inferInsert) {
  await tx.insert(licenceGrants).values(values).onConflictDoNothing();
  await refreshSeatSummary(tx, values.customerId);
}

/** The grant of a payment, locked (seat edits of the back office). */
export async function lockGrantOfPayment(tx: DbOrTx, paymentId: string) {
  const [row] = await tx.select().from(licenceGrants).where(eq(licenceGrants.paymentId, paymentId)).for('update');
  return row ?? null;
}

/** Sets the seat count of a payment's grant and recounts the customer's summary. */
export async function setGrantSeats(tx: DbOrTx, customerId: string, grantId: string, seats: number) {
  await tx.update(licenceGrants).set({ seats }).where(eq(licenceGrants.id, grantId));
  await refreshSeatSummary(tx, customerId);
}

export const SEAT_FAMILIES: readonly SeatFamily[] = [...FAMILIES, 'ALL'];
