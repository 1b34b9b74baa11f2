import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { apiKeys } from '../../db/schema.ts';

/** A key as the list shows it, with its creator's name (null once they left the team). */
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  rateLimit: number;
}

/** One window of a key's rate limit: a minute. */
export const KEY_WINDOW_SECONDS = 60;

/**
 * Serialises the key writes of one account (the count against MAX_API_KEYS and the name check stay true until the
 * transaction commits).
 */
export async function lockAccountKeys(tx: DbOrTx, customerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api-keys:${customerId}`}, 0))`);
}

/** The account's keys in use (not revoked; expired ones still count until revoked) and whether `name` is one of them. */
export async function openKeyCount(tx: DbOrTx, customerId: string, name: string) {
  const result = await tx.execute<{ total: number; named: number }>(sql`
    select count(*)::int as total, count(*) filter (where lower(name) = lower(${name}))::int as named
      from api_keys where customer_id = ${customerId} and revoked_at is null`);
  return { total: Number(result.rows[0]!.total), named: Number(result.rows[0]!.named) };
}

/**
 * Inserts a key; `createdByMemberId` null (a session older than the team) names the account's registrant.
 * Answers the new key's id.
 */
export async function insertKey(
  tx: DbOrTx,
  values: {
    customerId: string;
    name: string;
    prefix: string;
    keyHash: string;
    scopes: readonly string[];
    createdByMemberId: string | null;
    expiresAt: Date | null;
  },
): Promise<string> {
  const result = await tx.execute<{ id: string }>(sql`
    insert into api_keys (customer_id, name, prefix, key_hash, scopes, created_by_member_id, expires_at)
    values (${values.customerId}, ${values.name}, ${values.prefix}, ${values.keyHash},
            ${sql.param([...values.scopes])}::text[],
            coalesce(${values.createdByMemberId}::uuid,
                     (select id from account_members where customer_id = ${values.customerId} and registrant)),
            ${values.expiresAt})
    returning id`);
  return result.rows[0]!.id;
}

/** The account's keys not revoked, newest first (`keyId`: that one only). */
export async function listKeys(db: DbOrTx, customerId: string, keyId?: string): Promise<ApiKeyRow[]> {
  const result = await db.execute<{
    id: string;
    name: string;
    prefix: string;
    scopes: string[];
    created_by: string | null;
    created_at: Date;
    last_used_at: Date | null;
    expires_at: Date | null;
    rate_limit: number;
  }>(sql`
    select k.id, k.name, k.prefix, k.scopes, k.created_at, k.last_used_at, k.expires_at, k.rate_limit,
           case when m.id is null or m.removed_at is not null then null
                when m.registrant then coalesce(nullif(c.name, ''), c.email)
                else coalesce(nullif(m.name, ''), m.email) end as created_by
      from api_keys k
      join customers c on c.id = k.customer_id
      left join account_members m on m.id = k.created_by_member_id
     where k.customer_id = ${customerId} and k.revoked_at is null
       ${keyId === undefined ? sql`` : sql`and k.id = ${keyId}`}
     order by k.created_at desc, k.id desc`);
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    createdBy: r.created_by,
    createdAt: new Date(r.created_at),
    lastUsedAt: r.last_used_at === null ? null : new Date(r.last_used_at),
    expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
    rateLimit: Number(r.rate_limit),
  }));
}

/** Revokes a key of the account; null when there is no such key in use (another account's id, or revoked already). */
export async function revokeKey(tx: DbOrTx, customerId: string, keyId: string): Promise<{ name: string } | null> {
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.customerId, customerId), isNull(apiKeys.revokedAt)))
    .returning({ name: apiKeys.name });
  return row ?? null;
}

/** The names of keys of the account among `ids` (revoked ones too: the audit keeps naming them). */
export async function keyNames(db: DbOrTx, customerId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const result = await db.execute<{ id: string; name: string }>(sql`
    select id, name from api_keys where customer_id = ${customerId} and id = any(${sql.param([...ids])}::uuid[])`);
  return new Map(result.rows.map((r) => [r.id, r.name]));
}

/** A request's key: what the guard checks, and the count of the key's current minute (null when not counted). */
export interface UsedKey {
  id: string;
  customerId: string;
  name: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  rateLimit: number;
  /** Requests of the key in the current minute, this one included; null for a revoked or expired key. */
  count: number | null;
  /** Seconds until the current minute ends. */
  resetSeconds: number | null;
}

/**
 * One round trip per request (DECISIONS §13): finds the key by its hash and, when it is usable (not revoked, not
 * expired), counts the request in the key's per-minute counter (`api_key_usage`, unlogged, shared by every API
 * process) and touches `last_used_at` at most once a minute. A statement of data-modifying CTEs: atomic, no transaction.
 */
export async function useKey(db: Db, keyHash: string): Promise<UsedKey | null> {
  const window = sql`to_timestamp(floor(extract(epoch from now()) / ${KEY_WINDOW_SECONDS}) * ${KEY_WINDOW_SECONDS})`;
  const result = await db.execute<{
    id: string;
    customer_id: string;
    name: string;
    scopes: string[];
    expires_at: Date | null;
    revoked_at: Date | null;
    rate_limit: number;
    count: number | null;
    reset: number | null;
  }>(sql`
    with k as (
      select id, customer_id, name, scopes, expires_at, revoked_at, rate_limit, last_used_at,
             revoked_at is null and (expires_at is null or expires_at > now()) as usable
        from api_keys where key_hash = ${keyHash}
    ), counted as (
      insert into api_key_usage as c (key_id, window_start, count)
      select k.id, ${window}, 1 from k where k.usable
      on conflict (key_id, window_start) do update set count = c.count + 1
      returning c.count,
                extract(epoch from (c.window_start + make_interval(secs => ${KEY_WINDOW_SECONDS}) - now()))::float as reset
    ), touched as (
      update api_keys a set last_used_at = now() from k
       where a.id = k.id and k.usable and (k.last_used_at is null or k.last_used_at < now() - interval '1 minute')
      returning a.id
    )
    select k.id, k.customer_id, k.name, k.scopes, k.expires_at, k.revoked_at, k.rate_limit, counted.count, counted.reset
      from k left join counted on true`);
  const r = result.rows[0];
  if (!r) return null;
  return {
    id: r.id,
    customerId: r.customer_id,
    name: r.name,
    scopes: r.scopes,
    expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
    revokedAt: r.revoked_at === null ? null : new Date(r.revoked_at),
    rateLimit: Number(r.rate_limit),
    count: r.count === null ? null : Number(r.count),
    resetSeconds: r.reset === null ? null : Number(r.reset),
  };
}

/** Deletes the per-minute counts older than an hour (the hourly maintenance job). */
export async function sweepKeyUsage(db: DbOrTx) {
  await db.execute(sql`delete from api_key_usage where window_start < now() - interval '1 hour'`);
}
