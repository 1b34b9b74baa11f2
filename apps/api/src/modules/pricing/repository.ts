import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appVersions, plans } from '../../db/schema.ts';

/** SQL of the staff pricing pages: the plan catalogue (not customer data) and the app version configs. */
export type PlanRow = typeof plans.$inferSelect;
export type AppVersionRow = typeof appVersions.$inferSelect;

export async function listPlans(db: DbOrTx): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.createdAt), asc(plans.identifier));
}

export async function findPlanById(db: DbOrTx, id: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row ?? null;
}

export async function lockPlan(db: DbOrTx, id: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).for('update');
  return row ?? null;
}

export async function updatePlan(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<
      PlanRow,
      'name' | 'description' | 'status' | 'apkLink' | 'features' | 'amount' | 'currency' | 'providerPriceId'
    >
  >,
): Promise<PlanRow> {
  const [row] = await db
    .update(plans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(plans.id, id))
    .returning();
  return row!;
}

export async function insertPlan(db: DbOrTx, values: typeof plans.$inferInsert): Promise<boolean> {
  const rows = await db.insert(plans).values(values).onConflictDoNothing({ target: plans.identifier }).returning();
  return rows.length > 0;
}

export async function findAppVersion(db: DbOrTx, planIdentifier: string): Promise<AppVersionRow | null> {
  const [row] = await db.select().from(appVersions).where(eq(appVersions.planIdentifier, planIdentifier));
  return row ?? null;
}

export async function upsertAppVersion(db: DbOrTx, values: Omit<AppVersionRow, 'updatedAt'>): Promise<AppVersionRow> {
  const now = new Date();
  const [row] = await db
    .insert(appVersions)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: appVersions.planIdentifier,
      set: {
        minAppVersionCode: values.minAppVersionCode,
        message: values.message,
        forceUpdate: values.forceUpdate,
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}
