import { describe, expect, it } from 'vitest';
import { periodOf } from './plan-price';

describe('periodOf', () => {
  it('answers the billing period of a plan', () => {
    expect(periodOf({ type: 'recurring', interval: 'year', intervalCount: 1 })).toBe('/ year');
    expect(periodOf({ type: 'recurring', interval: null, intervalCount: 1 })).toBe('/ year');
    expect(periodOf({ type: 'recurring', interval: 'month', intervalCount: 6 })).toBe('/ 6 months');
    expect(periodOf({ type: 'one_time', interval: null, intervalCount: 1 })).toBe('/ 3 years');
  });
});
