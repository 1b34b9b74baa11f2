import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Family } from '@fleetdeck/contract';
import type { DbOrTx } from '../../db/client.ts';
import { apkVersions, plans } from '../../db/schema.ts';

/** SQL of hosted APKs (DECISIONS §14): the uploaded versions and the `apkLink` of the plans they publish. */
export type ApkVersionRow = typeof apkVersions.$inferSelect;
export type PlanLinkRow = Pick<typeof plans.$inferSelect, 'id' | 'identifier' | 'family' | 'apkLink'>;

/** Inserts a version; null when the family already has that version code (the unique index decides, race-free). */
export async function insertVersion(
  db: DbOrTx,
  values: Omit<typeof apkVersions.$inferInsert, 'id' | 'createdAt'>,
): Promise<ApkVersionRow | null> {
  const [row] = await db
    .insert(apkVersions)
    .values(values)
    .onConflictDoNothing({ target: [apkVersions.family, apkVersions.versionCode] })
    .returning();
  return row ?? null;
}

export async function findVersion(db: DbOrTx, family: Family, versionCode: number): Promise<ApkVersionRow | null> {
  const [row] = await db
    .select()
    .from(apkVersions)
    .where(and(eq(apkVersions.family, family), eq(apkVersions.versionCode, versionCode)));
  return row ?? null;
}

/** The family's highest version code (the one its plans link to), or null before the first upload. */
export async function latestVersion(db: DbOrTx, family: Family): Promise<ApkVersionRow | null> {
  const [row] = await db
    .select()
    .from(apkVersions)
    .where(eq(apkVersions.family, family))
    .orderBy(desc(apkVersions.versionCode))
    .limit(1);
  return row ?? null;
}

/** The versions named by `(family, versionCode)` pairs (at most one per family: the ones the plans link to). */
export async function versionsByKeys(
  db: DbOrTx,
  keys: { family: Family; versionCode: number }[],
): Promise<ApkVersionRow[]> {
  if (keys.length === 0) return [];
  const match: SQL[] = keys.map((k) =>
    and(eq(apkVersions.family, k.family), eq(apkVersions.versionCode, k.versionCode))!,
  );
  return db
    .select()
    .from(apkVersions)
    .where(or(...match));
}

/** One page of versions, newest upload first, optionally of one family; with the total. */
export async function listVersions(
  db: DbOrTx,
  filter: { family?: Family | undefined; offset: number; limit: number },
): Promise<{ rows: ApkVersionRow[]; total: number }> {
  const where = filter.family ? eq(apkVersions.family, filter.family) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(apkVersions)
      .where(where)
      .orderBy(desc(apkVersions.createdAt), desc(apkVersions.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(apkVersions).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/** The plans of a family (its recurring and one-time plan), locked: their `apkLink` is about to be decided. */
export async function lockFamilyPlans(db: DbOrTx, identifiers: string[]): Promise<PlanLinkRow[]> {
  return db
    .select({ id: plans.id, identifier: plans.identifier, family: plans.family, apkLink: plans.apkLink })
    .from(plans)
    .where(inArray(plans.identifier, identifiers))
    .for('update');
}

export async function setApkLink(db: DbOrTx, planId: string, apkLink: string): Promise<void> {
  await db
    .update(plans)
    .set({ apkLink, updatedAt: sql`now()` })
    .where(eq(plans.id, planId));
}
