import { and, asc, count, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '@fleetdeck/contract/staff';
import type { DbOrTx } from '../../db/client.ts';
import { staffUsers } from '../../db/schema.ts';

/** SQL of staff accounts (the back office's own people). Cross-customer SQL of the back office lives under staff/. */
export type StaffRow = typeof staffUsers.$inferSelect;

export async function findStaffByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function findStaffById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  return row ?? null;
}

/** One page of staff accounts, oldest first (a handful of rows: offset paging and an exact count are fine). */
export async function listStaff(db: DbOrTx, q: { page: number; limit: number; email?: string | undefined }) {
  const where = q.email ? ilike(staffUsers.email, `%${q.email.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staffUsers)
      .where(where)
      .orderBy(asc(staffUsers.createdAt), asc(staffUsers.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(staffUsers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertStaff(
  db: DbOrTx,
  values: { email: string; name: string; role: StaffRole; passwordHash: string },
) {
  const [row] = await db.insert(staffUsers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateStaff(db: DbOrTx, id: string, values: Partial<typeof staffUsers.$inferInsert>) {
  const [row] = await db
    .update(staffUsers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(staffUsers.id, id))
    .returning();
  return row ?? null;
}

/**
 * How many enabled SuperAdmins remain besides `exceptId` (the last one may not be demoted or disabled). Locks the
 * enabled SuperAdmins' rows (in id order, so two callers never deadlock) until the caller's transaction ends: a
 * concurrent demotion or disabling waits and then counts what this one committed.
 */
export async function otherActiveSuperAdmins(tx: DbOrTx, exceptId: string) {
  const rows = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'SuperAdmin'), isNull(staffUsers.disabledAt)))
    .orderBy(staffUsers.id)
    .for('update');
  return rows.filter((r) => r.id !== exceptId).length;
}

const BOOTSTRAP_LOCK = 7_391_002;

/** Two processes starting at once: only one creates the first SuperAdmin (transaction-scoped advisory lock). */
export async function lockBootstrap(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
}

export async function countStaff(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffUsers);
  return row?.n ?? 0;
}
