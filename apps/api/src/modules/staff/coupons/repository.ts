import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { coupons } from '../../../db/schema.ts';

/** SQL of the coupons staff manage (DECISIONS §14 "Coupons"). Codes are stored upper-case. */
export type CouponRow = typeof coupons.$inferSelect;

/** The coupon of `code`, locked for the caller's transaction. */
export async function lockCoupon(db: DbOrTx, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = upper(${code})`)
    .for('update');
  return row ?? null;
}

/** Inserts a coupon; null when the code is taken (in any case). */
export async function insertCoupon(db: DbOrTx, values: typeof coupons.$inferInsert): Promise<CouponRow | null> {
  const [row] = await db.insert(coupons).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateCoupon(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<CouponRow, 'active' | 'maxRedemptions' | 'expiresAt' | 'percentOff' | 'providerCouponId'>>,
): Promise<CouponRow> {
  const [row] = await db.update(coupons).set(values).where(eq(coupons.id, id)).returning();
  return row!;
}

/** Stores the Stripe coupon once (a concurrent checkout may have created one first: theirs is kept). */
export async function storeProviderCouponId(db: DbOrTx, id: string, providerCouponId: string): Promise<string> {
  const [row] = await db
    .update(coupons)
    .set({ providerCouponId: sql`coalesce(${coupons.providerCouponId}, ${providerCouponId})` })
    .where(eq(coupons.id, id))
    .returning({ providerCouponId: coupons.providerCouponId });
  return row?.providerCouponId ?? providerCouponId;
}
