import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffActorOf, staffAreaRoutes } from '../guard.ts';
import { subscriberCount } from './amount.ts';
import * as pricing from './service.ts';
import { answer } from '../../../lib/area-routes.ts';

/** Pricing and app versions (spec 3 "Pricing list", "Pricing edit", §7 `price/*`). SuperAdmin only. */
export const staffPricingRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: pricing'], (route) => {
    route(staffApi.priceList, { summary: 'Every price (Active and Inactive), split by type' }, async () => ({
      respones_msg: 'Price list',
      data: await pricing.priceList(ctx),
    }));
    route(staffApi.priceDetail, { summary: 'One price by id' }, async (req) => ({
      respones_msg: 'Price detail',
      data: await pricing.priceDetail(ctx, req.query.id),
    }));
    route(
      staffApi.priceUpdate,
      {
        summary: 'Edit a price: name, description, status, APK link (http/https), features, amount',
        description:
          'The identifier is not editable (send the current one; another plan code answers 400). An Inactive price ' +
          'is hidden from the customer plans page and refused at checkout (`E_PLAN_INACTIVE`) at once. `amount` (EUR, ' +
          'more than 0, at most two decimals): new purchases pay it at once, subscriptions at their next renewal; ' +
          'when it rises every subscriber is emailed (background job). With Stripe a new Price is created and the old ' +
          'one archived (502 E_PROVIDER and nothing changed when Stripe cannot be reached).',
      },
      answer('Price updated', (req) => pricing.updatePrice(ctx, staffActorOf(req), req.body)),
    );
    route(
      staffApi.priceSubscribers,
      { summary: "A price's live subscriptions (emailed when its amount rises)" },
      async (req) => ({
        respones_msg: 'Price subscribers',
        data: { subscribers: await subscriberCount(ctx, req.query.id) },
      }),
    );
    route(
      staffApi.priceSync,
      {
        summary: 'Sync prices with the payment provider',
        description:
          'Sandbox: reloads the bundled catalogue (inserts missing plans, restores its amounts; staff edits of ' +
          'name, description, features, APK link and status are kept). Stripe: imports the prices tagged with ' +
          '`metadata.planIdentifier` (price id, amount, currency) and creates the missing ones at Stripe. Answers ' +
          '`{provider, created, updated, unchanged}`.',
      },
      answer('Prices synced', () => pricing.syncPrices(ctx)),
    );
    route(
      staffApi.appVersionGet,
      { summary: "A plan's minimum app version (null when not configured)" },
      answer('App version', (req) => pricing.getAppVersion(ctx, req.query.planIdentifier)),
    );
    route(
      staffApi.appVersionUpdate,
      {
        summary: "Set a plan's minimum app version",
        description:
          'Carried in the device policy document as `appVersion` for the family whose recurring plan this is; devices ' +
          'get it at their next `GET policy` (the ETag changes).',
      },
      answer('App version updated', (req) => pricing.updateAppVersion(ctx, staffActorOf(req), req.body)),
    );
  });
