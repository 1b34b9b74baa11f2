import type { FastifyRequest } from 'fastify';
import { paymentsApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, areaRoutes } from '../../lib/area-routes.ts';
import { customerActorOf, requireMember, sessionOf } from '../../plugins/auth.ts';
import { creditNotePdf, invoicePdf } from '../invoices/service.ts';
import { sendPdf } from '../invoices/reply.ts';
import * as payments from './service.ts';

const idempotencyKeyOf = (req: Pick<FastifyRequest, 'headers'>) => {
  const value = req.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
};

/** Checkout, history, coupons and saved payment methods (spec 1 §7; `paymentsApi`). */
export const paymentRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Payments'], guardFor: requireMember(ctx) }, (route) => {
    route(
      paymentsApi.purchase,
      {
        summary: 'Start a purchase (one-time or new subscription); send an Idempotency-Key header to retry safely',
      },
      (req) => payments.purchase(ctx, customerActorOf(req), req.body, idempotencyKeyOf(req)),
    );

    route(
      paymentsApi.updateSubscription,
      { summary: 'Add licences to the active subscription of a recurring plan' },
      (req) => payments.updateSubscription(ctx, customerActorOf(req), req.body, idempotencyKeyOf(req)),
    );

    route(
      paymentsApi.subscriptions,
      { summary: "The customer's subscriptions (of one plan with priceId)" },
      answer('Subscriptions', (req) => payments.listSubscriptions(ctx, sessionOf(req).subjectId, req.query.priceId)),
    );

    route(paymentsApi.history, { summary: 'Payment history, newest first, paged on the server' }, async (req) => ({
      respones_msg: 'Payment history',
      ...(await payments.history(ctx, sessionOf(req).subjectId, req.query)),
    }));

    route(
      paymentsApi.invoice,
      {
        summary: 'The invoice PDF of one of your Success payments',
        description: "`content-type: application/pdf`. Another customer's payment, or one without an invoice: 404.",
      },
      async (req, reply) => sendPdf(reply, await invoicePdf(ctx, sessionOf(req).subjectId, req.params.id)),
    );
    route(
      paymentsApi.creditNote,
      {
        summary: 'A credit note PDF of a refund of one of your payments',
        description: "`content-type: application/pdf`. Another customer's credit note: 404.",
      },
      async (req, reply) =>
        sendPdf(reply, await creditNotePdf(ctx, sessionOf(req).subjectId, req.params.id, req.params.creditNoteId)),
    );

    route(
      paymentsApi.applyCoupon,
      {
        summary: 'Check a coupon and compute its discount for a plan and quantity',
        description:
          'At most 20 checks per account in 10 minutes (429 `E_RATE_LIMITED`). A reseller cannot use their own ' +
          'coupon (400 `E_COUPON_INVALID`).',
      },
      answer('Coupon applied.', (req) => payments.applyCoupon(ctx, sessionOf(req).subjectId, req.body)),
    );

    route(paymentsApi.paymentMethods, { summary: 'Saved payment methods and the default one' }, async (req) => ({
      respones_msg: 'Payment methods',
      ...(await payments.listPaymentMethods(ctx, sessionOf(req).subjectId)),
    }));

    route(paymentsApi.attachPaymentMethod, { summary: 'Save a tokenised card (pm_…) to the account' }, async (req) => ({
      respones_msg: 'Payment method added.',
      data: await payments.attachPaymentMethod(ctx, customerActorOf(req), req.body.pmId),
    }));

    route(
      paymentsApi.detachPaymentMethod,
      { summary: 'Remove a saved payment method (not the default)' },
      async (req) => {
        await payments.detachPaymentMethod(ctx, customerActorOf(req), req.body.pmId);
        return { respones_msg: 'Payment method removed.' };
      },
    );

    route(paymentsApi.setDefaultPaymentMethod, { summary: 'Make a saved payment method the default' }, async (req) => {
      await payments.setDefaultPaymentMethod(ctx, customerActorOf(req), req.body.pmId);
      return { respones_msg: 'Default payment method updated.' };
    });
  });
