import type { Family, Plan } from '@fleetdeck/contract';

/**
 * Section order of spec 1 §2 (Plans); each heading lists its own family (DECISIONS §1).
 * The {product} Owner App (PDOW) plans sit in the {product} section under their own sub-heading.
 */
export const PLAN_SECTIONS: readonly { family: Family; subFamilies?: readonly Family[] }[] = [
  { family: 'PD', subFamilies: ['PDOW'] },
  { family: 'SL' },
  { family: 'PC' },
  { family: 'UB' },
  { family: 'KM' },
  { family: 'POB' },
  { family: 'PCHAT' },
];

export interface PlanListOptions {
  /** Which plans are listed; by default the Active ones. */
  isListed?: (plan: Plan) => boolean;
  /** Orders plans of the same type by price, cheapest first; otherwise they keep the given order. */
  byAmount?: boolean;
}

export interface PlanSubSection {
  family: Family;
  plans: Plan[];
}

export interface PlanSection extends PlanSubSection {
  /** Sub-families with at least one listed plan, in their order. */
  subSections: PlanSubSection[];
}

const isActive = (plan: Plan): boolean => plan.status === 'Active';

/** The listed plans of one family: subscriptions first, then one-time plans. */
export const plansOf = (all: readonly Plan[], family: Family, options: PlanListOptions = {}): Plan[] => {
  const { isListed = isActive, byAmount = false } = options;
  return all
    .filter((p) => p.family === family && isListed(p))
    .sort((a, b) => {
      if (a.type !== b.type) return a.type === 'recurring' ? -1 : 1;
      return byAmount ? a.amount - b.amount : 0;
    });
};

/** A price list (subscriptions and one-time plans) as one list. */
export interface PriceList {
  recurringPriceList: readonly Plan[];
  oneTimePriceList: readonly Plan[];
}

/**
 * Every section of PLAN_SECTIONS with its plans (possibly none) and its non-empty sub-sections, from a price list
 * or a plain list of plans.
 */
export const planSections = (plans: PriceList | readonly Plan[], options: PlanListOptions = {}): PlanSection[] => {
  const all = 'recurringPriceList' in plans ? [...plans.recurringPriceList, ...plans.oneTimePriceList] : plans;
  return PLAN_SECTIONS.map(({ family, subFamilies = [] }) => ({
    family,
    plans: plansOf(all, family, options),
    subSections: subFamilies
      .map((f) => ({ family: f, plans: plansOf(all, f, options) }))
      .filter((s) => s.plans.length > 0),
  }));
};
