import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffRefund } from '../../payments/refunds.ts';
import { staffActorOf, staffAreaRoutes, staffOf } from '../guard.ts';
import { paymentDetail } from './service.ts';
import { answer } from '../../../lib/area-routes.ts';

const FORMULA =
  'proratedRefundAmount = paid × remaining days ÷ period days × refundQty ÷ qty (cents, rounded down), never more ' +
  "than what remains paid after earlier refunds. The period runs from the payment's success to its expiry; a started " +
  'day counts as remaining.';

/** Refunds (spec 3 "Refund", §7 `payments/detail`, `payments/refund`; DECISIONS §8 "Refund"). */
export const staffRefundRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: refunds'], (route) => {
    route(
      staffApi.paymentDetail,
      {
        summary: 'A payment with its prorated refund amount and the enrolled devices of its product',
        description:
          `${FORMULA} \`refundQty\` (default: every seat left) is the quantity the amount is for; ` +
          "`maxRefundAmount` the most `refundAmount` may be for it (one-time: those seats' share of what remains " +
          'paid; subscriptions: the prorated figure). `devicesToLogOut`: every device a refund of `refundQty` seats ' +
          'choosing `refundDevices` (ids, `a,b`) would log out — the chosen ones, then the newest over the seats.',
      },
      answer('Payment detail', (req) => paymentDetail(ctx, req.query)),
    );
    route(
      staffApi.paymentRefund,
      {
        summary: 'Refund seats of a payment (provider refund, seats revoked, devices logged out)',
        description:
          `Only Success or Partially refunded, non-offline payments with seats left (409 E_REFUND_NOT_ALLOWED). ${FORMULA} ` +
          'Subscriptions: `refundAmount` must be the server figure or absent (400 E_REFUND_AMOUNT otherwise); the ' +
          'Stripe subscription quantity is lowered without proration (0 cancels it). One-time: `refundAmount` (at most ' +
          'two decimals) is exactly what is refunded, at most `maxRefundAmount` (400 E_REFUND_AMOUNT naming it). ' +
          '`refundDevices` (at most `refundQty`) are logged out, then the newest devices of the ' +
          'product while the customer has more devices than seats. Idempotent: the `Idempotency-Key` header, else a ' +
          'key derived from the body — the same refund twice is one refund (`replayed: true`).',
      },
      async (req) => {
        const idempotencyKey = req.headers['idempotency-key'];
        const data = await staffRefund(
          ctx,
          staffActorOf(req),
          staffOf(req).email,
          req.body,
          Array.isArray(idempotencyKey) ? idempotencyKey[0] : idempotencyKey,
        );
        return {
          respones_msg: data.replayed ? 'This refund was already made.' : 'Refund completed successfully.',
          data,
        };
      },
    );
  });
