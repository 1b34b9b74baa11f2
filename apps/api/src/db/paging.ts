import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_CAP } from '@fleetdeck/contract';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** A timestamp as the database holds it (microseconds, UTC ISO), for keyset cursors. */
export const utcMicros = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rows of `table` matching `where`, counted up to LIST_COUNT_CAP + 1 (never an unbounded count on a big table).
 * `join` adds the joins `where` needs (a dynamic select of `table`).
 */
export async function countCapped(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  join?: (query: PgSelect) => PgSelect,
) {
  const from = db
    .select({ one: sql`1` })
    .from(table)
    .$dynamic();
  const matching = (join ? join(from) : from)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  return row?.n ?? 0;
}

/** `s` with LIKE's wildcards and escape character escaped, so it matches only itself inside a LIKE pattern. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One column of a keyset sort key and the type its cursor value is cast to (none: the column's own, e.g. text). */
export type KeyColumn = readonly [column: AnyPgColumn, cast?: 'timestamptz' | 'uuid' | 'bigint'];

/** Which page of a keyset list: after the previous page's last row, or (without a cursor) by position. */
export interface KeysetWindow {
  limit: number;
  /** Rows to skip, only without `after` (a page reached by its number). */
  offset: number;
  /** The sort key of the previous page's last row, one value per key column. */
  after?: readonly (string | number)[] | undefined;
  /** Of every key column; newest first by default. */
  order?: 'asc' | 'desc' | undefined;
}

/** `(a, b) < ($1, $2)` (`>` ascending): the rows after a cursor, the row comparison the key's index answers. */
export function afterKey(key: readonly KeyColumn[], after: KeysetWindow['after'], order: KeysetWindow['order']) {
  if (!after) return undefined;
  const list = (parts: SQL[]) => sql.join(parts, sql`, `);
  const columns = list(key.map(([column]) => sql`${column}`));
  const values = list(key.map(([, cast], i) => (cast ? sql`${after[i]}::${sql.raw(cast)}` : sql`${after[i]}`)));
  return sql`(${columns}) ${order === 'asc' ? sql`>` : sql`<`} (${values})`;
}

/**
 * The keyset part of every list query: rows matching `where` after the cursor (`afterKey`) or at the offset without
 * one, in the key's order, `limit + 1` of them so the caller knows whether another page follows. `query` is a
 * `$dynamic()` select.
 */
export function keysetPage<Q extends PgSelect>(
  query: Q,
  where: SQL | undefined,
  key: readonly KeyColumn[],
  page: KeysetWindow,
) {
  const direction = page.order === 'asc' ? asc : desc;
  return query
    .where(and(where, afterKey(key, page.after, page.order)))
    .orderBy(...key.map(([column]) => direction(column)))
    .limit(page.limit + 1)
    .offset(page.after ? 0 : page.offset);
}

/** A keyset page of `query` (`keysetPage`) and the capped count of every row of `table` matching `where`. */
export async function keysetPageCounted<Q extends PgSelect>(
  db: DbOrTx,
  table: PgTable,
  query: Q,
  where: SQL | undefined,
  key: readonly KeyColumn[],
  page: KeysetWindow,
) {
  const [rows, counted] = await Promise.all([keysetPage(query, where, key, page), countCapped(db, table, where)]);
  return { rows, counted };
}
