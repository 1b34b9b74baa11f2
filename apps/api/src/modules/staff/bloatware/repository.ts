import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { countCapped, utcMicros, keysetPage } from '../../../db/paging.ts';
import { bloatwareApps } from '../../../db/schema.ts';

// --------------------------------------------------------------------------------------------- bloatware catalogue

const bloatwareWhere = (isBloatware: boolean | undefined) =>
  isBloatware === undefined ? undefined : eq(bloatwareApps.isBloatware, isBloatware);

export interface BloatwareKey {
  createdAt: string;
  packageName: string;
}

export async function listBloatware(
  db: DbOrTx,
  isBloatware: boolean | undefined,
  page: { limit: number; offset: number; after?: BloatwareKey | undefined },
) {
  const query = db
    .select({ app: bloatwareApps, createdAtMicros: utcMicros(bloatwareApps.createdAt) })
    .from(bloatwareApps)
    .$dynamic();
  return keysetPage(
    query,
    bloatwareWhere(isBloatware),
    [[bloatwareApps.createdAt, 'timestamptz'], [bloatwareApps.packageName]],
    {
      ...page,
      after: page.after && [page.after.createdAt, page.after.packageName],
    },
  );
}

export const countBloatware = (db: DbOrTx, isBloatware: boolean | undefined) =>
  countCapped(db, bloatwareApps, bloatwareWhere(isBloatware));

export async function updateBloatware(
  db: DbOrTx,
  v: { packageName: string; isBloatware: boolean; reason: string; staffId: string },
) {
  const [row] = await db
    .update(bloatwareApps)
    .set({ isBloatware: v.isBloatware, reason: v.reason, updatedBy: v.staffId, updatedAt: sql`now()` })
    .where(eq(bloatwareApps.packageName, v.packageName))
    .returning();
  return row ?? null;
}
