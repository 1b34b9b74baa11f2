import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  downloadSdkQuerySchema,
  downloadSdkResponseSchema,
  plansResponseSchema,
  priceDetailQuerySchema,
  priceDetailResponseSchema,
  publicPlansResponseSchema,
} from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { replies } from '../../lib/route-schema.ts';
import { requireSession, sessionOf } from '../../plugins/auth.ts';
import * as plans from './service.ts';

/** Plans and APK downloads (spec 1 §2, §3, §7). Registered without prefix: full paths. */
export const planRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const customer = requireSession(ctx, 'customer');
    const tags = ['Plans and licences'];

    app.get(
      '/api/v1/admin/payments/plans',
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Active plans with the seats and subscription of the signed-in customer',
          security: [{ token: [] }],
          response: replies(plansResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Plan list',
        data: await plans.customerPlans(ctx, sessionOf(req).subjectId),
      }),
    );

    app.get(
      '/api/v1/admin/payments/price/detail',
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'One plan (by _id or identifier), the default payment method and the email',
          security: [{ token: [] }],
          querystring: priceDetailQuerySchema,
          response: replies(priceDetailResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'Plan detail',
        ...(await plans.priceDetail(ctx, sessionOf(req).subjectId, req.query.id)),
      }),
    );

    app.get(
      '/api/v1/admin/users/download/sdk',
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'APK link and QR code image URL of each app',
          security: [{ token: [] }],
          querystring: downloadSdkQuerySchema,
          response: replies(downloadSdkResponseSchema),
        },
      },
      async () => {
        const data = await plans.downloadSdk(ctx);
        return { respones_msg: 'App download details', data, ...data };
      },
    );

    app.get(
      '/api/v1/pricing',
      {
        schema: {
          tags,
          summary: 'Public price list (no session): Active plans without any customer data',
          response: replies(publicPlansResponseSchema),
        },
      },
      async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return { respones_msg: 'Plan list', data: await plans.publicPlans(ctx) };
      },
    );
  };
