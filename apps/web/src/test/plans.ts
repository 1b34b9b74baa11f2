import type { Family, Plan } from '@fleetdeck/contract';

/** A plan as the plans list answers it: Active, a yearly subscription (a one-time plan when `…OT`), 10 EUR. */
export const planOf = (identifier: string, family: Family, overrides: Partial<Plan> = {}): Plan =>
  ({
    _id: `id-${identifier}`,
    identifier,
    family,
    name: identifier,
    description: '',
    type: identifier.endsWith('OT') ? 'one_time' : 'recurring',
    amount: 10,
    currency: 'eur',
    interval: identifier.endsWith('OT') ? null : 'year',
    intervalCount: 1,
    features: [],
    apkLink: '',
    status: 'Active',
    expiry: null,
    totalPurchasedDevices: 0,
    subscriptionDetail: null,
    ...overrides,
  }) as Plan;

/** The headings of the plan sections in the Plans order (the owner app named as the tests' config names it). */
export const PLAN_SECTION_HEADINGS = [
  'Fleetdeck',
  'Super Lock',
  'Power Cleaner',
  'URL Blocker',
  'Key Mapper',
  'Power On Boot',
  'Power Chat',
];
