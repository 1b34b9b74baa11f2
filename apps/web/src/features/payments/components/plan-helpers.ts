import { PCHAT_MIN_QTY, MIN_QTY, type Plan } from '@fleetdeck/contract';
import { formatEuro } from '@/lib/format';
import { periodOf } from '@/lib/plan-price';

export const isPowerChat = (plan: Pick<Plan, 'family'>): boolean => plan.family === 'PCHAT';

export const minQtyOf = (plan: Pick<Plan, 'family'>): number => (isPowerChat(plan) ? PCHAT_MIN_QTY : MIN_QTY);

/** "Enter Number Of Users" for Power Chat, otherwise "Enter Number Of Devices" (spec 1 §2). */
export const qtyLabelOf = (plan: Pick<Plan, 'family'>): string =>
  isPowerChat(plan) ? 'Enter Number Of Users' : 'Enter Number Of Devices';

export const QTY_HINT = 'If you want to add more than 1 device then buy in qty';

/** "€29.99 / year". */
export const priceLabelOf = (plan: Pick<Plan, 'amount' | 'type' | 'interval' | 'intervalCount'>): string =>
  `${formatEuro(plan.amount)} ${periodOf(plan)}`;

/** Rounds a euro amount to cents. */
export const cents = (n: number): number => Math.round(n * 100) / 100;
