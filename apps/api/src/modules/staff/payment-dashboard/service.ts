import type { FastifyReply } from 'fastify';
import type { Family } from '@fleetdeck/contract';
import {
  PAYMENT_DASHBOARD_FILES,
  type PaymentDashboard,
  type PaymentDashboardExport,
  type ProductCounts,
  type RevenueFigures,
} from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { sendCsv } from '../../../lib/csv-export.ts';
import { centsToNumber, toCents } from '../../payments/money.ts';
import { MONTHS, addDays, isoDate, startOfDay, today } from '../dashboard/zoned-time.ts';
import * as repo from './repository.ts';

/** Days and months follow the zone the back office sends (the browser's); UTC without one. */
export const DEFAULT_TIME_ZONE = 'UTC';

const DAY_MS = 86_400_000;

export interface DashboardQuery {
  hasError?: boolean | undefined;
  reportMonth?: number | undefined;
  reportYear?: number | undefined;
  timeZone?: string | undefined;
  isExportData?: boolean | undefined;
  exportType?: PaymentDashboardExport | undefined;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The zone's calendar date of an instant, `YYYY-MM-DD` (one cached formatter per zone). */
function zoneDate(timeZone: string, t: number): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(t);
}

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The rollups' bucket: 15 minutes divide every zone's offset, so a zone's day starts on a bucket's edge. */
const BUCKET_MS = 15 * 60_000;

interface Part {
  from: number;
  to: number;
  key: string;
}

/**
 * [s, e) (inside one UTC day) cut where its group changes: one part, two (found by halving on the 15-minute grid), or
 * null when the change is not on the grid or there are more (the database then groups each bucket itself).
 */
function partsOf(s: number, e: number, group: ((t: number) => string) | null): Part[] | null {
  if (group === null) return [{ from: s, to: e, key: '' }];
  const first = group(s);
  const last = group(e - 1000);
  if (first === last) return [{ from: s, to: e, key: first }];
  let lo = s;
  let hi = e;
  while (hi - lo > BUCKET_MS) {
    const mid = lo + Math.floor((hi - lo) / BUCKET_MS / 2) * BUCKET_MS;
    if (group(mid) === first) lo = mid;
    else hi = mid;
  }
  if (hi === e || group(hi - 1000) !== first || group(hi) !== last) return null;
  return [
    { from: s, to: hi, key: first },
    { from: hi, to: e, key: last },
  ];
}

/**
 * Where [from, to) lies in the rollups, each piece with the group (`group(t)`: the zone's day or month key; null: one
 * group, key '') it counts in:
 * - a whole UTC day inside one group: its daily row;
 * - a whole UTC day cut in two by the zone's midnight (every day of a non-UTC zone): its daily row in the group of
 *   the longer part, and the shorter part from 15-minute buckets, added to its own group and taken off the other
 *   (a Kolkata day reads 22 buckets, not 96; the daily row is the sum of its buckets, ADR 0007);
 * - the partial days at the edges: their buckets.
 */
export function planSpans(from: Date, to: Date, group: ((t: number) => string) | null) {
  const days: repo.DaySpan[] = [];
  const buckets: repo.BucketSpan[] = [];
  const pushDay = (s: number, e: number, key: string) => {
    const last = days[days.length - 1];
    if (last && last.to === isoDay(s) && last.key === key) last.to = isoDay(e);
    else days.push({ from: isoDay(s), to: isoDay(e), key });
  };
  const pushBuckets = (s: number, e: number, key: string | null, minus: string | null) => {
    const last = buckets[buckets.length - 1];
    const sIso = new Date(s).toISOString();
    if (last && last.to === sIso && last.key === key && last.minus === minus) last.to = new Date(e).toISOString();
    else buckets.push({ from: sIso, to: new Date(e).toISOString(), key, minus });
  };
  const start = from.getTime();
  const end = to.getTime();
  for (let d = Math.floor(start / DAY_MS) * DAY_MS; d < end; d += DAY_MS) {
    const s = Math.max(d, start);
    const e = Math.min(d + DAY_MS, end);
    const whole = s === d && e === d + DAY_MS;
    const parts = partsOf(s, e, group);
    if (parts === null) {
      pushBuckets(s, e, null, null);
    } else if (whole && parts.length === 1) {
      pushDay(d, d + DAY_MS, parts[0]!.key);
    } else if (whole) {
      const [a, b] = parts as [Part, Part];
      const [longer, shorter] = a.to - a.from >= b.to - b.from ? [a, b] : [b, a];
      pushDay(d, d + DAY_MS, longer.key);
      pushBuckets(shorter.from, shorter.to, shorter.key, longer.key);
    } else {
      for (const p of parts) pushBuckets(p.from, p.to, p.key, null);
    }
  }
  return { days, buckets };
}

