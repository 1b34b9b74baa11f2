import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { createPool, type DbOrTx } from '../apps/api/src/db/client.ts';
import * as schema from '../apps/api/src/db/schema.ts';
import { createTestDatabase, startTestPostgres } from '../apps/api/test/support/postgres.ts';

/**
 * What the EXPLAIN scripts share: a drizzle database whose every statement is EXPLAIN (ANALYZE, BUFFERS)ed on `client`
 * instead of run (the plan is kept in `plans`, the repository function gets no rows), so the plans are those of the
 * repository's own SQL. EXPLAIN ANALYZE executes writes: wrap their calls in a transaction that is rolled back.
 */
export function explainingDb(client: pg.PoolClient, plans: string[]) {
  const query = async (config: string | { text: string; values?: unknown[] }, params?: unknown[]) => {
    const text = typeof config === 'string' ? config : config.text;
    const args = typeof config === 'string' ? params : (config.values ?? params);
    const r = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, args);
    plans.push(r.rows.map((row) => row['QUERY PLAN']).join('\n'));
    return { rows: [], rowCount: 0, fields: [], command: 'SELECT' };
  };
  return drizzle({ client: { query } as unknown as pg.PoolClient, schema }) as unknown as DbOrTx;
}

/** One line per plan: its execution time, the indexes it used and any sequential scan. */
export function planSummary(name: string, plan: string, width = 40) {
  const ms = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
  const indexes = [...new Set([...plan.matchAll(/using (\w+)/gi)].map((m) => m[1]))].join(', ');
  const seq = [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]))];
  return `${name.padEnd(width)} ${ms.padStart(9)} ms  ${indexes}${seq.length ? `  SEQ SCAN: ${seq.join(', ')}` : ''}`;
}

/**
 * Runs `work` on a throwaway database: a test PostgreSQL (embedded unless DATABASE_URL names one), a migrated database
 * of its own, a pool of two and its drizzle handle; all of it gone afterwards, whether `work` succeeded or not. Then
 * `console.log`s `report` of what it returned (the full plans).
 */
export async function onScratchDatabase(work: (pool: pg.Pool, db: DbOrTx) => Promise<string | void>) {
  const pgServer = await startTestPostgres();
  const { url, drop } = await createTestDatabase(pgServer.adminUrl);
  const pool = createPool(url, 2);
  try {
    const report = await work(pool, drizzle({ client: pool, schema }) as unknown as DbOrTx);
    if (report) console.log(report);
  } finally {
    await pool.end();
    await drop();
    await pgServer.stop();
  }
}
