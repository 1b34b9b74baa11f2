import { plansApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, answerList, areaRoutes } from '../../lib/area-routes.ts';
import { requireMember, sessionOf } from '../../plugins/auth.ts';
import * as plans from './service.ts';
import { localPricingFor } from '../pricing/local-pricing.ts';

/** Plans and APK downloads (spec 1 §2, §3, §7; `plansApi`). */
export const planRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Plans and licences'], guardFor: requireMember(ctx) }, (route) => {
    route(
      plansApi.list,
      { summary: 'Active plans with the seats and subscription of the signed-in customer' },
      answer('Plan list', (req) => plans.customerPlans(ctx, sessionOf(req).subjectId)),
    );

    route(
      plansApi.priceDetail,
      { summary: 'One plan (by _id or identifier), the default payment method and the email' },
      answerList('Plan detail', (req) => plans.priceDetail(ctx, sessionOf(req).subjectId, req.query.id)),
    );

    route(plansApi.downloadSdk, { summary: 'APK link and QR code image URL of each app' }, async () => {
      const data = await plans.downloadSdk(ctx);
      return { respones_msg: 'App download details', data, ...data };
    });

    route(
      plansApi.pricing,
      {
        summary: 'Public price list (no session): Active plans without any customer data',
        description:
          "`localPricing`: the visitor's country's currency rule with each plan's local price and the coupon (null " +
          'when the country has none; DECISIONS §8, §9). Display only: checkout charges EUR.',
        public: true,
      },
      async (req, reply) => {
        // Staff price edits (status, names, features) must show at once: caches revalidate every time.
        reply.header('cache-control', 'no-cache');
        if (ctx.config.countryHeader) reply.header('vary', ctx.config.countryHeader);
        const data = await plans.publicPlans(ctx);
        const localPricing = await localPricingFor(ctx, req, [...data.recurringPriceList, ...data.oneTimePriceList]);
        return { respones_msg: 'Plan list', data, localPricing };
      },
    );
  });