/** The first day of the UTC month of an ISO date, and of the month after it. */
const monthStart = (isoDate: string) => `${isoDate.slice(0, 7)}-01`;
const nextMonthStart = (isoDate: string) => {
  const d = new Date(`${monthStart(isoDate)}T00:00:00Z`);
  return isoDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
};

/**
 * Runs of whole UTC days (planSpans' `days`) with the whole UTC months inside them taken out, to be read from the
 * monthly rollup (issue 22): a year by month reads ~12 rows a month and family instead of ~30. Any zone's month is a
 * whole UTC month once its edge days are counted on the side of their longer part, so every inner month of a year
 * qualifies, whatever the zone.
 */
export function splitMonths(runs: repo.DaySpan[]): { months: repo.DaySpan[]; days: repo.DaySpan[] } {
  const months: repo.DaySpan[] = [];
  const days: repo.DaySpan[] = [];
  for (const run of runs) {
    const first = run.from === monthStart(run.from) ? run.from : nextMonthStart(run.from);
    const last = monthStart(run.to);
    if (first >= last) {
      days.push(run);
      continue;
    }
    if (run.from < first) days.push({ from: run.from, to: first, key: run.key });
    months.push({ from: first, to: last, key: run.key });
    if (last < run.to) days.push({ from: last, to: run.to, key: run.key });
  }
  return { months, days };
}

const statusesOf = (hasError: boolean | undefined): readonly string[] | null =>
  hasError === undefined ? null : hasError ? ['Failed'] : ['Success'];
/** The product pies count Success payments only (DECISIONS §14), whatever the charts' `hasError` filter says. */
const PIE_STATUSES = ['Success'] as const;

const PRODUCT_KEYS: Record<Family, keyof ProductCounts> = {
  PD: 'pdSubscriptions',
  PC: 'pcSubscriptions',
  UB: 'ubSubscriptions',
  KM: 'kmSubscriptions',
  POB: 'pobSubscriptions',
  PCHAT: 'pChatSubscriptions',
  PDOW: 'pdowSubscriptions',
  SL: 'slSubscriptions',
};

function productCounts(rows: { family: string; n: number }[]): ProductCounts {
  const out: ProductCounts = {
    pdSubscriptions: 0,
    pcSubscriptions: 0,
    ubSubscriptions: 0,
    kmSubscriptions: 0,
    pobSubscriptions: 0,
    pChatSubscriptions: 0,
    pdowSubscriptions: 0,
    slSubscriptions: 0,
  };
  for (const r of rows) {
    const k = PRODUCT_KEYS[r.family as Family];
    if (k) out[k] += r.n;
  }
  return out;
}

/** Where [from, to) of the zone lies in the rollups, grouped by its days, its months, or not at all. */
function spansOf(q: { from: Date; to: Date; timeZone: string; unit: 'day' | 'month' | null }): repo.SpanQuery {
  // The keys are the database's (`keyFormat`) for the same instants: 'YYYY-MM-DD' and the month's number ('FMMM').
  const group =
    q.unit === null
      ? null
      : q.unit === 'day'
        ? (t: number) => zoneDate(q.timeZone, t)
        : (t: number) => String(Number(zoneDate(q.timeZone, t).slice(5, 7)));
  const planned = planSpans(q.from, q.to, group);
  const { months, days } = splitMonths(planned.days);
  return {
    timeZone: q.timeZone,
    keyFormat: q.unit === null ? null : q.unit === 'day' ? 'YYYY-MM-DD' : 'FMMM',
    months,
    days,
    buckets: planned.buckets,
    range: { from: q.from.toISOString(), to: q.to.toISOString() },
  };
}

/** Payment counts over [from, to) of the zone, grouped by its days, its months, or not at all. */
const countPayments = (
  ctx: AppContext,
  q: {
    from: Date;
    to: Date;
    timeZone: string;
    unit: 'day' | 'month' | null;
    statuses: readonly string[] | null;
    byFamily?: boolean;
  },
) => repo.paymentCountsBy(ctx.db, { ...spansOf(q), statuses: q.statuses, byFamily: q.byFamily ?? false });

/** A signed numeric text ("-12.50") in cents. */
const signedCents = (v: string) => (v.startsWith('-') ? -toCents(v.slice(1)) : toCents(v));

