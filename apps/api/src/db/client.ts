import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Independent reads: side by side on the pool, one after another inside a transaction. A transaction is one
 * connection, which runs one query at a time anyway; handing it several at once only queues them in pg (deprecated,
 * removed in pg 9).
 */
export async function allReads<T extends readonly (() => Promise<unknown>)[]>(
  db: DbOrTx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

/** The API's database bounds (issue 12, item 7): a connection is waited for 10 s at most, a statement runs 30 s. */
export const DB_CONNECTION_TIMEOUT_MS = 10_000;
export const DB_STATEMENT_TIMEOUT_MS = 30_000;

export function createPool(url: string, max = 10, opts: { statementTimeoutMs?: number } = {}) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    // A saturated pool or an unreachable server answers 500 after this, instead of holding the request forever.
    connectionTimeoutMillis: DB_CONNECTION_TIMEOUT_MS,
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

const MIGRATION_LOCK = 7_391_001;

/** Applies committed migrations under an advisory lock, so several processes starting together take turns. */
export async function runMigrations(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    // Migrations may rewrite big tables: no statement timeout on their connection.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    // The connection goes back to the pool: with the pool's statement timeout again, not the migrations' none.
    await client.query('reset statement_timeout').catch(() => undefined);
    client.release();
  }
}

export { schema };
