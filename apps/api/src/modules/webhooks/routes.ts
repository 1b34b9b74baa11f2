import { z } from 'zod/mini';
import { webhooksApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { areaRoutes } from '../../lib/area-routes.ts';
import { AppError } from '../../lib/errors.ts';
import { handleProviderEvent } from '../payments/events.ts';
import { createPaymentProvider } from '../payments/providers/index.ts';

/**
 * Stripe's webhook endpoint (DECISIONS §5; `webhooksApi.stripe`). The signature covers the exact bytes Stripe sent,
 * so this encapsulated plugin reads `application/json` as a raw Buffer (everywhere else JSON is parsed as usual).
 * - bad, missing or stale signature → 400 `E_WEBHOOK_SIGNATURE`, nothing changes;
 * - a verified event goes to `payments/events.ts` (each event id once, in one transaction) → 200;
 * - a failure while handling → 500 (the generic envelope), so Stripe delivers the event again later.
 */
export const webhookRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Webhooks'] }, (route, app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    route(
      webhooksApi.stripe,
      {
        summary: 'Stripe events (signed with the Stripe-Signature header); used only when PAYMENT_PROVIDER=stripe',
        description:
          'Verified with the webhook signing secret (`STRIPE_WEBHOOK_SECRET`) over the raw body. Handles ' +
          'payment_intent.succeeded|payment_failed, invoice.paid|payment_failed, customer.subscription.updated|deleted; ' +
          'other types are acknowledged and ignored. Each event id is processed once. Answers 400 for a bad ' +
          'signature, 404 when Stripe is not the payment provider of this installation, 500 (retry later) when ' +
          'the event could not be handled.',
        headers: z.object({ 'stripe-signature': z.optional(z.string()) }),
      },
      async (req) => {
        if (ctx.config.paymentProvider !== 'stripe') {
          throw new AppError(404, 'E_NOT_FOUND', 'Stripe is not the payment provider of this installation.');
        }
        const raw: unknown = req.body;
        if (!Buffer.isBuffer(raw)) {
          throw new AppError(400, 'E_WEBHOOK_SIGNATURE', 'Invalid webhook signature.');
        }
        const provider = createPaymentProvider(ctx);
        const signature = req.headers['stripe-signature'];
        const event = provider.verifyEvent(raw, Array.isArray(signature) ? signature[0] : signature);
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
  });