/** Gross and refunded cents of rollup rows (all of them, or those of one key). */
function revenueCents(rows: repo.RevenueRow[], key?: string) {
  let gross = 0;
  let refunded = 0;
  for (const r of rows) {
    if (key !== undefined && r.key !== key) continue;
    gross += signedCents(r.gross);
    refunded += signedCents(r.refunded);
  }
  return { gross, refunded };
}

const figures = (c: { gross: number; refunded: number }): RevenueFigures => ({
  gross: centsToNumber(c.gross),
  refunded: centsToNumber(c.refunded),
  net: centsToNumber(c.gross - c.refunded),
});

const sum = (rows: { n: number }[]) => rows.reduce((n, r) => n + r.n, 0);
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
/** The customers' country by name ("United Kingdom"), from its ISO code (DECISIONS §14); "Unknown" when none. */
const countryName = (c: string) => {
  if (c === '') return 'Unknown';
  try {
    return regionNames.of(c) ?? c;
  } catch {
    return c; // not an ISO region code
  }
};

interface Period {
  timeZone: string;
  reportMonth: number;
  reportYear: number;
  monthFrom: Date;
  monthTo: Date;
  yearFrom: Date;
  yearTo: Date;
}

function periodOf(q: DashboardQuery): Period {
  const timeZone = q.timeZone ?? DEFAULT_TIME_ZONE;
  const now = today(timeZone);
  const reportMonth = q.reportMonth ?? now.month;
  const reportYear = q.reportYear ?? now.year;
  return {
    timeZone,
    reportMonth,
    reportYear,
    monthFrom: startOfDay({ year: reportYear, month: reportMonth, day: 1 }, timeZone),
    monthTo: startOfDay({ year: reportYear, month: reportMonth + 1, day: 1 }, timeZone),
    yearFrom: startOfDay({ year: reportYear, month: 0, day: 1 }, timeZone),
    yearTo: startOfDay({ year: reportYear + 1, month: 0, day: 1 }, timeZone),
  };
}

/** The day-wise bars of the report month from count rows keyed by the zone's day. */
function dayBars(p: Period, rows: repo.PaymentCountRow[]) {
  const daysInMonth = new Date(Date.UTC(p.reportYear, p.reportMonth + 1, 0)).getUTCDate();
  const byDay = new Map<string, number>();
  for (const r of rows) byDay.set(r.key, (byDay.get(r.key) ?? 0) + r.n);
  return Array.from({ length: daysInMonth }, (_, i) => {
    const key = isoDate({ year: p.reportYear, month: p.reportMonth, day: i + 1 });
    return { key, label: String(i + 1), count: byDay.get(key) ?? 0 };
  });
}

const monthByDay = (ctx: AppContext, p: Period, statuses: readonly string[] | null, byFamily: boolean) =>
  countPayments(ctx, { from: p.monthFrom, to: p.monthTo, timeZone: p.timeZone, unit: 'day', statuses, byFamily });

async function dayWise(ctx: AppContext, p: Period, statuses: readonly string[] | null) {
  return dayBars(p, await monthByDay(ctx, p, statuses, false));
}

async function monthWise(ctx: AppContext, p: Period, statuses: readonly string[] | null) {
  const rows = await countPayments(ctx, {
    from: p.yearFrom,
    to: p.yearTo,
    timeZone: p.timeZone,
    unit: 'month',
    statuses,
  });
  return MONTHS.map((label, month) => ({
    key: month,
    label,
    count: sum(rows.filter((r) => r.key === String(month + 1))),
  }));
}

