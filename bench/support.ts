import { randomBytes } from 'node:crypto';
import type { Agent } from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { summarise, type LatencySummary } from '@fleetdeck/device-sim';
import { loadConfig } from '../apps/api/src/config.ts';
import { createLogger } from '../apps/api/src/logger.ts';
import { usersApi } from '@fleetdeck/contract';
import type { Logger } from 'pino';
import pg from 'pg';

const PgPool = pg.Pool;
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Config } from '../apps/api/src/config.ts';
import type { AppContext } from '../apps/api/src/context.ts';
import * as schema from '../apps/api/src/db/schema.ts';
import { customers, staffUsers } from '../apps/api/src/db/schema.ts';
import { hashPassword } from '../apps/api/src/lib/crypto.ts';
import { createSession } from '../apps/api/src/modules/sessions/service.ts';
import { newEnrolmentToken } from '../apps/api/src/modules/users/service.ts';
import { startRuntime, type Runtime } from '../apps/api/src/runtime.ts';
import { freePort } from '../apps/api/test/support/postgres.ts';

/**
 * What both benchmarks share: Ctrl-C handling, the throwaway installation they start and its teardown, rounding and
 * formatting, the machine facts and the results files.
 */

/** Aborts on the first Ctrl-C (the benchmark stops and cleans up); a second one quits at once. */
export function interruptSignal(): AbortSignal {
  const interrupted = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    if (++interrupts > 1) process.exit(130);
    console.error('\nInterrupted: stopping the benchmark (Ctrl-C again to quit at once)…');
    interrupted.abort();
  });
  return interrupted.signal;
}

/**
 * The configuration of a benchmark's own installation: an embedded database in a fresh temporary folder (remove
 * `dataDir` when done), or in `keptDataDir` (kept, so a second run can reuse its rows), and the API on a free loopback
 * port.
 */
export async function benchInstallation(tmpPrefix: string, keptDataDir?: string) {
  const dataDir = keptDataDir
    ? await fs.mkdir(keptDataDir, { recursive: true }).then(() => path.resolve(keptDataDir))
    : await fs.mkdtemp(path.join(os.tmpdir(), tmpPrefix));
  await fs.chmod(dataDir, 0o755); // as root, the embedded database runs as the postgres user
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench-admin@fleetdeck.local',
    ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
  });
  return { dataDir, baseUrl, config, logger: createLogger(config.logLevel) };
}

/** `n` rounded to `digits` decimals. */
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
/** Milliseconds as seconds with two decimals. */
export const seconds = (ms: number) => round(ms / 1000, 2);
/** The 1, 5 and 15 min load averages: other work on the (shared) machine skews the numbers. */
export const loadAverage = () => os.loadavg().map((n) => round(n, 2));
/** One latency summary on one line. */
export const fmtLatency = (s: LatencySummary) =>
  `p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms (max ${s.max} ms, n=${s.count})`;

/** The facts of the machine a result was measured on. */
export function machineFacts() {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: round(os.totalmem() / 2 ** 30),
  };
}

const RESULTS_DIR = path.resolve(import.meta.dirname, 'results');

