import type { CouponSummary } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { getSetting, putSetting } from '../../site-settings/repository.ts';
import * as repo from './lists-repository.ts';

export async function couponList(ctx: AppContext, q: { page: number; limit: number }) {
  const [{ rows, total }, notes] = await Promise.all([
    repo.listCoupons(ctx.db, { limit: q.limit, offset: (q.page - 1) * q.limit }),
    getSetting(ctx.db, 'paymentNotes'),
  ]);
  const data: CouponSummary[] = rows.map((r) => ({
    id: r.code,
    percentOff: Number(r.percentOff),
    active: r.active,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    redeemed: r.timesRedeemed,
    maxRedemptions: r.maxRedemptions,
    planIdentifiers: r.planIdentifiers?.length ? r.planIdentifiers : null,
    resellerEmail: r.resellerEmail,
    totalPaymentCount: r.totalPaymentCount,
    created_at: r.createdAt.toISOString(),
  }));
  return { data, pagination: { page: q.page, limit: q.limit, total }, paymentNotes: { value: notes } };
}

/** Stores the payment notes as plain text (the pages render it as text; line endings normalised). */
export async function saveSetting(ctx: AppContext, staffId: string, input: { key: 'paymentNotes'; value: string }) {
  const value = input.value.replace(/\r\n?/g, '\n');
  await putSetting(ctx.db, input.key, value, staffId);
  return { key: input.key, value };
}
