import { PCHAT_MIN_QTY, MIN_QTY, type Plan } from '@fleetdeck/contract';
import { formatEuro } from '@/shared/lib/format';
import { periodOf } from '@/portal/lib/plan-price';

export const isPowerChat = (plan: Pick<Plan, 'family'>): boolean => plan.family === 'PCHAT';

export const minQtyOf = (plan: Pick<Plan, 'family'>): number => (isPowerChat(plan) ? PCHAT_MIN_QTY : MIN_QTY);

/** "Enter Number Of Users" for Power Chat, otherwise "Enter Number Of Devices" (spec 1 §2). */
export const qtyLabelOf = (plan: Pick<Plan, 'family'>): string =>
  isPowerChat(plan) ? 'Enter Number Of Users' : 'Enter Number Of Devices';

export const QTY_HINT = 'If you want to add more than 1 device then buy in qty';

/** Power Chat is sold per chat user, at least 2 (spec 1 §5): its hint says so in the same words as its minimum. */
export const PCHAT_QTY_HINT = 'Power Chat is licensed per user: buy at least 2 licenses, one for each user.';

/** The line under the quantity field. */
export const qtyHintOf = (plan: Pick<Plan, 'family'>): string => (isPowerChat(plan) ? PCHAT_QTY_HINT : QTY_HINT);

/** What one seat is: a user of Power Chat, a device of every other app. */
export const seatWordOf = (plan: Pick<Plan, 'family'>): 'Users' | 'Devices' =>
  isPowerChat(plan) ? 'Users' : 'Devices';

/** "€29.99 / year". */
export const priceLabelOf = (plan: Pick<Plan, 'amount' | 'type' | 'interval' | 'intervalCount'>): string =>
  `${formatEuro(plan.amount)} ${periodOf(plan)}`;

/** Rounds a euro amount to cents. */
export const cents = (n: number): number => Math.round(n * 100) / 100;
