import { PCHAT_MIN_QTY, MIN_QTY, type Plan } from '@fleetdeck/contract';
import { formatEuro } from '@/shared/lib/format';
import { periodOf } from '@/portal/lib/plan-price';
import type { SummaryRow } from './summary-panel';

export const isPowerChat = (plan: Pick<Plan, 'family'>): boolean => plan.family === 'PCHAT';

export const minQtyOf = (plan: Pick<Plan, 'family'>): number => (isPowerChat(plan) ? PCHAT_MIN_QTY : MIN_QTY);

/** "Enter Number Of Users" for Power Chat, otherwise "Enter Number Of Devices" (spec 1 §2). */
export const qtyLabelOf = (plan: Pick<Plan, 'family'>): string =>
  isPowerChat(plan) ? 'Enter Number Of Users' : 'Enter Number Of Devices';

export const QTY_HINT = 'If you want to add more than 1 device then buy in qty';

/** Power Chat is sold per chat user, at least 2 (spec 1 §5): its hint says so in the same words as its minimum. */
export const PCHAT_QTY_HINT = 'Power Chat is licensed per user: buy at least 2 licences, one for each user.';

/** The line under the quantity field. */
export const qtyHintOf = (plan: Pick<Plan, 'family'>): string => (isPowerChat(plan) ? PCHAT_QTY_HINT : QTY_HINT);

/** What one seat is: a user of Power Chat, a device of every other app. */
export const seatWordOf = (plan: Pick<Plan, 'family'>): 'Users' | 'Devices' =>
  isPowerChat(plan) ? 'Users' : 'Devices';

/** "€29.99 / year". */
export const priceLabelOf = (plan: Pick<Plan, 'amount' | 'type' | 'interval' | 'intervalCount'>): string =>
  `${formatEuro(plan.amount)} ${periodOf(plan)}`;

/** The rows a checkout summary opens with: the plan, its price, the seats held now and after this purchase. */
export const seatSummaryRows = (
  plan: Pick<Plan, 'name' | 'amount' | 'type' | 'interval' | 'intervalCount'>,
  labels: { current: string; after: string },
  current: number,
  qty: number,
): SummaryRow[] => [
  { key: 'product', label: 'Product', value: plan.name },
  { key: 'price', label: 'Plan Price', value: priceLabelOf(plan) },
  { key: 'current', label: labels.current, value: current },
  { key: 'after', label: labels.after, value: current + qty },
];

/** The summary's last row: what the customer pays. */
export const totalSummaryRow = (total: number): SummaryRow => ({
  key: 'total',
  label: 'Total',
  value: formatEuro(total),
  strong: true,
});

/** Rounds a euro amount to cents. */
export const cents = (n: number): number => Math.round(n * 100) / 100;
