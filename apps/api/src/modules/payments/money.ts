/**
 * Money is integer cents in every computation (DECISIONS §5: amounts are computed only on the server);
 * numeric(12,2) strings in the database; numbers with 2 decimals in answers.
 */

/** "29.99" | "29.9" | "30" | 29.99 → 2999. Throws on anything that is not a non-negative decimal with ≤ 2 places. */
export function toCents(amount: string | number): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 8097 → "80.97" (for numeric columns). */
export const centsToNumeric = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** 8097 → 80.97 (for answers). */
export const centsToNumber = (cents: number) => Number(centsToNumeric(cents));

/** "80.97" → 80.97: a numeric column for an answer. */
export const numericToNumber = (value: string) => centsToNumber(toCents(value));

export const formatEuro = (cents: number) => `€${centsToNumeric(cents)}`;

/**
 * Percent-off discount of `subtotalCents`, rounded half up to the cent. `percentOff` is the coupon's
 * numeric(5,2) ("10.00", "12.5"), read as basis points so no float touches the money.
 */
export function discountCents(subtotalCents: number, percentOff: string | number): number {
  const basisPoints = toCents(percentOff); // 10.00 % → 1000 basis points
  return Math.floor((subtotalCents * basisPoints + 5_000) / 10_000);
}

export interface Totals {
  unitCents: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

export function totals(unitAmount: string, qty: number, percentOff: string | null): Totals {
  const unitCents = toCents(unitAmount);
  const subtotalCents = unitCents * qty;
  const discount = percentOff === null ? 0 : Math.min(subtotalCents, discountCents(subtotalCents, percentOff));
  return { unitCents, subtotalCents, discountCents: discount, totalCents: subtotalCents - discount };
}

/** Calendar years later (UTC), as Stripe periods advance. */
export function addYears(from: Date, years: number): Date {
  const d = new Date(from.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}
