import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffActorOf, staffAreaRoutes } from '../guard.ts';
import * as couponsService from './service.ts';
import { answer } from '../../../lib/area-routes.ts';

/** Coupons staff create, limit, expire and disable (DECISIONS §14 "Coupons"). SuperAdmin only. */
export const staffCouponRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: payments'], (route) => {
    route(
      staffApi.couponCreate,
      {
        summary: 'Create a percent-off coupon',
        description:
          '`code` (letters, digits, - and _; stored upper-case; 409 when taken), `percentOff` 1–100 (whole), optional ' +
          '`maxRedemptions` (≥ 1), `expiresAt` (a day is the end of that UTC day; must be in the future) and ' +
          '`planIdentifiers` (absent or empty: every plan). With PAYMENT_PROVIDER=stripe it is mirrored as a Stripe ' +
          'coupon (limits and expiry are enforced by our checkout; Stripe metadata carries them).',
      },
      answer('Coupon created', (req) => couponsService.createCoupon(ctx, staffActorOf(req), req.body)),
    );
    route(
      staffApi.couponUpdate,
      {
        summary: 'Enable or disable a coupon, change its limit or expiry',
        description:
          '`id` is the code. `active`, `maxRedemptions` (null: no limit; not below the redemptions taken), `expiresAt` ' +
          '(null: never). `percentOff` only until the coupon is first redeemed (then 409 E_CONFLICT). A disabled or ' +
          'expired coupon is refused at checkout at once.',
      },
      answer('Coupon updated', (req) => couponsService.updateCoupon(ctx, staffActorOf(req), req.body)),
    );
  });
