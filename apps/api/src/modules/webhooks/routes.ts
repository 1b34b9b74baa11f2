import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorResponseSchema } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { handleProviderEvent } from '../payments/events.ts';
import { createPaymentProvider } from '../payments/providers/index.ts';

export const STRIPE_WEBHOOK_PATH = '/api/v1/webhooks/stripe';

const webhookResponseSchema = z.object({ respones_msg: z.string(), received: z.literal(true) });

/**
 * Stripe's webhook endpoint (DECISIONS §5). The signature covers the exact bytes Stripe sent, so this
 * encapsulated plugin reads `application/json` as a raw Buffer (everywhere else JSON is parsed as usual).
 * - bad, missing or stale signature → 400 `E_WEBHOOK_SIGNATURE`, nothing changes;
 * - a verified event goes to `payments/events.ts` (each event id once, in one transaction) → 200;
 * - a failure while handling → 500 (the generic envelope), so Stripe delivers the event again later.
 */
export const webhookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    app.post(
      STRIPE_WEBHOOK_PATH,
      {
        schema: {
          tags: ['Webhooks'],
          summary: 'Stripe events (signed with the Stripe-Signature header); used only when PAYMENT_PROVIDER=stripe',
          description:
            'Verified with the webhook signing secret (`STRIPE_WEBHOOK_SECRET`) over the raw body. Handles ' +
            'payment_intent.succeeded|payment_failed, invoice.paid|payment_failed, customer.subscription.updated|deleted; ' +
            'other types are acknowledged and ignored. Each event id is processed once. Answers 400 for a bad ' +
            'signature, 404 when Stripe is not the payment provider of this installation, 500 (retry later) when ' +
            'the event could not be handled.',
          headers: z.object({ 'stripe-signature': z.optional(z.string()) }),
          response: {
            200: webhookResponseSchema,
            '4xx': errorResponseSchema,
            '5xx': errorResponseSchema,
          },
        },
      },
      async (req) => {
        if (ctx.config.paymentProvider !== 'stripe') {
          throw new AppError(404, 'E_NOT_FOUND', 'Stripe is not the payment provider of this installation.');
        }
        const raw = req.body;
        if (!Buffer.isBuffer(raw)) {
          throw new AppError(400, 'E_WEBHOOK_SIGNATURE', 'Invalid webhook signature.');
        }
        const provider = createPaymentProvider(ctx);
        const event = provider.verifyEvent(raw, req.headers['stripe-signature']);
        try {
          await handleProviderEvent(ctx, provider, event);
        } catch (err) {
          req.log.error(
            { err, eventId: event.id, eventType: event.type },
            'stripe event not handled; Stripe will retry',
          );
          // Always a 5xx, so Stripe retries, even when the handler raised an expected-looking error.
          throw err instanceof AppError ? new Error(`event ${event.id} not handled: ${err.code}`) : err;
        }
        return { respones_msg: 'Event received.', received: true as const };
      },
    );
  };