export async function paymentDashboard(ctx: AppContext, q: DashboardQuery): Promise<PaymentDashboard> {
  const p = periodOf(q);
  const statuses = statusesOf(q.hasError);
  const day = today(p.timeZone);
  const todayUtc = isoDay(Date.now());
  const nextUtc = isoDay(Date.now() + DAY_MS);
  const todayFrom = startOfDay(day, p.timeZone);
  const todayTo = startOfDay(addDays(day, 1), p.timeZone);
  const [todays, monthRows, allTime, months, yearViews, todayViews, countries, todayMoney, yearMoney] =
    await Promise.all([
      countPayments(ctx, { from: todayFrom, to: todayTo, timeZone: p.timeZone, unit: null, statuses: null }),
      // The month's days by family and status: the day-wise bars (`hasError`'s statuses) and the month's pie (Success),
      // one read of the rollups.
      monthByDay(ctx, p, null, true),
      repo.paymentCountsAllTime(ctx.db, PIE_STATUSES),
      monthWise(ctx, p, statuses),
      repo.pageViewsBy(ctx.db, { from: `${p.reportYear}-01-01`, to: `${p.reportYear + 1}-01-01`, unit: 'month' }),
      repo.pageViewsBy(ctx.db, { from: todayUtc, to: nextUtc, unit: 'day' }),
      repo.customersByCountry(ctx.db, 10),
      repo.revenueBy(ctx.db, spansOf({ from: todayFrom, to: todayTo, timeZone: p.timeZone, unit: null })),
      repo.revenueBy(ctx.db, spansOf({ from: p.yearFrom, to: p.yearTo, timeZone: p.timeZone, unit: 'month' })),
    ]);
  const days = dayBars(p, statuses === null ? monthRows : monthRows.filter((r) => statuses.includes(r.status)));
  const byMonth = monthRows.filter((r) => (PIE_STATUSES as readonly string[]).includes(r.status));
  const monthWiseRevenue = MONTHS.map((_, month) => revenueCents(yearMoney, String(month + 1)));
  const todaysMoney = revenueCents(todayMoney);
  const views = (rows: typeof yearViews, key: string, page: 'Home' | 'Payment') =>
    rows.find((r) => r.key === key && r.page === page)?.n ?? 0;
  return {
    reportMonth: p.reportMonth,
    reportYear: p.reportYear,
    timeZone: p.timeZone,
    date: isoDate(day),
    dashboardStats: {
      todaysPayment: sum(todays),
      todaysSuccessPayment: sum(todays.filter((r) => r.status === 'Success')),
      todaysFailedPayment: sum(todays.filter((r) => r.status === 'Failed')),
      todaysHomePageCount: views(todayViews, todayUtc, 'Home'),
      todaysPaymentPageCount: views(todayViews, todayUtc, 'Payment'),
      todaysRevenue: centsToNumber(todaysMoney.gross),
      todaysRefunded: centsToNumber(todaysMoney.refunded),
    },
    revenue: { month: figures(monthWiseRevenue[p.reportMonth]!), year: figures(revenueCents(yearMoney)) },
    monthWiseRevenueChart: monthWiseRevenue.map(figures),
    planWisePieChart: productCounts(allTime),
    planWisePieChartByMonth: productCounts(byMonth),
    dayWiseBarChart: days,
    monthWiseBarChart: months,
    monthWisePageViewMultipleBarChart: MONTHS.map((label, month) => ({
      key: month,
      label,
      homePageCount: views(yearViews, String(month + 1), 'Home'),
      paymentPageCount: views(yearViews, String(month + 1), 'Payment'),
    })),
    topTenCountryWiseCustomer: countries.map((c) => ({ _id: countryName(c.country), count: c.n })),
  };
}

async function* each<T>(rows: T[]): AsyncGenerator<T> {
  yield* rows;
}

/**
 * The Export buttons: `dayWise` (each day of the report month), `monthWise` (each month of the report year), both with
 * the chart's `hasError` filter, and `countryWise` (every country, largest first). A period without payments, or no
 * customers, answers 404 `E_NO_DATA`.
 */
export async function exportDashboard(ctx: AppContext, q: DashboardQuery, reply: FastifyReply) {
  const type = q.exportType ?? 'countryWise';
  const p = periodOf(q);
  const file = PAYMENT_DASHBOARD_FILES[type];
  const [first, second] = file.headers;
  if (type === 'countryWise') {
    const rows = await repo.customersByCountry(ctx.db, null);
    return sendCsv(reply, {
      fileName: file.fileName,
      columns: [
        { header: first, value: (r: { country: string; n: number }) => countryName(r.country) },
        { header: second, value: (r: { country: string; n: number }) => r.n },
      ],
      rows: each(rows),
    });
  }
  const bars =
    type === 'dayWise'
      ? await dayWise(ctx, p, statusesOf(q.hasError))
      : (await monthWise(ctx, p, statusesOf(q.hasError))).map((b) => ({
          ...b,
          key: `${p.reportYear}-${String(b.key + 1).padStart(2, '0')}`,
        }));
  return sendCsv(reply, {
    fileName: file.fileName,
    columns: [
      { header: first, value: (r: { key: string; count: number }) => r.key },
      { header: second, value: (r: { key: string; count: number }) => r.count },
    ],
    rows: each(sum(bars.map((b) => ({ n: b.count }))) === 0 ? [] : bars),
  });
}
