import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import { createStripeClient } from '../../payments/providers/stripe.ts';
import type { CouponRow } from './repository.ts';

/**
 * Coupons mirrored as Stripe coupons (DECISIONS §14, docs/adr/0008). A Stripe coupon's percent is immutable and so is
 * ours once redeemed; its own `max_redemptions` and `redeem_by` cannot be changed later, so they are not set there: our
 * checkout enforces the limit, the expiry and `active` (a disabled coupon is never sent to Stripe), and the Stripe
 * coupon's metadata carries them for whoever looks at Stripe's dashboard. Called outside any database transaction.
 */

const metadataOf = (c: CouponRow) => ({
  code: c.code,
  active: String(c.active),
  maxRedemptions: c.maxRedemptions === null ? '' : String(c.maxRedemptions),
  expiresAt: c.expiresAt?.toISOString() ?? '',
  planIdentifiers: c.planIdentifiers?.join(',') ?? '',
});

/**
 * Creates the Stripe coupon of `c` with the same parameters and idempotency key as checkout's `ensureCoupon`
 * (providers/stripe.ts), so both paths name one Stripe coupon; then sets its metadata. Answers its id.
 */
export async function createStripeCoupon(ctx: AppContext, c: CouponRow): Promise<string> {
  const stripe = createStripeClient(ctx);
  const percentOff = Number(c.percentOff);
  const created = await stripe.coupons.create(
    { percent_off: percentOff, duration: 'forever', name: c.code, metadata: { code: c.code } },
    { idempotencyKey: `coupon:${c.code}:${percentOff}` },
  );
  await updateStripeCoupon(stripe, created.id, c);
  return created.id;
}

async function updateStripeCoupon(stripe: Stripe, id: string, c: CouponRow) {
  await stripe.coupons.update(id, { metadata: metadataOf(c) });
}

/** Mirrors a staff change (enable, disable, limit, expiry) into the Stripe coupon's metadata. */
export async function syncStripeCoupon(ctx: AppContext, c: CouponRow): Promise<void> {
  if (!c.providerCouponId) return;
  await updateStripeCoupon(createStripeClient(ctx), c.providerCouponId, c);
}

/** A Stripe coupon replaced by another percent (only before anyone redeemed it): deleted there. */
export async function deleteStripeCoupon(ctx: AppContext, id: string): Promise<void> {
  await createStripeClient(ctx).coupons.del(id);
}