/** Writes bench/results/<name>-<date>.json and bench/results/latest-<name>.md, and says where. */
export async function writeResults(name: string, startedAt: Date, result: unknown, markdown: string) {
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}-${startedAt.toISOString().slice(0, 10)}.json`);
  const latest = path.join(RESULTS_DIR, `latest-${name}.md`);
  await fs.writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  await fs.writeFile(latest, markdown);
  console.log(`Results: ${path.relative(process.cwd(), file)}, ${path.relative(process.cwd(), latest)}`);
}

/** Our sockets first (the server's close waits for open connections), then the server and the database. */
export async function teardown(agent: Agent, rt: Runtime | null, dataDir: string, opts: { keep?: boolean } = {}) {
  agent.destroy();
  if (rt) {
    const t = performance.now();
    await rt.stop();
    console.log(`Server and embedded database stopped in ${seconds(performance.now() - t)} s`);
  }
  if (!opts.keep) await fs.rm(dataDir, { recursive: true, force: true });
}

/** Runs a benchmark's main: exit code 0 or 1, and no hanging terminal should a stray handle remain. */
export function runBenchmark(main: () => Promise<void>) {
  const exit = (code: number) => {
    process.exitCode = code;
    // Everything is closed by now; should a stray handle remain, do not hang the terminal.
    setTimeout(() => process.exit(code), 3000).unref();
  };
  main().then(
    () => exit(0),
    (err: unknown) => {
      console.error(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      exit(1);
    },
  );
}

/** The product on the throwaway installation; answers it and how long it took to be ready (ms). */
export async function startProduct(config: Config, logger: Logger, dataDir: string) {
  const t = performance.now();
  const rt = await startRuntime(config, logger, { listen: true, serveWeb: false });
  const startMs = performance.now() - t;
  console.log(`Server ready on ${rt.url} in ${seconds(startMs)} s (embedded PostgreSQL in ${dataDir})`);
  return { rt, startMs };
}

/** A verified customer, signed in over HTTP (`customerFetch` sends from 127.0.0.1 through the benchmark's agent). */
export async function benchCustomer(rt: Runtime, customerFetch: typeof fetch, email: string) {
  const { ctx } = rt;
  const password = `Bench-${randomBytes(12).toString('base64url')}`;
  const [customer] = await ctx.db
    .insert(customers)
    .values({
      email,
      name: 'Benchmark Customer',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: new Date(),
      ...newEnrolmentToken(ctx),
    })
    .returning();
  if (!customer) throw new Error('the benchmark customer was not created');
  const login = await customerFetch(`${rt.url}${usersApi.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, userAgent: 'bench' }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return { customer, token };
}

/**
 * Fills `table` with one `INSERT … SELECT` on its own connection, in one transaction: its secondary indexes are
 * dropped first and built again afterwards from their own definitions (pg_indexes), which is several times faster on
 * a small machine than growing them row by row. The result is close to what production builds: B-tree leaf splits of
 * "localised ascending" keys such as (customer_id, created_at, id) keep the left page full (nbtsplitloc), much like
 * CREATE INDEX's fill factor. Triggers are off for the insert (session_replication_role = replica): no per-row
 * foreign-key look-up, and no rollup trigger (the caller builds rollups itself, as the migrations' backfills would).
 */
