import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { type customers, type staffUsers } from '../db/schema.ts';

/**
 * DECISIONS §4 for both realms: after `max` wrong passwords within `windowMinutes` an account is locked for
 * `windowMinutes`. Customers and staff accounts carry the same three columns; this is the one place that counts.
 */
type AccountTable = typeof customers | typeof staffUsers;

/** Counts a wrong password atomically; true when this failure locked the account. */
export async function recordFailedLogin(
  db: DbOrTx,
  table: AccountTable,
  id: string,
  max: number,
  windowMinutes: number,
): Promise<boolean> {
  const t = table as typeof customers;
  const windowOpen = sql`${t.failedLoginWindowStart} is not null and ${t.failedLoginWindowStart} >= now() - make_interval(mins => ${windowMinutes})`;
  const [row] = await db
    .update(t)
    .set({
      failedLoginCount: sql`case when ${windowOpen} then ${t.failedLoginCount} + 1 else 1 end`,
      failedLoginWindowStart: sql`case when ${windowOpen} then ${t.failedLoginWindowStart} else now() end`,
    })
    .where(eq(t.id, id))
    .returning({ count: t.failedLoginCount });
  if ((row?.count ?? 0) < max) return false;
  await db
    .update(t)
    .set({
      lockedUntil: sql`now() + make_interval(mins => ${windowMinutes})`,
      failedLoginCount: 0,
      failedLoginWindowStart: null,
    })
    .where(eq(t.id, id));
  return true;
}

export type AttemptClaim = { ok: true; attempt: number } | { ok: false; lockedUntil: Date };

/**
 * Counts a password attempt before the slow check (issue 12, item 2): one atomic update that refuses while the
 * account is locked and numbers the attempt in the window. A burst of parallel guesses gets numbers 1, 2, 3…: only
 * the first `max` are verified at all; any beyond locks the account and is refused unverified. A right password
 * clears the count again (`clearFailedLogins`), a wrong one calls `failLoginAttempt` with its number.
 */
export async function claimLoginAttempt(
  db: DbOrTx,
  table: AccountTable,
  id: string,
  max: number,
  windowMinutes: number,
): Promise<AttemptClaim> {
  const t = table as typeof customers;
  const windowOpen = sql`${t.failedLoginWindowStart} is not null and ${t.failedLoginWindowStart} >= now() - make_interval(mins => ${windowMinutes})`;
  const [row] = await db
    .update(t)
    .set({
      failedLoginCount: sql`case when ${windowOpen} then ${t.failedLoginCount} + 1 else 1 end`,
      failedLoginWindowStart: sql`case when ${windowOpen} then ${t.failedLoginWindowStart} else now() end`,
    })
    .where(and(eq(t.id, id), or(isNull(t.lockedUntil), lte(t.lockedUntil, sql`now()`))))
    .returning({ count: t.failedLoginCount });
  if (row && row.count <= max) return { ok: true, attempt: row.count };
  if (row) await lock(db, t, id, windowMinutes);
  const lockedUntil = await lockedUntilOf(db, table, id);
  return { ok: false, lockedUntil: lockedUntil ?? new Date(Date.now() + windowMinutes * 60_000) };
}

/** A claimed attempt was a wrong password: true when it was the last one allowed, which locks the account. */
export async function failLoginAttempt(
  db: DbOrTx,
  table: AccountTable,
  id: string,
  attempt: number,
  max: number,
  windowMinutes: number,
): Promise<boolean> {
  if (attempt < max) return false;
  await lock(db, table as typeof customers, id, windowMinutes);
  return true;
}

/** The end of the account's lock, or null when it is not locked now (checked again before a session is issued). */
export async function lockedUntilOf(db: DbOrTx, table: AccountTable, id: string): Promise<Date | null> {
  const t = table as typeof customers;
  const [row] = await db
    .select({ lockedUntil: t.lockedUntil })
    .from(t)
    .where(and(eq(t.id, id), gt(t.lockedUntil, sql`now()`)));
  return row?.lockedUntil ?? null;
}

async function lock(db: DbOrTx, t: typeof customers, id: string, windowMinutes: number) {
  await db
    .update(t)
    .set({
      lockedUntil: sql`now() + make_interval(mins => ${windowMinutes})`,
      failedLoginCount: 0,
      failedLoginWindowStart: null,
    })
    .where(eq(t.id, id));
}

/** A right password: the count starts again. A lock a parallel burst set meanwhile stays (issue 12, item 2). */
export async function clearFailedLogins(db: DbOrTx, table: AccountTable, id: string) {
  const t = table as typeof customers;
  await db
    .update(t)
    .set({ failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null })
    .where(and(eq(t.id, id), or(isNull(t.lockedUntil), lte(t.lockedUntil, sql`now()`))));
}
