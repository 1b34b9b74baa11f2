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
    expect(days).toEqual([{ from: '2024-07-01', to: '2024-07-31', key: '2024-07' }]);
    expect(buckets).toEqual([
      { from: '2024-06-30T18:15:00.000Z', to: '2024-07-01T00:00:00.000Z', key: '2024-07', minus: null },
      { from: '2024-07-31T00:00:00.000Z', to: '2024-07-31T18:15:00.000Z', key: '2024-07', minus: null },
    ]);
  });

  it('reads a UTC month from the daily rollup only, and each UTC day of a non-UTC zone as its daily row and its shorter part', () => {
    const utc = planSpans(new Date('2025-03-01T00:00:00Z'), new Date('2025-04-01T00:00:00Z'), (t) => monthOf(t, 'UTC'));
    expect(utc).toEqual({ days: [{ from: '2025-03-01', to: '2025-04-01', key: '2025-03' }], buckets: [] });
    const zone = 'America/New_York';
    const from = startOfDay({ year: 2025, month: 2, day: 1 }, zone);
    const to = startOfDay({ year: 2025, month: 3, day: 1 }, zone);
    const byDay = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(t);
    // Across the DST change of 9 March: every UTC day is cut by New York's midnight (05:00Z, then 04:00Z); its daily
    // row counts on the New York day of its longer part (19 or 20 hours, after the cut), the first 5 or 4 hours are
    // read from buckets, added to the day before and taken off this one. The first and last UTC days are partial.
    const { days, buckets } = planSpans(from, to, byDay);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ from: '2025-03-02', to: '2025-03-03', key: '2025-03-02' });
    expect(buckets[0]).toEqual({
      from: '2025-03-01T05:00:00.000Z',
      to: '2025-03-02T00:00:00.000Z',
      key: '2025-03-01',
      minus: null,
    });
    expect(buckets[1]).toEqual({
      from: '2025-03-02T00:00:00.000Z',
      to: '2025-03-02T05:00:00.000Z',
      key: '2025-03-01',
      minus: '2025-03-02',
    });
    expect(buckets.find((b) => b.from === '2025-03-10T00:00:00.000Z')).toEqual({
      from: '2025-03-10T00:00:00.000Z',
      to: '2025-03-10T04:00:00.000Z',
      key: '2025-03-09',
      minus: '2025-03-10',
    });
    expect(buckets[buckets.length - 1]).toEqual({
      from: '2025-04-01T00:00:00.000Z',
      to: '2025-04-01T04:00:00.000Z',
      key: '2025-03-31',
      minus: null,
    });
    // 151 hours of buckets (the edges, 19 and 4; 5 a day until 9 March, then 4) instead of the whole month's 743.
    const hours = buckets.reduce((h, b) => h + (Date.parse(b.to) - Date.parse(b.from)) / 3_600_000, 0);
    expect(hours).toBe(19 + 8 * 5 + 22 * 4 + 4);
  });
});
