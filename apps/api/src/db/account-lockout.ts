import { eq, sql } from 'drizzle-orm';
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

export async function clearFailedLogins(db: DbOrTx, table: AccountTable, id: string) {
  const t = table as typeof customers;
  await db.update(t).set({ failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null }).where(eq(t.id, id));
}
