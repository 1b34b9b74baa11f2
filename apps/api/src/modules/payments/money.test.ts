import { describe, expect, it } from 'vitest';
import { addYears, centsToNumeric, discountCents, toCents, totals } from './money.ts';

describe('money in cents', () => {
  it('parses amounts exactly', () => {
    expect(toCents('29.99')).toBe(2999);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('30')).toBe(3000);
    expect(toCents(0.29)).toBe(29);
    expect(() => toCents('1.234')).toThrow();
    expect(() => toCents('-1')).toThrow();
  });

  it('formats cents as numeric(12,2)', () => {
    expect(centsToNumeric(8097)).toBe('80.97');
    expect(centsToNumeric(5)).toBe('0.05');
    expect(centsToNumeric(100)).toBe('1.00');
  });

  it('rounds discounts half up to the cent, with no float drift', () => {
    expect(discountCents(8997, '10.00')).toBe(900); // 899.7
    expect(discountCents(999, '12.5')).toBe(125); // 124.875
    expect(discountCents(1000, '0.05')).toBe(1); // 0.5 → 1
    expect(totals('29.99', 3, '10.00')).toEqual({
      unitCents: 2999,
      subtotalCents: 8997,
      discountCents: 900,
      totalCents: 8097,
    });
    expect(totals('0.10', 3, null).totalCents).toBe(30); // 0.1 × 3 is 0.30000000000000004 in floats
    expect(totals('10.00', 1, '100').totalCents).toBe(0);
  });

  it('adds calendar years', () => {
    expect(addYears(new Date('2026-03-15T10:00:00Z'), 3).toISOString()).toBe('2029-03-15T10:00:00.000Z');
  });
});
