import { describe, expect, it } from 'vitest';
import { startOfDay } from '../dashboard/zoned-time.ts';
import { planSpans, splitMonths } from './service.ts';

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

describe('splitMonths: whole UTC months from the monthly rollup (issue 22)', () => {
  it("reads each inner month of a zone's year from the monthly rollup, whatever the zone, and keeps the edges as days", () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/New_York', 'Asia/Kathmandu']) {
      const from = startOfDay({ year: 2025, month: 0, day: 1 }, zone);
      const to = startOfDay({ year: 2026, month: 0, day: 1 }, zone);
      const { days, buckets } = planSpans(from, to, (t) => monthOf(t, zone));
      const { months, days: rest } = splitMonths(days);
      // February to November are whole UTC months in every zone; January too in UTC and east of it (its first UTC
      // day is a partial edge west of UTC), December in UTC and west of it (its last UTC day is an edge to the east).
      const keys = months.map((m) => m.key);
      const inner = Array.from({ length: 10 }, (_, i) => `2025-${String(i + 2).padStart(2, '0')}`);
      expect(
        keys.filter((k) => inner.includes(k)),
        zone,
      ).toEqual(inner);
      expect(keys.includes('2025-01'), zone).toBe(zone !== 'America/New_York');
      expect(keys.includes('2025-12'), zone).toBe(zone === 'UTC' || zone === 'America/New_York');
      if (zone === 'UTC') {
        expect(months).toHaveLength(12);
        expect(rest).toEqual([]);
      }
      // Nothing is lost or read twice: months and days together are the planned days, in order.
      const covered = [...months, ...rest].sort((a, b) => a.from.localeCompare(b.from));
      expect(covered[0]!.from, zone).toBe(days[0]!.from);
      expect(covered[covered.length - 1]!.to, zone).toBe(days[days.length - 1]!.to);
      for (let i = 1; i < covered.length; i++) expect(covered[i]!.from, zone).toBe(covered[i - 1]!.to);
      expect(buckets.length > 0, zone).toBe(zone !== 'UTC');
    }
  });

  it('leaves runs shorter than a month, or not covering one from its first day, as days', () => {
    expect(splitMonths([{ from: '2025-03-02', to: '2025-03-31', key: 'a' }])).toEqual({
      months: [],
      days: [{ from: '2025-03-02', to: '2025-03-31', key: 'a' }],
    });
    expect(splitMonths([{ from: '2025-02-15', to: '2025-05-10', key: 'b' }])).toEqual({
      months: [{ from: '2025-03-01', to: '2025-05-01', key: 'b' }],
      days: [
        { from: '2025-02-15', to: '2025-03-01', key: 'b' },
        { from: '2025-05-01', to: '2025-05-10', key: 'b' },
      ],
    });
    expect(splitMonths([{ from: '2024-12-01', to: '2025-01-01', key: 'c' }]).months).toEqual([
      { from: '2024-12-01', to: '2025-01-01', key: 'c' },
    ]);
  });
});
