import type { FastifyRequest } from 'fastify';
import type { LocalPricing } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { countryOfAddress, countryOfHeader, plainAddress } from '../public/page-views/geoip.ts';
import * as repo from './currency-repository.ts';
import { ratePerGbp, toRule } from './currency.ts';

/**
 * The public `/pricing`'s local prices (DECISIONS §8 "Currency rules", §9). The visitor's country comes from the same
 * place as the page views': the trusted proxy's `COUNTRY_HEADER` (only with `TRUST_PROXY`), else the offline GeoIP
 * database. A plan's amount (EUR) is converted through GBP: amount ÷ (EUR per GBP) × the rule's rate, rounded to the
 * cent; the discounted amount takes the rule's coupon off. Display only: checkout charges EUR.
 */

export function visitorCountry(ctx: AppContext, req: FastifyRequest): string {
  const fromHeader = ctx.config.countryHeader ? countryOfHeader(req.headers[ctx.config.countryHeader]) : null;
  return fromHeader ?? countryOfAddress(plainAddress(req.ip));
}

const cents = (n: number) => Math.round(n * 100) / 100;

export async function localPricingFor(
  ctx: AppContext,
  req: FastifyRequest,
  plans: { identifier: string; amount: number; currency: string }[],
): Promise<LocalPricing | null> {
  const country = visitorCountry(ctx, req);
  const row = await repo.ruleOfCountry(ctx.db, country);
  if (!row) return null;
  const rule = toRule(row);
  const perGbpOf = new Map<string, number | null>();
  const prices: LocalPricing['prices'] = [];
  for (const plan of plans) {
    const currency = plan.currency.toUpperCase();
    if (!perGbpOf.has(currency)) perGbpOf.set(currency, await ratePerGbp(ctx.db, currency));
    const planPerGbp = perGbpOf.get(currency);
    if (!planPerGbp) continue;
    const amount = cents((plan.amount / planPerGbp) * rule.conversationRate);
    prices.push({
      identifier: plan.identifier,
      amount,
      discountedAmount: cents(amount * (1 - rule.discountPercentage / 100)),
    });
  }
  return {
    countryCode: rule.countryCode,
    currencyCode: rule.currencyCode,
    couponCode: rule.couponCode,
    discountPercentage: rule.discountPercentage,
    prices,
  };
}
