import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { ErrorCode } from '@fleetdeck/contract';
import type { Db, DbOrTx } from '../db/client.ts';
import { intArray, textArray } from '../db/arrays.ts';
import { tooMany } from './errors.ts';

/**
 * The part of a client address a limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber's network: a single host has billions of addresses in it), an IPv4-mapped IPv6 address as IPv4.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(ip)) return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

function expandIpv6(ip: string): string[] {
  let address = ip.split('%')[0]!;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0');
  return [...headGroups, ...fill, ...tailGroups].map((g) => parseInt(g, 16).toString(16));
}

/** Keys end in `ip:<address>` for per-client limits (`login:ip:…`): the address part is counted by `addressKey`. */
const IP_KEY = /(^|:)ip:([0-9A-Fa-f:.%]+)$/;

/**
 * Fixed-window counters kept in Postgres (DECISIONS §3: counters several API processes must agree on).
 * One upsert per check; old windows are swept by a scheduled job.
 */
/** The key a limit counts under: `…ip:<address>` keys by `addressKey` (SQL that counts a hit itself uses this too). */
export const limitKey = (rawKey: string) =>
  rawKey.replace(IP_KEY, (_, lead: string, ip: string) => `${lead}ip:${addressKey(ip)}`);

/** Counts one call of `rawKey` in its current window: the window's count after it, and seconds until it ends. */
export async function hit(db: DbOrTx, rawKey: string, windowSeconds: number) {
  return (await hitMany(db, new Map([[rawKey, 1]]), windowSeconds)).get(rawKey)!;
}

/**
 * `hit` for several keys in one statement (a batch of device reports): each key counted `n` times. Answers each key's
 * count after the statement; keys are written in sorted order, so two batches never wait on each other's rows in turn.
 */
export async function hitMany(db: DbOrTx, counts: ReadonlyMap<string, number>, windowSeconds: number) {
  const merged = new Map<string, number>();
  for (const [raw, n] of counts) merged.set(limitKey(raw), (merged.get(limitKey(raw)) ?? 0) + n);
  const keys = [...merged.keys()].sort();
  const result = await db.execute<{ key: string; count: number; retry_after: number }>(sql`
    insert into rate_limit_counters as c (key, window_start, count)
    select u.key, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), u.n
      from unnest(${textArray(keys)}, ${intArray(keys.map((k) => merged.get(k)!))}) as u(key, n)
    on conflict (key, window_start) do update set count = c.count + excluded.count
    returning c.key, c.count, extract(epoch from (c.window_start + make_interval(secs => ${windowSeconds}) - now()))::float as retry_after`);
  const byKey = new Map(result.rows.map((r) => [r.key, { count: Number(r.count), retryAfter: Number(r.retry_after) }]));
  return new Map([...counts.keys()].map((raw) => [raw, byKey.get(limitKey(raw))!]));
}

/** The count of the current window of `key`, without counting (0 when nothing was counted yet). */
export async function peek(db: Db, rawKey: string, windowSeconds: number): Promise<number> {
  const key = limitKey(rawKey);
  const result = await db.execute<{ count: number }>(sql`
    select count from rate_limit_counters
     where key = ${key}
       and window_start = to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`);
  return Number(result.rows[0]?.count ?? 0);
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

/**
 * A per-address limit of a sign-in call (`<call>:ip:<address>`): at most `max` calls a window from one client address,
 * then 429 saying what was counted (`counted`, e.g. "login attempts") and when to come back.
 */
export async function enforceAddressLimit(
  db: Db,
  ip: string,
  call: string,
  limit: { max: number; windowSeconds: number; counted: string },
) {
  const comeBack =
    limit.windowSeconds < 3600
      ? `Please wait ${limit.windowSeconds / 60} minutes and try again.`
      : 'Please try again later.';
  await enforceLimit(
    db,
    `${call}:ip:${ip}`,
    limit.max,
    limit.windowSeconds,
    `Too many ${limit.counted} from your network. ${comeBack}`,
  );
}

/**
 * Adds `amount` to the current fixed window of `rawKey` unless the count would pass `max` (then adds nothing): a
 * budget of units (rows, bytes) rather than of calls. One statement, so concurrent spenders never pass `max`
 * together. `retryAfter`: seconds until the window ends.
 */
export async function spend(db: DbOrTx, rawKey: string, amount: number, max: number, windowSeconds: number) {
  const key = limitKey(rawKey);
  const units = sql`${amount}::int`;
  const cap = sql`${max}::int`;
  const window = sql`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limit_counters as c (key, window_start, count)
    select ${key}, ${window}, ${units} where ${units} <= ${cap}
    on conflict (key, window_start) do update set count = c.count + ${units} where c.count + ${units} <= ${cap}
    returning c.count`);
  const end = await db.execute<{ retry_after: number }>(
    sql`select extract(epoch from (${window} + make_interval(secs => ${windowSeconds}) - now()))::float as retry_after`,
  );
  return { spent: result.rows.length > 0, retryAfter: Number(end.rows[0]!.retry_after) };
}

/** Gives back what `spend` took in the current window (a later check refused the work it paid for). */
export async function unspend(db: DbOrTx, rawKey: string, amount: number, windowSeconds: number) {
  await db.execute(sql`
    update rate_limit_counters set count = greatest(count - ${amount}::int, 0)
     where key = ${limitKey(rawKey)}
       and window_start = to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`);
}

/**
 * True when nothing was claimed under `rawKey` in the last `seconds` (a sliding window, unlike `hit`'s fixed ones), and
 * then claims it: at most one true per key per `seconds`. Run it in the transaction of what it allows: the key's
 * advisory lock is held until that transaction ends, so two callers at once get one true. Rows older than a day are
 * swept, so `seconds` is at most a day.
 */
export async function claimOncePer(tx: DbOrTx, rawKey: string, seconds: number): Promise<boolean> {
  const key = limitKey(rawKey);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`once:${key}`}, 0))`);
  const claimed = await tx.execute(sql`
    insert into rate_limit_counters (key, window_start, count)
    select ${key}, now(), 1
     where not exists (select 1 from rate_limit_counters
                        where key = ${key} and window_start > now() - make_interval(secs => ${seconds}))
    on conflict (key, window_start) do nothing
    returning 1 as claimed`);
  return claimed.rows.length > 0;
}

export async function sweepRateLimits(db: Db) {
  await db.execute(sql`delete from rate_limit_counters where window_start < now() - interval '1 day'`);
}
