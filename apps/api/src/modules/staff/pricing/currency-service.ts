import type {
  CountryLookup,
  CurrencyAddRequest,
  CurrencyRule,
  CurrencySyncSummary,
  CurrencyUpdateRequest,
  PricingAuditSubType,
} from '@fleetdeck/contract/staff';
import { inTransaction, type AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { writeAudit } from '../../audit/service.ts';
import {
  bundledTable,
  countryInfo,
  fetchRatesTable,
  isKnownCurrency,
  roundRate,
  type RatesTable,
} from '../../pricing/rates.ts';
import * as repo from '../../pricing/currency-repository.ts';
import { ratePerGbp, toRule } from '../../pricing/currency.ts';

export { ratePerGbp, toRule };

/**
 * Currency rules (spec 3 Multi Currency tab, §7; DECISIONS §8 "Currency rules"). One rule per country; its coupon code
 * is kept as a real checkout coupon (percent off = the rule's discount) so what `/pricing` offers works at checkout in
 * EUR. Every write is audited (`type: 'Pricing'`) with the staff member as actor, in the write's transaction.
 */

type RuleInput = {
  countryCode: string;
  conversationRate: number | string;
  couponCode?: string | undefined;
  discountPercentage?: number | string | undefined;
  currencyCode: string;
};
interface CheckedRule {
  countryCode: string;
  currencyCode: string;
  conversationRate: string;
  couponCode: string;
  discount: number;
}

const fieldError = (status: 400 | 409, field: string, message: string) =>
  new AppError(status, status === 400 ? 'E_VALIDATION' : 'E_CONFLICT', `${field}: ${message}`, {
    errors: [{ field, message }],
  });

/** The checks the schema cannot make: a real country and currency, a coupon and a discount together. */
function check(input: RuleInput): CheckedRule {
  if (!countryInfo(input.countryCode))
    throw fieldError(400, 'countryCode', `${input.countryCode} is not a known country`);
  if (!isKnownCurrency(input.currencyCode)) {
    throw fieldError(400, 'currencyCode', `${input.currencyCode} is not a known currency`);
  }
  const couponCode = input.couponCode ?? '';
  const discount = Number(input.discountPercentage ?? 0);
  if (discount > 0 && couponCode === '') {
    throw fieldError(400, 'couponCode', 'is required with a discount (visitors enter it at checkout)');
  }
  if (couponCode !== '' && !(discount > 0)) {
    throw fieldError(400, 'discountPercentage', 'must be above 0 when a coupon code is given');
  }
  return {
    countryCode: input.countryCode,
    currencyCode: input.currencyCode,
    conversationRate: roundRate(Number(input.conversationRate)).toFixed(6),
    couponCode,
    discount,
  };
}

/**
 * Makes `code` a working coupon of `discount`% for the rule `self` (null while adding). Answers whether the rule owns
 * the coupon (created it, or took over an inactive one). Refused: a reseller's coupon, a coupon other rules offer at
 * another discount, a coupon of another origin at another discount.
 */
async function keepCoupon(
  tx: DbOrTx,
  code: string,
  discount: number,
  self: repo.CurrencyRuleRow | null,
): Promise<boolean> {
  if (code === '') return false;
  const others = await repo.rulesWithCoupon(tx, code, self?.id);
  const clash = others.find((r) => Number(r.discountPercentage) !== discount);
  if (clash) {
    throw fieldError(
      409,
      'couponCode',
      `${code} is also offered in ${clash.countryCode} at ${Number(clash.discountPercentage)}% off: use that discount or another code`,
    );
  }
  const percentOff = discount.toFixed(2);
  const coupon = await repo.lockCoupon(tx, code);
  if (!coupon) {
    await repo.insertCoupon(tx, code, percentOff);
    return true;
  }
  if (coupon.resellerCustomerId) {
    throw fieldError(409, 'couponCode', `${code} is a reseller's coupon: choose another code`);
  }
  const selfOwns = self?.couponCreated === true && self.couponCode === code;
  const otherOwns = others.some((r) => r.couponCreated);
  // DECISIONS §14: a coupon's percent is fixed once redeemed (buyers paid at it; Stripe mirrors it).
  if (coupon.timesRedeemed > 0 && Number(coupon.percentOff) !== discount) {
    throw fieldError(
      409,
      'discountPercentage',
      `${code} has been redeemed at ${Number(coupon.percentOff)}% off: keep that discount or use another code`,
    );
  }
  if (selfOwns || otherOwns || !coupon.active) {
    await repo.updateCoupon(tx, coupon.id, { percentOff, active: true });
    return selfOwns || !otherOwns;
  }
  if (Number(coupon.percentOff) !== discount) {
    throw fieldError(
      409,
      'couponCode',
      `${code} is an existing coupon of ${Number(coupon.percentOff)}% off: use that discount or another code`,
    );
  }
  return false;
}

/** The rule stops offering its coupon: ownership passes to another rule offering it, or the coupon is switched off. */
async function releaseCoupon(tx: DbOrTx, rule: repo.CurrencyRuleRow) {
  if (rule.couponCode === '' || !rule.couponCreated) return;
  const [heir] = await repo.rulesWithCoupon(tx, rule.couponCode, rule.id);
  if (heir) {
    await repo.setCouponCreated(tx, heir.id, true);
    return;
  }
  const coupon = await repo.lockCoupon(tx, rule.couponCode);
  if (coupon && !coupon.resellerCustomerId) await repo.updateCoupon(tx, coupon.id, { active: false });
}

const describe = (r: CheckedRule | repo.CurrencyRuleRow) => {
  const rate = Number(r.conversationRate);
  const discount = 'discount' in r ? r.discount : Number(r.discountPercentage);
  const coupon = r.couponCode ? `, coupon ${r.couponCode} ${discount}% off` : '';
  return `${r.countryCode}: 1 GBP = ${rate} ${r.currencyCode}${coupon}`;
};

async function audit(tx: DbOrTx, actor: StaffActor, subType: PricingAuditSubType, message: string) {
  await writeAudit(tx, { customerId: null, type: 'Pricing', subType, message, actor });
}

const countryTaken = (countryCode: string) =>
  fieldError(409, 'countryCode', `${countryCode} already has a currency rule: edit that one`);

/** Checks a rule as typed (400 before any transaction), then runs `work` with it in a transaction. */
function inRuleTransaction<T>(ctx: AppContext, input: RuleInput, work: (tx: DbOrTx, rule: CheckedRule) => Promise<T>) {
  const rule = check(input);
  return inTransaction(ctx.db, (tx) => work(tx, rule));
}

/** The stored columns of a checked rule. */
const ruleValues = (rule: CheckedRule, couponCreated: boolean) => ({
  countryCode: rule.countryCode,
  currencyCode: rule.currencyCode,
  conversationRate: rule.conversationRate,
  couponCode: rule.couponCode,
  discountPercentage: rule.discount.toFixed(2),
  couponCreated,
});

export async function addCurrency(
  ctx: AppContext,
  actor: StaffActor,
  input: CurrencyAddRequest,
): Promise<CurrencyRule> {
  return inRuleTransaction(ctx, input as RuleInput, async (tx, rule) => {
    if (await repo.ruleOfCountry(tx, rule.countryCode)) throw countryTaken(rule.countryCode);
    const couponCreated = await keepCoupon(tx, rule.couponCode, rule.discount, null);
    const row = await repo.insertRule(tx, ruleValues(rule, couponCreated));
    if (!row) throw countryTaken(rule.countryCode);
    await audit(tx, actor, 'Currency Added', `Currency rule added: ${describe(rule)}`);
    return toRule(row);
  });
}

export async function updateCurrency(
  ctx: AppContext,
  actor: StaffActor,
  input: CurrencyUpdateRequest,
): Promise<CurrencyRule> {
  return inRuleTransaction(ctx, input as RuleInput, async (tx, rule) => {
    const before = await repo.lockRule(tx, input.id);
    if (!before) throw notFound('This currency rule does not exist.');
    if (before.countryCode !== rule.countryCode && (await repo.ruleOfCountry(tx, rule.countryCode))) {
      throw countryTaken(rule.countryCode);
    }
    let couponCreated = before.couponCreated;
    if (before.couponCode !== rule.couponCode) {
      await releaseCoupon(tx, before);
      couponCreated = await keepCoupon(tx, rule.couponCode, rule.discount, null);
    } else if (rule.couponCode !== '') {
      couponCreated = await keepCoupon(tx, rule.couponCode, rule.discount, before);
    }
    const row = await repo.updateRule(tx, before.id, ruleValues(rule, couponCreated));
    if (!row) throw countryTaken(rule.countryCode);
    await audit(tx, actor, 'Currency Updated', `Currency rule updated: ${describe(before)} → ${describe(rule)}`);
    return toRule(row);
  });
}

export async function deleteCurrency(ctx: AppContext, actor: StaffActor, id: string): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const rule = await repo.lockRule(tx, id);
    if (!rule) throw notFound('This currency rule does not exist.');
    await releaseCoupon(tx, rule);
    await repo.deleteRule(tx, rule.id);
    await audit(tx, actor, 'Currency Deleted', `Currency rule deleted: ${describe(rule)}`);
  });
}

