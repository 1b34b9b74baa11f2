import type { LoginBar, LoginHistoryRow } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { cursorId, cursorTimestamp, decodeCursor, keysetAnswer, keysetWindowOf } from '../../activity/keyset.ts';
import * as repo from './repository.ts';
import { MONTHS, addDays, isoDate, startOfDay, today, weekdayOf } from './zoned-time.ts';

/** DECISIONS §8 login counts; days, weeks and months in the zone asked for (UTC unless the back office sends one). */
export const DEFAULT_TIME_ZONE = 'UTC';

type Counts = { hasError?: boolean | undefined; timeZone?: string | undefined };

const countOf = (rows: repo.LoginCountRow[], key: string, source: 'Web' | 'App') =>
  rows.find((r) => r.key === key && r.source === source)?.n ?? 0;

export async function todayCounts(ctx: AppContext, q: Counts) {
  const timeZone = q.timeZone ?? DEFAULT_TIME_ZONE;
  const day = today(timeZone);
  const rows = await repo.loginCountsBy(ctx.db, {
    from: startOfDay(day, timeZone),
    to: startOfDay(addDays(day, 1), timeZone),
    timeZone,
    unit: 'day',
    hasError: q.hasError,
  });
  const key = isoDate(day);
  return {
    todayAppLoginCount: countOf(rows, key, 'App'),
    todayWebLoginCount: countOf(rows, key, 'Web'),
    date: key,
    timeZone,
  };
}

/** The last 8 days, today included, oldest first, labelled by week day (spec 3: "last 8 days, Sun..Sat"). */
export async function weekCounts(ctx: AppContext, q: Counts) {
  const timeZone = q.timeZone ?? DEFAULT_TIME_ZONE;
  const days = Array.from({ length: 8 }, (_, i) => addDays(today(timeZone), i - 7));
  const rows = await repo.loginCountsBy(ctx.db, {
    from: startOfDay(days[0]!, timeZone),
    to: startOfDay(addDays(days[7]!, 1), timeZone),
    timeZone,
    unit: 'day',
    hasError: q.hasError,
  });
  const bars = (source: 'Web' | 'App'): LoginBar[] =>
    days.map((d) => ({ key: isoDate(d), label: weekdayOf(d), count: countOf(rows, isoDate(d), source) }));
  return { timeZone, weekWiseWebLoginCount: bars('Web'), weekWiseAppLoginCount: bars('App') };
}

/** January to December of the current year in the zone. */
export async function monthCounts(ctx: AppContext, q: Counts) {
  const timeZone = q.timeZone ?? DEFAULT_TIME_ZONE;
  const { year } = today(timeZone);
  const rows = await repo.loginCountsBy(ctx.db, {
    from: startOfDay({ year, month: 0, day: 1 }, timeZone),
    to: startOfDay({ year: year + 1, month: 0, day: 1 }, timeZone),
    timeZone,
    unit: 'month',
    hasError: q.hasError,
  });
  const bars = (source: 'Web' | 'App'): LoginBar[] =>
    MONTHS.map((label, month) => ({ key: month, label, count: countOf(rows, String(month + 1), source) }));
  return { year, timeZone, monthWiseWebLoginCount: bars('Web'), monthWiseAppLoginCount: bars('App') };
}

const SORT = 'created_at';

export async function loginHistory(
  ctx: AppContext,
  q: {
    source?: 'All' | 'Web' | 'App' | undefined;
    type?: 'All' | 'Login' | undefined;
    email?: string | undefined;
    hasError?: boolean | undefined;
    page: number;
    limit: number;
    cursor?: string | undefined;
  },
) {
  const after = q.cursor
    ? (() => {
        const [createdAt, id] = decodeCursor(q.cursor, SORT, 'desc', 2);
        return { createdAt: cursorTimestamp(createdAt), id: cursorId(id) };
      })()
    : undefined;
  const newestFirst = { ...q, order: 'desc' as const };
  const found = await repo.listLoginHistory(ctx.db, {
    source: q.source === 'All' ? undefined : q.source,
    email: q.email?.toLowerCase(),
    hasError: q.hasError,
    ...keysetWindowOf(newestFirst, after),
  });
  return keysetAnswer(
    found,
    newestFirst,
    SORT,
    (r) => [r.createdAtMicros, r.id],
    (r): LoginHistoryRow => ({
      _id: String(r.id),
      created_by: r.email,
      customerId: r.customerId,
      source: r.source,
      type: 'Login',
      hasError: r.hasError,
      message: r.message,
      created_at: r.createdAt.toISOString(),
    }),
  );
}
