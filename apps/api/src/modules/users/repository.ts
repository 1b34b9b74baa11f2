import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { coupons, customers, enrolmentTokenCounters, legacyUsers } from '../../db/schema.ts';

/** SQL of the customer identity area. Calls made for a signed-in customer take its id from the token. */
export type CustomerRow = typeof customers.$inferSelect;

export async function findCustomerByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(customers).where(eq(customers.email, email));
  return row ?? null;
}

/** A named prepared statement per database handle: built once, parsed and planned once per connection. */
const byIdLookups = new WeakMap<DbOrTx, ReturnType<typeof prepareById>>();
const prepareById = (db: DbOrTx) =>
  db
    .select()
    .from(customers)
    .where(eq(customers.id, sql.placeholder('customerId')))
    .prepare('fleetdeck_customer_by_id');

export async function findCustomerById(db: DbOrTx, customerId: string) {
  let lookup = byIdLookups.get(db);
  if (!lookup) byIdLookups.set(db, (lookup = prepareById(db)));
  const [row] = await lookup.execute({ customerId });
  return row ?? null;
}

/** The customer whose login QR image has this random key (the key is the image's capability). */
export async function findCustomerByLoginQrKey(db: DbOrTx, key: string) {
  const [row] = await db.select().from(customers).where(eq(customers.loginQrKey, key));
  return row ?? null;
}

export async function isLegacyEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: legacyUsers.id }).from(legacyUsers).where(eq(legacyUsers.email, email));
  return Boolean(row);
}

export async function insertCustomer(db: DbOrTx, values: typeof customers.$inferInsert) {
  const [row] = await db.insert(customers).values(values).onConflictDoNothing({ target: customers.email }).returning();
  return row ?? null;
}

export async function updateCustomer(db: DbOrTx, customerId: string, values: Partial<typeof customers.$inferInsert>) {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(customers.id, customerId))
    .returning();
  return row ?? null;
}

/** The personal coupon of a reseller (coupons_reseller_idx), or null. */
/** Enrolments counted for the customer's current enrolment token (`enrolment_token_counters`; none yet: 0). */
export async function enrolmentTokenUsesOf(db: DbOrTx, customerId: string, tokenHash: string): Promise<number> {
  const [row] = await db
    .select({ uses: enrolmentTokenCounters.uses })
    .from(enrolmentTokenCounters)
    .where(and(eq(enrolmentTokenCounters.customerId, customerId), eq(enrolmentTokenCounters.tokenHash, tokenHash)));
  return row?.uses ?? 0;
}

/** A new enrolment token starts with no use counted (in the rotation's transaction: an enrolment counting a use of
 * the old token at the same time finds another token's row and counts nothing). */
export async function resetEnrolmentTokenUses(db: DbOrTx, customerId: string, tokenHash: string) {
  await db
    .insert(enrolmentTokenCounters)
    .values({ customerId, tokenHash, uses: 0 })
    .onConflictDoUpdate({ target: enrolmentTokenCounters.customerId, set: { tokenHash, uses: 0 } });
}

export async function findResellerCouponCode(db: DbOrTx, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: coupons.code })
    .from(coupons)
    .where(and(eq(coupons.resellerCustomerId, customerId), eq(coupons.active, true)))
    .orderBy(desc(coupons.createdAt))
    .limit(1);
  return row?.code ?? null;
}

/** Inserts a reseller coupon; null when the code is taken (the caller draws another). */
export async function insertResellerCoupon(db: DbOrTx, customerId: string, code: string, percentOff: number) {
  const [row] = await db
    .insert(coupons)
    .values({ code, percentOff: percentOff.toFixed(2), resellerCustomerId: customerId })
    .onConflictDoNothing({ target: coupons.code })
    .returning({ code: coupons.code });
  return row?.code ?? null;
}

export async function customerEmailOf(db: DbOrTx, customerId: string) {
  const [row] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
  return row?.email ?? '';
}
