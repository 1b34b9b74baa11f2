import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bloatwareApps } from '../../db/schema.ts';

/** The bloatware catalogue as the customer side uses it; staff mark packages in it (staff/bloatware). */

/** The catalogue loop: a package a customer disables is added the first time (later disables change nothing). */
export async function addToCatalogue(db: DbOrTx, packageName: string, createdBy: string) {
  await db.insert(bloatwareApps).values({ packageName, createdBy }).onConflictDoNothing();
}

/** Which of these packages staff marked as bloatware (Yes). */
export async function suggestedToDisable(db: DbOrTx, packageNames: string[]) {
  if (packageNames.length === 0) return new Set<string>();
  const rows = await db
    .select({ packageName: bloatwareApps.packageName })
    .from(bloatwareApps)
    .where(and(eq(bloatwareApps.isBloatware, true), inArray(bloatwareApps.packageName, packageNames)));
  return new Set(rows.map((r) => r.packageName));
}
