import type { Plan } from '@fleetdeck/contract';

/** "/ year" for subscriptions ("/ 2 years" for longer intervals), "/ 3 years" for one-time plans. */
export const periodOf = (plan: Pick<Plan, 'type' | 'interval' | 'intervalCount'>): string => {
  if (plan.type === 'one_time') return '/ 3 years';
  const unit = plan.interval ?? 'year';
  return plan.intervalCount > 1 ? `/ ${plan.intervalCount} ${unit}s` : `/ ${unit}`;
};
