import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { coupons, currencyRules, fxRates } from '../../db/schema.ts';

/** SQL of the currency rules, the synced rates table and the coupons the rules keep (no customer data). */
export type CurrencyRuleRow = typeof currencyRules.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

type RuleValues = Pick<
  typeof currencyRules.$inferInsert,
  'countryCode' | 'currencyCode' | 'conversationRate' | 'couponCode' | 'discountPercentage' | 'couponCreated'
>;

/** Oldest first (the order they were added), `limit` rows from `offset`, and the total (a few hundred at most). */
export async function listRules(db: DbOrTx, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(currencyRules)
      .orderBy(asc(currencyRules.createdAt), asc(currencyRules.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(currencyRules),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function allRules(db: DbOrTx): Promise<CurrencyRuleRow[]> {
  return db.select().from(currencyRules).orderBy(asc(currencyRules.createdAt), asc(currencyRules.id));
}

export async function lockRule(db: DbOrTx, id: string): Promise<CurrencyRuleRow | null> {
  const [row] = await db.select().from(currencyRules).where(eq(currencyRules.id, id)).for('update');
  return row ?? null;
}

export async function ruleOfCountry(db: DbOrTx, countryCode: string): Promise<CurrencyRuleRow | null> {
  const [row] = await db.select().from(currencyRules).where(eq(currencyRules.countryCode, countryCode));
  return row ?? null;
}

/** Inserts the rule; null when the country already has one (unique country). */
export async function insertRule(db: DbOrTx, values: RuleValues): Promise<CurrencyRuleRow | null> {
  const [row] = await db
    .insert(currencyRules)
    .values(values)
    .onConflictDoNothing({ target: currencyRules.countryCode })
    .returning();
  return row ?? null;
}

/** Updates the rule; null when another rule already has the new country. */
export async function updateRule(db: DbOrTx, id: string, values: Partial<RuleValues>): Promise<CurrencyRuleRow | null> {
  try {
    const [row] = await db
      .update(currencyRules)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(currencyRules.id, id))
      .returning();
    return row ?? null;
  } catch (err) {
    if ((err as { code?: string; cause?: { code?: string } }).code === '23505') return null;
    if ((err as { cause?: { code?: string } }).cause?.code === '23505') return null;
    throw err;
  }
}

export async function deleteRule(db: DbOrTx, id: string): Promise<CurrencyRuleRow | null> {
  const [row] = await db.delete(currencyRules).where(eq(currencyRules.id, id)).returning();
  return row ?? null;
}

/** The other rules offering `code` (not `exceptId`). */
export async function rulesWithCoupon(db: DbOrTx, code: string, exceptId?: string): Promise<CurrencyRuleRow[]> {
  return db
    .select()
    .from(currencyRules)
    .where(and(eq(currencyRules.couponCode, code), exceptId ? ne(currencyRules.id, exceptId) : sql`true`))
    .orderBy(asc(currencyRules.createdAt))
    .for('update');
}

export async function setCouponCreated(db: DbOrTx, id: string, couponCreated: boolean) {
  await db.update(currencyRules).set({ couponCreated }).where(eq(currencyRules.id, id));
}

export async function setRuleRate(db: DbOrTx, id: string, conversationRate: string) {
  await db.update(currencyRules).set({ conversationRate, updatedAt: new Date() }).where(eq(currencyRules.id, id));
}

// ------------------------------------------------------------------------------------------------------- coupons

/** The coupon of `code` (stored upper-case), locked. */
export async function lockCoupon(db: DbOrTx, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).for('update');
  return row ?? null;
}

export async function insertCoupon(db: DbOrTx, code: string, percentOff: string) {
  await db.insert(coupons).values({ code, percentOff, active: true });
}

export async function updateCoupon(db: DbOrTx, id: string, values: { percentOff?: string; active?: boolean }) {
  await db.update(coupons).set(values).where(eq(coupons.id, id));
}

// ------------------------------------------------------------------------------------------------------- fx rates

export async function storedRates(db: DbOrTx) {
  return db.select().from(fxRates);
}

export async function storedRate(db: DbOrTx, currencyCode: string): Promise<string | null> {
  const [row] = await db.select({ perGbp: fxRates.perGbp }).from(fxRates).where(eq(fxRates.currencyCode, currencyCode));
  return row?.perGbp ?? null;
}

/** Replaces the stored table with `rows` (one statement each way, in the caller's transaction). */
export async function replaceRates(
  db: DbOrTx,
  source: 'bundled' | 'FX_RATES_URL',
  asOf: string,
  rows: { currencyCode: string; perGbp: string }[],
) {
  await db.delete(fxRates);
  if (rows.length === 0) return;
  const now = new Date();
  await db.insert(fxRates).values(rows.map((r) => ({ ...r, source, asOf, updatedAt: now })));
}
