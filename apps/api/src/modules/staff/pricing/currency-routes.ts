import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { staffActorOf, staffAreaRoutes } from '../guard.ts';
import * as currency from './currency-service.ts';
import { answer, answerMessage } from '../../../lib/area-routes.ts';

/** Multi currency (spec 3 "Pricing list" Multi Currency tab, §7; DECISIONS §8 "Currency rules"). SuperAdmin only. */
export const staffCurrencyRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: pricing'], (route) => {
    const ruleDoc =
      '`conversationRate` is units of `currencyCode` per 1 GBP (above 0, at most 10,000,000). `couponCode` (letters, ' +
      'digits, - and _, stored upper-case) and `discountPercentage` (0 to 99) go together: the code becomes a checkout ' +
      "coupon of that percent (a reseller's code, or a code offered elsewhere at another discount, answers 409). One rule " +
      'per country (409). Audited.';
    route(
      staffApi.currencyAdd,
      { summary: 'Add a currency rule for a country', description: ruleDoc },
      answer('Currency added', (req) => currency.addCurrency(ctx, staffActorOf(req), req.body)),
    );
    route(
      staffApi.currencyUpdate,
      { summary: 'Update a currency rule', description: `${ruleDoc} Unknown id: 404.` },
      answer('Currency updated', (req) => currency.updateCurrency(ctx, staffActorOf(req), req.body)),
    );
    route(staffApi.currencyList, { summary: 'Currency rules, in the order they were added' }, async (req) => ({
      respones_msg: 'Currency list',
      ...(await currency.listCurrencies(ctx, req.query)),
    }));
    route(
      staffApi.currencyDelete,
      {
        summary: 'Delete a currency rule',
        description: 'Its coupon is switched off unless another rule offers it. Unknown id: 404. Audited.',
      },
      answerMessage('Currency deleted', (req) => currency.deleteCurrency(ctx, staffActorOf(req), req.query.id)),
    );
    route(
      staffApi.countryLookup,
      {
        summary: "A country's currency and its rate per 1 GBP",
        description:
          'From the built-in country list and the last synced rates table (the bundled table before the first sync). ' +
          '`conversationRate` is null when no table has the currency. Unknown country: 404.',
      },
      async (req) => {
        const data = await currency.countryLookup(ctx, req.query.countryCode);
        return {
          respones_msg: 'Country lookup',
          currencyCode: data.currencyCode,
          conversationRate: data.conversationRate,
          data,
        };
      },
    );
    route(
      staffApi.currencySync,
      {
        summary: 'Sync Currency Rate: every rule takes its currency rate from the rates table',
        description:
          'The table is `FX_RATES_URL` (the ECB daily XML or JSON `{base, date, rates}`) when set, else the bundled ' +
          'offline table. A source that cannot be reached, or with a missing GBP rate or a rate that is not a positive ' +
          'number, answers 502 E_PROVIDER and changes nothing. Answers `{source, asOf, currencies, updated, unchanged, ' +
          'missing}`. Audited.',
      },
      answer('Currency rates synced', (req) => currency.syncCurrencyRates(ctx, staffActorOf(req))),
    );
  });
