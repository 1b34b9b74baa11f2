import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutResponseSchema,
  couponApplyRequestSchema,
  couponApplyResponseSchema,
  messageSchema,
  paymentHistoryQuerySchema,
  paymentHistoryResponseSchema,
  paymentMethodAttachRequestSchema,
  paymentMethodDefaultRequestSchema,
  paymentMethodListResponseSchema,
  purchaseRequestSchema,
  sandboxPaymentMethodResponseSchema,
  subscriptionListResponseSchema,
  subscriptionQuerySchema,
  subscriptionUpdateRequestSchema,
} from '@fleetdeck/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { replies } from '../../lib/route-schema.ts';
import { requireSession, sessionOf } from '../../plugins/auth.ts';
import * as payments from './service.ts';

const idempotencyKeyOf = (req: FastifyRequest) => {
  const value = req.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
};

/** Checkout, history, coupons and saved payment methods (spec 1 §7), under /api/v1/admin/. */
export const paymentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const customer = requireSession(ctx, 'customer');
    const tags = ['Payments'];
    const A = '/api/v1/admin';

    app.post(
      `${A}/payments/purchase`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Start a purchase (one-time or new subscription); send an Idempotency-Key header to retry safely',
          body: purchaseRequestSchema,
          response: replies(checkoutResponseSchema),
        },
      },
      async (req) => payments.purchase(ctx, sessionOf(req).subjectId, req.body, idempotencyKeyOf(req)),
    );

    app.post(
      `${A}/payments/subscription/update`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Add licenses to the active subscription of a recurring plan',
          body: subscriptionUpdateRequestSchema,
          response: replies(checkoutResponseSchema),
        },
      },
      async (req) => payments.updateSubscription(ctx, sessionOf(req).subjectId, req.body, idempotencyKeyOf(req)),
    );

    app.get(
      `${A}/payments/subscription`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: "The customer's subscriptions (of one plan with priceId)",
          querystring: subscriptionQuerySchema,
          response: replies(subscriptionListResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Subscriptions',
        data: await payments.listSubscriptions(ctx, sessionOf(req).subjectId, req.query.priceId),
      }),
    );

    app.get(
      `${A}/payments/history`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Payment history, newest first, paged on the server',
          querystring: paymentHistoryQuerySchema,
          response: replies(paymentHistoryResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Payment history',
        ...(await payments.history(ctx, sessionOf(req).subjectId, req.query)),
      }),
    );

    app.post(
      `${A}/payments/coupon/apply`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Check a coupon and compute its discount for a plan and quantity',
          body: couponApplyRequestSchema,
          response: replies(couponApplyResponseSchema),
        },
      },
      async (req) => ({ respones_msg: 'Coupon applied.', data: await payments.applyCoupon(ctx, req.body) }),
    );

    app.get(
      `${A}/users/payment-method/list`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Saved payment methods and the default one',
          response: replies(paymentMethodListResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Payment methods',
        ...(await payments.listPaymentMethods(ctx, sessionOf(req).subjectId)),
      }),
    );

    app.post(
      `${A}/users/payment-method/attach`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Save a tokenised card (pm_…) to the account',
          body: paymentMethodAttachRequestSchema,
          response: replies(sandboxPaymentMethodResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Payment method added.',
        data: await payments.attachPaymentMethod(ctx, sessionOf(req).subjectId, req.body.pmId),
      }),
    );

    app.post(
      `${A}/users/payment-method/default`,
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Make a saved payment method the default',
          body: paymentMethodDefaultRequestSchema,
          response: replies(messageSchema),
        },
      },
      async (req) => {
        await payments.setDefaultPaymentMethod(ctx, sessionOf(req).subjectId, req.body.pmId);
        return { respones_msg: 'Default payment method updated.' };
      },
    );
  };
