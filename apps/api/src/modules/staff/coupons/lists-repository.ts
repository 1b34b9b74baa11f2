import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { coupons, customers } from '../../../db/schema.ts';

/** The coupons, newest first, each with its number of Success payments (index-only on payments_success_coupon_idx). */
export async function listCoupons(db: DbOrTx, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        code: coupons.code,
        percentOff: coupons.percentOff,
        active: coupons.active,
        expiresAt: coupons.expiresAt,
        timesRedeemed: coupons.timesRedeemed,
        maxRedemptions: coupons.maxRedemptions,
        planIdentifiers: coupons.planIdentifiers,
        createdAt: coupons.createdAt,
        resellerEmail: customers.email,
        totalPaymentCount: sql<number>`(select count(*) from payments p where p.coupon_code = ${coupons.code} and p.status = 'Success')::int`,
      })
      .from(coupons)
      .leftJoin(customers, eq(customers.id, coupons.resellerCustomerId))
      .orderBy(desc(coupons.createdAt), desc(coupons.code))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(coupons),
  ]);
  return { rows, total: total?.n ?? 0 };
}
