import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sandboxConfirmRequestSchema,
  sandboxConfirmResponseSchema,
  sandboxPaymentMethodRequestSchema,
  sandboxPaymentMethodResponseSchema,
} from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { replies } from '../../lib/route-schema.ts';
import { requireSession, sessionOf } from '../../plugins/auth.ts';
import { confirmIntent, tokeniseCard } from './service.ts';

/**
 * The sandbox payment provider's browser calls (what Stripe.js does against Stripe), DECISIONS §5.
 * Registered only when PAYMENT_PROVIDER=sandbox: with Stripe these paths do not exist.
 * Card numbers and CVCs are never logged (Fastify logs URLs, not bodies) nor stored (only brand and last 4).
 */
export const sandboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    if (ctx.config.paymentProvider !== 'sandbox') return;
    const tags = ['Sandbox payments'];

    app.post(
      '/api/v1/sandbox/payment-methods',
      {
        preHandler: requireSession(ctx, 'customer'),
        schema: {
          tags,
          summary: 'Tokenise a card into a payment method (pm_…), like Stripe.js createPaymentMethod',
          body: sandboxPaymentMethodRequestSchema,
          response: replies(sandboxPaymentMethodResponseSchema),
        },
      },
      async (req) => {
        await enforceLimit(ctx.db, `sandbox-pm:ip:${req.ip}`, 60, 600);
        return {
          respones_msg: 'Card saved.',
          data: await tokeniseCard(ctx, sessionOf(req).subjectId, req.body),
        };
      },
    );

    app.post(
      '/api/v1/sandbox/confirm',
      {
        schema: {
          tags,
          summary: 'Confirm a payment with a card or a saved payment method (the client secret is the credential)',
          body: sandboxConfirmRequestSchema,
          response: replies(sandboxConfirmResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Payment succeeded.',
        data: await confirmIntent(ctx, req.body, req.ip),
      }),
    );
  };
