import { sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_CAP } from '@fleetdeck/contract';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** A timestamp as the database holds it (microseconds, UTC ISO), for keyset cursors. */
export const utcMicros = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows of `table` matching `where`, counted up to LIST_COUNT_CAP + 1 (never an unbounded count on a big table). */
export async function countCapped(db: DbOrTx, table: PgTable, where: SQL | undefined) {
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  return row?.n ?? 0;
}

/** `s` with LIKE's wildcards and escape character escaped, so it matches only itself inside a LIKE pattern. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