export async function fillTable(
  pool: pg.Pool,
  table: string,
  insert: string,
  params: unknown[] = [],
  maintenanceWorkMem = '512MB',
) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(`set local maintenance_work_mem = '${maintenanceWorkMem}'`);
    // The API's pool bounds statements (30 s); a bulk load of millions of rows takes longer.
    await client.query('set local statement_timeout = 0');
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select i.relname as name, pg_get_indexdef(x.indexrelid) as def
       from pg_index x join pg_class i on i.oid = x.indexrelid
       where x.indrelid = $1::regclass and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
      [table],
    );
    for (const i of indexes) await client.query(`drop index ${client.escapeIdentifier(i.name)}`);
    let t = performance.now();
    const r = await client.query(insert, params);
    const insertMs = performance.now() - t;
    t = performance.now();
    // A partitioned table's index definition reads `ON ONLY <table>` (the parent alone): built on every partition here.
    for (const i of indexes) await client.query(i.def.replace(/ ON ONLY /, ' ON '));
    const indexMs = performance.now() - t;
    await client.query('commit');
    console.log(
      `  ${table}: ${r.rowCount} rows in ${seconds(insertMs)} s, ${indexes.length} secondary indexes in ${seconds(indexMs)} s`,
    );
    return {
      rows: r.rowCount ?? 0,
      insertSeconds: seconds(insertMs),
      indexes: indexes.map((i) => i.name),
      indexSeconds: seconds(indexMs),
    };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * The payment dashboard's rollups built from the rows a bulk load wrote with triggers off: the statements of its
 * migration (drizzle/*_payment_dashboard_triggers.sql), as an installation holding these rows would run them.
 */
export async function backfillPaymentDashboardRollups(pool: pg.Pool) {
  await pool.query(`insert into payment_counts (bucket, family, status, count)
    select date_bin('15 minutes', created_at, timestamptz '2000-01-01'), family, status, count(*)::int
    from payments group by 1, 2, 3`);
  await pool.query(`insert into payment_counts_daily (day, family, status, count)
    select (created_at at time zone 'UTC')::date, family, status, count(*)::int from payments group by 1, 2, 3`);
  await pool.query(`insert into customer_country_counts (country, count)
    select coalesce(country, ''), count(*)::int from customers group by 1`);
  // Revenue (drizzle/*_payment_revenue_triggers.sql): paid payments on their creation, succeeded refunds on completion.
  await pool.query(`insert into payment_revenue (bucket, gross, refunded)
    select bucket, sum(gross), sum(refunded) from (
      select date_bin('15 minutes', created_at, timestamptz '2000-01-01') as bucket, total_amount as gross, 0 as refunded
      from payments where status in ('Success', 'Refunded', 'Partially refunded')
      union all
      select date_bin('15 minutes', coalesce(completed_at, created_at), timestamptz '2000-01-01'), 0, amount
      from payment_refunds where status = 'succeeded'
    ) x group by 1`);
  await pool.query(`insert into payment_revenue_daily (day, gross, refunded)
    select (bucket at time zone 'UTC')::date, sum(gross), sum(refunded) from payment_revenue group by 1`);
  // Monthly rollups (drizzle/*_payment_monthly_rollups.sql), from the daily rows.
  await pool.query(`insert into payment_counts_monthly (month, family, status, count)
    select date_trunc('month', day)::date, family, status, sum(count)::int from payment_counts_daily group by 1, 2, 3`);
  await pool.query(`insert into payment_revenue_monthly (month, gross, refunded)
    select date_trunc('month', day)::date, sum(gross), sum(refunded) from payment_revenue_daily group by 1`);
}

/** `n` page views (spec 3 page-view endpoint's rows) over the last 365 days, two thirds Home, seven countries. */
export async function seedPageViews(pool: pg.Pool, n: number) {
  await pool.query(
    `insert into page_views (day, page, country, ip_hash, created_at)
     select (now() at time zone 'UTC')::date - (g % 365), case when g % 3 = 0 then 'Payment' else 'Home' end,
            (array['GB','IN','US','DE','FR','AU','--'])[1 + g % 7], md5('ip' || g), now() - interval '1 hour'
     from generate_series(1, $1::int) g`,
    [n],
  );
}

/** A pool on the product's database without the API's statement timeout, for bulk loads and set-up queries. */
export function unboundedPool(apiPool: pg.Pool, max = 2): pg.Pool {
  const { connectionString } = apiPool.options as { connectionString?: string };
  return new PgPool({ connectionString, max });
}

/** A whole-number command-line option within [min, max]; anything else stops the bench with exit code 2. */
export function intOption(name: string, raw: string, min: number, max: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`bench: --${name} must be a whole number from ${min} to ${max} (got ${raw})`);
    process.exit(2);
  }
  return n;
}

/** A SuperAdmin of the bench and its staff session token (what the back-office benches call the API with). */
export async function benchSuperAdminToken(ctx: Runtime['ctx']) {
  const [staff] = await ctx.db
    .insert(staffUsers)
    .values({
      email: `bench-root-${Date.now()}@fleetdeck.local`,
      name: 'Bench',
      role: 'SuperAdmin',
      passwordHash: await hashPassword('Bench-Pass-123456'),
    })
    .returning();
  return createSession(ctx.db, 'staff', staff!.id, { userAgent: 'bench', ip: '127.0.0.1' });
}