export async function listCurrencies(ctx: AppContext, p: { page: number; limit: number }) {
  const { rows, total } = await repo.listRules(ctx.db, p.limit, (p.page - 1) * p.limit);
  return {
    data: rows.map(toRule),
    pagination: { page: p.page, limit: p.limit, total, totalCapped: false, nextCursor: null },
  };
}

// -------------------------------------------------------------------------------------------------------- rates

export async function countryLookup(ctx: AppContext, countryCode: string): Promise<CountryLookup> {
  const info = countryInfo(countryCode);
  if (!info) throw notFound(`No country has the code ${countryCode}.`);
  const currencyCode = info.currencyCode ?? '';
  const rate = currencyCode ? await ratePerGbp(ctx.db, currencyCode) : null;
  return { countryCode, countryName: info.countryName, currencyCode, conversationRate: rate };
}

/**
 * "Sync Currency Rate": the table from `FX_RATES_URL` (or the bundled one) replaces the stored table, and every rule
 * takes its currency's rate from it. A source that fails or gives a bad rate changes nothing (502 with the reason).
 */
export async function syncCurrencyRates(ctx: AppContext, actor: StaffActor): Promise<CurrencySyncSummary> {
  const table: RatesTable = ctx.config.fxRatesUrl ? await fetchRatesTable(ctx.config.fxRatesUrl) : bundledTable();
  return inTransaction(ctx.db, async (tx) => {
    await repo.replaceRates(
      tx,
      table.source,
      table.asOf,
      [...table.perGbp].map(([currencyCode, rate]) => ({ currencyCode, perGbp: rate.toFixed(6) })),
    );
    const summary: CurrencySyncSummary = {
      source: table.source,
      asOf: table.asOf,
      currencies: table.perGbp.size,
      updated: 0,
      unchanged: 0,
      missing: [],
    };
    for (const rule of await repo.allRules(tx)) {
      const rate = table.perGbp.get(rule.currencyCode);
      if (rate === undefined) {
        if (!summary.missing.includes(rule.currencyCode)) summary.missing.push(rule.currencyCode);
        continue;
      }
      if (roundRate(rate) === Number(rule.conversationRate)) {
        summary.unchanged += 1;
      } else {
        await repo.setRuleRate(tx, rule.id, rate.toFixed(6));
        summary.updated += 1;
      }
    }
    await audit(
      tx,
      actor,
      'Currency Rates Synced',
      `Currency rates synced from ${table.source === 'bundled' ? 'the bundled table' : 'FX_RATES_URL'} of ${table.asOf}: ` +
        `${summary.updated} updated, ${summary.unchanged} unchanged` +
        (summary.missing.length ? `, no rate for ${summary.missing.join(', ')}` : ''),
    );
    return summary;
  });
}

export { audit as writePricingAudit };
