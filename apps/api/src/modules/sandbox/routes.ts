import { sandboxApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, areaRoutes } from '../../lib/area-routes.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { customerActorOf, requireMember } from '../../plugins/auth.ts';
import { confirmIntent, tokeniseCard } from './service.ts';

/**
 * The sandbox payment provider's browser calls (what Stripe.js does against Stripe), DECISIONS §5 (`sandboxApi`).
 * Registered only when PAYMENT_PROVIDER=sandbox: with Stripe these paths do not exist.
 * Card numbers and CVCs are never logged (Fastify logs URLs, not bodies) nor stored (only brand and last 4).
 */
export const sandboxRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Sandbox payments'], guardFor: requireMember(ctx) }, (route) => {
    if (ctx.config.paymentProvider !== 'sandbox') return;

    route(
      sandboxApi.tokeniseCard,
      { summary: 'Tokenise a card into a payment method (pm_…), like Stripe.js createPaymentMethod' },
      async (req) => {
        await enforceLimit(ctx.db, `sandbox-pm:ip:${req.ip}`, 60, 600);
        return { respones_msg: 'Card saved.', data: await tokeniseCard(ctx, customerActorOf(req), req.body) };
      },
    );

    route(
      sandboxApi.confirm,
      {
        summary: 'Confirm a payment with a card or a saved payment method (the client secret is the credential)',
        public: true,
      },
      answer('Payment succeeded.', (req) => confirmIntent(ctx, req.body, req.ip)),
    );
  });
