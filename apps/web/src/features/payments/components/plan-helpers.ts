import { PCHAT_MIN_QTY, MIN_QTY, type Plan } from '@fleetdeck/contract';
import { formatEuro } from '@/lib/format';

export const isPowerChat = (plan: Pick<Plan, 'family'>): boolean => plan.family === 'PCHAT';

export const minQtyOf = (plan: Pick<Plan, 'family'>): number => (isPowerChat(plan) ? PCHAT_MIN_QTY : MIN_QTY);

/** "Enter Number Of Users" for Power Chat, otherwise "Enter Number Of Devices" (spec 1 §2). */
export const qtyLabelOf = (plan: Pick<Plan, 'family'>): string =>
  isPowerChat(plan) ? 'Enter Number Of Users' : 'Enter Number Of Devices';

export const QTY_HINT = 'If you want to add more than 1 device then buy in qty';

/** "/ year", "/ 3 years" (one-time plans cover 3 years). */
export const periodOf = (plan: Pick<Plan, 'type' | 'interval' | 'intervalCount'>): string => {
  if (plan.type === 'one_time') return '/ 3 years';
  const unit = plan.interval ?? 'year';
  return plan.intervalCount > 1 ? `/ ${plan.intervalCount} ${unit}s` : `/ ${unit}`;
};

/** "€29.99 / year". */
export const priceLabelOf = (plan: Pick<Plan, 'amount' | 'type' | 'interval' | 'intervalCount'>): string =>
  `${formatEuro(plan.amount)} ${periodOf(plan)}`;

/** Rounds a euro amount to cents. */
export const cents = (n: number): number => Math.round(n * 100) / 100;
