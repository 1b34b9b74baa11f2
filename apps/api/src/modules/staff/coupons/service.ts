import type { CouponCreateRequest, CouponDetail, CouponUpdateRequest } from '@fleetdeck/contract/staff';
import { inTransaction, type AppContext } from '../../../context.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { writePricingAudit } from '../pricing/currency-service.ts';
import * as repo from './repository.ts';
import { createStripeCoupon, deleteStripeCoupon, syncStripeCoupon } from './stripe-mirror.ts';

/**
 * Coupons staff run promotions with (DECISIONS §14 "Coupons"; issue 22 item 9). Checkout (payments/service.ts
 * `usableCoupon`) refuses a disabled, expired, used-up or other-plan coupon; the redemption is reserved atomically at
 * checkout (docs/adr/0008). The percent is fixed once a coupon is redeemed; the code never changes (payments, the
 * history's `?coupon=` and currency rules name it).
 */

const fieldError = (status: 400 | 409, field: string, message: string) =>
  new AppError(status, status === 400 ? 'E_VALIDATION' : 'E_CONFLICT', `${field}: ${message}`, {
    errors: [{ field, message }],
  });

export function toCouponDetail(row: repo.CouponRow): CouponDetail {
  return {
    id: row.code,
    percentOff: Number(row.percentOff),
    active: row.active,
    redeemed: row.timesRedeemed,
    maxRedemptions: row.maxRedemptions,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    planIdentifiers: row.planIdentifiers?.length ? row.planIdentifiers : null,
    providerCouponId: row.providerCouponId,
  };
}

/** A day (`2026-12-31`) is the end of that UTC day; a date-time is itself. Refused when not in the future. */
function expiryOf(value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
  if (at.getTime() <= Date.now()) throw fieldError(400, 'expiresAt', 'must be in the future');
  return at;
}

const describe = (c: repo.CouponRow) => {
  const limit = c.maxRedemptions === null ? 'no limit' : `limit ${c.maxRedemptions}`;
  const expiry = c.expiresAt ? `expires ${c.expiresAt.toISOString().slice(0, 10)}` : 'no expiry';
  const plans = c.planIdentifiers?.length ? `plans ${c.planIdentifiers.join(', ')}` : 'every plan';
  return `${c.code} ${Number(c.percentOff)}% off, ${c.active ? 'active' : 'disabled'}, ${limit}, ${expiry}, ${plans}`;
};

/** The Stripe mirror, after commit; a Stripe outage leaves the coupon working (checkout creates it at first use). */
async function mirror(
  ctx: AppContext,
  row: repo.CouponRow,
  create: boolean,
  replaced: string | null = null,
): Promise<repo.CouponRow> {
  if (ctx.config.paymentProvider !== 'stripe') return row;
  try {
    if (replaced) await deleteStripeCoupon(ctx, replaced);
    if (create || !row.providerCouponId) {
      const id = await createStripeCoupon(ctx, row);
      return { ...row, providerCouponId: await repo.storeProviderCouponId(ctx.db, row.id, id) };
    }
    await syncStripeCoupon(ctx, row);
  } catch (err) {
    ctx.logger.warn({ err, coupon: row.code }, 'coupon not mirrored at Stripe');
  }
  return row;
}

/** `payments/coupons/create`: a new code (409 when taken, in any case). */
export async function createCoupon(ctx: AppContext, actor: StaffActor, input: CouponCreateRequest) {
  const expiresAt = expiryOf(input.expiresAt);
  const plans = input.planIdentifiers?.length ? [...new Set(input.planIdentifiers)] : null;
  const row = await inTransaction(ctx.db, async (tx) => {
    if (await repo.lockCoupon(tx, input.code)) throw fieldError(409, 'code', `${input.code} already exists`);
    const created = await repo.insertCoupon(tx, {
      code: input.code,
      percentOff: Number(input.percentOff).toFixed(2),
      active: true,
      maxRedemptions:
        input.maxRedemptions === undefined || input.maxRedemptions === null ? null : Number(input.maxRedemptions),
      expiresAt: expiresAt ?? null,
      planIdentifiers: plans,
    });
    if (!created) throw fieldError(409, 'code', `${input.code} already exists`);
    await writePricingAudit(tx, actor, 'Coupon Created', `Coupon created: ${describe(created)}`);
    return created;
  });
  return toCouponDetail(await mirror(ctx, row, true));
}

/** `payments/coupons/update`: enable/disable, limit, expiry; the percent only while nobody has redeemed it. */
export async function updateCoupon(ctx: AppContext, actor: StaffActor, input: CouponUpdateRequest) {
  const expiresAt = expiryOf(input.expiresAt);
  const row = await inTransaction(ctx.db, async (tx) => {
    const before = await repo.lockCoupon(tx, input.id);
    if (!before) throw notFound(`There is no coupon ${input.id}.`);
    const percent = input.percentOff === undefined ? undefined : Number(input.percentOff).toFixed(2);
    if (percent !== undefined && percent !== before.percentOff && before.timesRedeemed > 0) {
      throw fieldError(
        409,
        'percentOff',
        `is fixed: ${before.code} has been redeemed ${before.timesRedeemed} time${before.timesRedeemed === 1 ? '' : 's'} at ${Number(before.percentOff)}% (create a new coupon instead)`,
      );
    }
    const max =
      input.maxRedemptions === undefined || input.maxRedemptions === null
        ? input.maxRedemptions
        : Number(input.maxRedemptions);
    if (typeof max === 'number' && max < before.timesRedeemed) {
      throw fieldError(400, 'maxRedemptions', `must be at least ${before.timesRedeemed} (already redeemed)`);
    }
    const percentChanged = percent !== undefined && percent !== before.percentOff;
    const changes = {
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(max !== undefined ? { maxRedemptions: max } : {}),
      ...(expiresAt !== undefined ? { expiresAt } : {}),
      ...(percentChanged ? { percentOff: percent, providerCouponId: null } : {}),
    };
    // Nothing to change: the coupon as it is (no empty UPDATE).
    const after = Object.keys(changes).length ? await repo.updateCoupon(tx, before.id, changes) : before;
    await writePricingAudit(tx, actor, 'Coupon Updated', `Coupon updated: ${describe(after)}`);
    return { after, replaced: percentChanged ? before.providerCouponId : null };
  });
  return toCouponDetail(await mirror(ctx, row.after, row.replaced !== null, row.replaced));
}
