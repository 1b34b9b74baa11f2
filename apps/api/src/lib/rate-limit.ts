import { sql } from 'drizzle-orm';
import type { ErrorCode } from '@fleetdeck/contract';
import type { Db } from '../db/client.ts';
import { tooMany } from './errors.ts';

/**
 * Fixed-window counters kept in Postgres (DECISIONS §3: counters several API processes must agree on).
 * One upsert per check; old windows are swept by a scheduled job.
 */
export async function hit(db: Db, key: string, windowSeconds: number) {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into rate_limit_counters as c (key, window_start, count)
    values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (key, window_start) do update set count = c.count + 1
    returning c.count, extract(epoch from (c.window_start + make_interval(secs => ${windowSeconds}) - now()))::float as retry_after`);
  const row = result.rows[0]!;
  return { count: Number(row.count), retryAfter: Number(row.retry_after) };
}

export async function enforceLimit(
  db: Db,
  key: string,
  max: number,
  windowSeconds: number,
  message = 'Too many requests. Please wait a moment and try again.',
  code: ErrorCode = 'E_RATE_LIMITED',
) {
  const { count, retryAfter } = await hit(db, key, windowSeconds);
  if (count > max) throw tooMany(message, code, retryAfter);
}

export async function sweepRateLimits(db: Db) {
  await db.execute(sql`delete from rate_limit_counters where window_start < now() - interval '1 day'`);
}
