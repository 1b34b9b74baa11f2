import type { Plan } from '@fleetdeck/contract';
import { describe, expect, it } from 'vitest';
import { planOf } from '@/test/plans';
import { PLAN_SECTIONS, planSections, plansOf } from './plan-sections';

const plan = planOf;

const ids = (plans: Plan[]) => plans.map((p) => p.identifier);

describe('plansOf', () => {
  it('lists the Active plans of the family, subscriptions first, in the given order otherwise', () => {
    const all = [
      plan('PDOT', 'PD', { amount: 5 }),
      plan('PD', 'PD', { amount: 30 }),
      plan('PD2', 'PD', { amount: 20 }),
      plan('PDX', 'PD', { status: 'Inactive' }),
      plan('SL', 'SL'),
    ];
    expect(ids(plansOf(all, 'PD'))).toEqual(['PD', 'PD2', 'PDOT']);
  });

  it('orders plans of the same type by price with byAmount', () => {
    const all = [plan('PD', 'PD', { amount: 30 }), plan('PDOT', 'PD'), plan('PD2', 'PD', { amount: 20 })];
    expect(ids(plansOf(all, 'PD', { byAmount: true }))).toEqual(['PD2', 'PD', 'PDOT']);
  });

  it('lists what isListed accepts', () => {
    const all = [plan('PD', 'PD', { status: 'Inactive', totalPurchasedDevices: 2 }), plan('PD2', 'PD')];
    const owned = (p: Plan) => p.totalPurchasedDevices > 0;
    expect(ids(plansOf(all, 'PD', { isListed: owned }))).toEqual(['PD']);
  });

  it('does not reorder its input', () => {
    const all = [plan('PDOT', 'PD'), plan('PD', 'PD')];
    plansOf(all, 'PD');
    expect(ids(all)).toEqual(['PDOT', 'PD']);
  });
});

describe('planSections', () => {
  it('answers every section in the Plans order, empty ones included', () => {
    const sections = planSections([plan('SL', 'SL')]);
    expect(sections.map((s) => s.family)).toEqual(PLAN_SECTIONS.map((s) => s.family));
    expect(sections.map((s) => s.family)).toEqual(['PD', 'SL', 'PC', 'UB', 'KM', 'POB', 'PCHAT']);
    expect(sections.find((s) => s.family === 'PD')?.plans).toEqual([]);
    expect(ids(sections.find((s) => s.family === 'SL')!.plans)).toEqual(['SL']);
  });

  it('puts the Owner App plans under the PD section and drops empty sub-sections', () => {
    const withOwner = planSections([plan('PD', 'PD'), plan('PDOW', 'PDOW'), plan('PDOWOT', 'PDOW')]);
    const pd = withOwner[0]!;
    expect(ids(pd.plans)).toEqual(['PD']);
    expect(pd.subSections.map((s) => [s.family, ids(s.plans)])).toEqual([['PDOW', ['PDOW', 'PDOWOT']]]);
    expect(withOwner.some((s) => s.family === 'PDOW')).toBe(false);

    expect(planSections([plan('PD', 'PD')])[0]!.subSections).toEqual([]);
  });

  it('takes a price list: subscriptions and one-time plans together', () => {
    const [pd] = planSections({ recurringPriceList: [plan('PD', 'PD')], oneTimePriceList: [plan('PDOT', 'PD')] });
    expect(ids(pd!.plans)).toEqual(['PD', 'PDOT']);
  });

  it('applies the options to the sub-sections too', () => {
    const all = [plan('PDOW', 'PDOW', { status: 'Inactive', totalPurchasedDevices: 1 })];
    expect(planSections(all)[0]!.subSections).toEqual([]);
    const listed = planSections(all, { isListed: (p) => p.status === 'Active' || p.totalPurchasedDevices > 0 });
    expect(ids(listed[0]!.subSections[0]!.plans)).toEqual(['PDOW']);
  });
});