/**
 * CPU seconds used so far by the server (this process) and by the embedded PostgreSQL (postmaster and its
 * backends, from /proc): on a shared machine the wall-clock rates depend on the neighbours, the CPU cost per
 * operation does not.
 */
export async function cpuSeconds(dataDir: string) {
  const own = process.cpuUsage();
  let pg = 0;
  try {
    const postmaster = Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const ticks = (stat: string) => {
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { ppid: Number(f[1]), cpu: Number(f[11]) + Number(f[12]) };
    };
    for (const pid of await fs.readdir('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
      if (!stat) continue;
      const t = ticks(stat);
      if (Number(pid) === postmaster || t.ppid === postmaster) pg += t.cpu / 100;
    }
  } catch {
    pg = Number.NaN;
  }
  return { server: (own.user + own.system) / 1e6, postgres: pg };
}

/** CPU milliseconds per operation between two `cpuSeconds` readings. */
export function cpuPer(
  before: { server: number; postgres: number },
  after: { server: number; postgres: number },
  n: number,
) {
  return {
    serverMs: round(((after.server - before.server) * 1000) / n, 3),
    postgresMs: round(((after.postgres - before.postgres) * 1000) / n, 3),
    serverSeconds: round(after.server - before.server, 1),
    postgresSeconds: round(after.postgres - before.postgres, 1),
  };
}

/**
 * The statements a read (a service call, the routes' code path) sends through `ctx.db`, each run again under
 * EXPLAIN (ANALYZE, BUFFERS): its plan and execution time. Only for reads: EXPLAIN ANALYZE runs the statement.
 */
export async function explainStatements(ctx: AppContext, read: (ctx: AppContext) => Promise<unknown>) {
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(ctx.pool, { schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } });
  await read({ ...ctx, db });
  const out: { sql: string; executionMs: number; plan: string }[] = [];
  for (const { sql, params } of captured) {
    const r = await ctx.pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
    const plan = r.rows.map((row) => row['QUERY PLAN']).join('\n');
    out.push({ sql, executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN), plan });
  }
  return out;
}

/**
 * What the database's other client backends are doing right now (wait event, or CPU when none, and the statement's
 * first words), added to `into`: sampled every 100 ms during a measurement, it shows where the time goes.
 */
export async function sampleWaits(pool: pg.Pool, into: Map<string, number>) {
  const { rows } = await pool.query<{ what: string }>(
    `select coalesce(wait_event_type || ':' || wait_event, 'CPU') || ' | ' ||
            left(regexp_replace(query, '\\s+', ' ', 'g'), 60) as what
     from pg_stat_activity
     where state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  for (const r of rows) into.set(r.what, (into.get(r.what) ?? 0) + 1);
}

/** The `n` most frequent samples of `sampleWaits`. */
export const topWaits = (waits: Map<string, number>, n = 8) =>
  [...waits.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);

/**
 * One request at a time: `warmup` untimed, then `requests` timed. `get` answers the request's time and what is wrong
 * with its answer (null: right); the first five problems are kept.
 */
export async function timeRequests(
  get: () => Promise<{ ms: number; problem: string | null }>,
  opts: { warmup: number; requests: number },
) {
  const samples: number[] = [];
  const problems: string[] = [];
  for (let i = -opts.warmup; i < opts.requests; i++) {
    const r = await get();
    if (r.problem && problems.length < 5) problems.push(`request ${i}: ${r.problem}`);
    if (i >= 0) samples.push(r.ms);
  }
  return { latencyMs: summarise(samples), problems };
}

/** The machine facts of a benchmark's result, with the PostgreSQL version the product runs on. */
export async function machineWithPostgres(pool: pg.Pool, note: string) {
  const { rows } = await pool.query<{ v: string }>(`select current_setting('server_version') as v`);
  return { ...machineFacts(), postgres: rows[0]?.v ?? '?', note };
}
