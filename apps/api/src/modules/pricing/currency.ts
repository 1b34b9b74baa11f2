import type { CurrencyRule } from '@fleetdeck/contract/staff';
import type { DbOrTx } from '../../db/client.ts';
import { BUNDLED_RATES } from './bundled-rates.ts';
import * as repo from './currency-repository.ts';

/** Currency rules as the customer side reads them (the public and customer `/pricing`); staff edit them (staff/pricing). */

export function toRule(row: repo.CurrencyRuleRow): CurrencyRule {
  return {
    _id: row.id,
    countryCode: row.countryCode,
    conversationRate: Number(row.conversationRate),
    couponCode: row.couponCode,
    discountPercentage: Number(row.discountPercentage),
    currencyCode: row.currencyCode,
    created_at: row.createdAt.toISOString(),
  };
}

/** Units of `currencyCode` per 1 GBP: the last synced table, else the bundled one; null when neither has it. */
export async function ratePerGbp(db: DbOrTx, currencyCode: string): Promise<number | null> {
  const stored = await repo.storedRate(db, currencyCode);
  if (stored !== null) return Number(stored);
  return BUNDLED_RATES.perGbp[currencyCode] ?? null;
}
