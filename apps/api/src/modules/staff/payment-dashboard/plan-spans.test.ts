import { describe, expect, it } from 'vitest';
import { startOfDay } from '../dashboard/zoned-time.ts';
import { planSpans } from './service.ts';

const monthOf = (t: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(t);

describe('planSpans: whole UTC days from the daily rollup, the edges from 15-minute buckets', () => {
  it('reads a Kathmandu (+05:45) month as its inner UTC days plus two partial days', () => {
    const zone = 'Asia/Kathmandu';
    const from = startOfDay({ year: 2024, month: 6, day: 1 }, zone);
    const to = startOfDay({ year: 2024, month: 7, day: 1 }, zone);
    expect(from.toISOString()).toBe('2024-06-30T18:15:00.000Z');
    const { days, buckets } = planSpans(from, to, (t) => monthOf(t, zone));
    expect(days).toEqual([{ from: '2024-07-01', to: '2024-07-31' }]);
    expect(buckets).toEqual([
      { from: '2024-06-30T18:15:00.000Z', to: '2024-07-01T00:00:00.000Z' },
      { from: '2024-07-31T00:00:00.000Z', to: '2024-07-31T18:15:00.000Z' },
    ]);
  });

  it('reads a UTC month from the daily rollup only, and the days of a non-UTC zone from buckets only', () => {
    const utc = planSpans(new Date('2025-03-01T00:00:00Z'), new Date('2025-04-01T00:00:00Z'), (t) => monthOf(t, 'UTC'));
    expect(utc).toEqual({ days: [{ from: '2025-03-01', to: '2025-04-01' }], buckets: [] });
    const zone = 'America/New_York';
    const from = startOfDay({ year: 2025, month: 2, day: 1 }, zone);
    const to = startOfDay({ year: 2025, month: 3, day: 1 }, zone);
    const byDay = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(t);
    // Across the DST change of 9 March: every UTC day straddles two New York days.
    expect(planSpans(from, to, byDay)).toEqual({
      days: [],
      buckets: [{ from: '2025-03-01T05:00:00.000Z', to: '2025-04-01T04:00:00.000Z' }],
    });
  });
});
