/**
 * `npm run bench -- audit`: the customer's audit log at 10M rows for one customer (issue 14: worst case, every filter
 * and matching nothing, ≤ 30 ms p95; first pages ≤ 15 ms), on the monthly partitions of audit_entries.
 *
 * Starts the real product in this process (embedded PostgreSQL in a throwaway DATA_DIR, migrations, workers, HTTP on
 * 127.0.0.1), creates one customer and signs it in over HTTP, creates the monthly partitions of the seeded span
 * (13 months, what LOG_RETENTION_MONTHS keeps by default), then seeds audit_entries in SQL (bench/activity-seed.ts:
 * --rows for that customer and --other-rows over --other-customers others, interleaved in time, AUDIT_MIX), VACUUM
 * (ANALYZE) and CHECKPOINT. Then one request at a time over real HTTP (GET /api/v1/admin/users/audit/list), each case
 * --warmup untimed and --requests timed requests: first pages without and with each filter, all filters matching
 * some rows, all filters matching nothing, a page by cursor half-way down (several partitions deep) and a walk of 20
 * pages by nextCursor across a month boundary. Every answer is checked. EXPLAIN (ANALYZE, BUFFERS) of each case's
 * list and count queries (captured from the service), with the plans of the worst case in the report.
 *
 * Writes bench/results/audit-<date>.json and bench/results/latest-audit.md (with the load average), and stops.
 *
 * Options: --rows 10000000 --other-rows 1000000 --other-customers 1000 --requests 50 --warmup 3 --no-write
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import {
  activityApi,
  auditListQuerySchema,
  type AuditEntry,
  type AuditListResponse,
  type AuditType,
} from '@fleetdeck/contract';
import { summarise, type LatencySummary } from '@fleetdeck/device-sim';
import type { AppContext } from '../apps/api/src/context.ts';
import * as schema from '../apps/api/src/db/schema.ts';
import { encodeCursor } from '../apps/api/src/modules/activity/keyset.ts';
import { auditList } from '../apps/api/src/modules/activity/service.ts';
import type { Runtime } from '../apps/api/src/runtime.ts';
import {
  auditInsertParams,
  auditInsertSql,
  ensureSpanPartitions,
  fill,
  insertOtherCustomers,
  tableSizes,
  timed,
} from './activity-seed.ts';
import { loopbackFetch } from './http.ts';
import * as bench from './support.ts';

/** 13 months of history: what LOG_RETENTION_MONTHS keeps by default. */
const SPAN_SECONDS = 396 * 24 * 3600;

/** Targets of issue 14 (ms, p95). */
const TARGET_WORST_MS = 30;
const TARGET_FIRST_PAGE_MS = 15;

function options() {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '10000000' },
      'other-rows': { type: 'string', default: '1000000' },
      'other-customers': { type: 'string', default: '1000' },
      requests: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '3' },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'npm run bench -- audit [--rows 10000000] [--other-rows 1000000] [--other-customers 1000] [--requests 50] ' +
        '[--warmup 3] [--no-write]',
    );
    process.exit(0);
  }
  return {
    rows: bench.intOption('rows', values.rows, 10_000, 50_000_000),
    otherRows: bench.intOption('other-rows', values['other-rows'], 0, 50_000_000),
    otherCustomers: bench.intOption('other-customers', values['other-customers'], 1, 100_000),
    requests: bench.intOption('requests', values.requests, 1, 1000),
    warmup: bench.intOption('warmup', values.warmup, 0, 50),
    write: !values['no-write'],
  };
}
type Options = ReturnType<typeof options>;

async function seed(pool: pg.Pool, customerId: string, email: string, opts: Options) {
  const t0 = performance.now();
  console.log(
    `Seeding ${opts.rows.toLocaleString('en-US')} audit entries for the customer + ` +
      `${opts.otherRows.toLocaleString('en-US')} over ${opts.otherCustomers} other customers, over 13 months…`,
  );
  const others = await insertOtherCustomers(pool, opts.otherCustomers);
  const partitionsCreated = await ensureSpanPartitions(pool, ['audit_entries'], SPAN_SECONDS);
  const total = opts.rows + opts.otherRows;
  const auditEntries = await fill(pool, 'audit_entries', auditInsertSql(SPAN_SECONDS), [
    customerId,
    others,
    opts.rows,
    total,
    opts.otherCustomers,
    1,
    ...auditInsertParams(email),
  ]);
  const vacuumMs = await timed(pool, 'VACUUM (ANALYZE) audit_entries', 'vacuum (analyze) audit_entries');
  let checkpointMs: number | null = null;
  try {
    checkpointMs = await timed(pool, 'CHECKPOINT', 'checkpoint');
  } catch (err) {
    console.log(`  CHECKPOINT skipped: ${err instanceof Error ? err.message : String(err)}`);
  }
  const [sizes] = await tableSizes(pool, ['audit_entries']);
  const totalMs = performance.now() - t0;
  console.log(`  seeded in ${bench.seconds(totalMs)} s`);
  return {
    seconds: bench.seconds(totalMs),
    partitionsCreated,
    auditEntries,
    vacuumAnalyzeSeconds: bench.seconds(vacuumMs),
    checkpointSeconds: checkpointMs === null ? null : bench.seconds(checkpointMs),
    table: sizes!,
  };
}

interface Case {
  id: string;
  title: string;
  /** A first page (target TARGET_FIRST_PAGE_MS) or the worst case (TARGET_WORST_MS). */
  target: number | null;
  query: (i: number) => Record<string, string | number | boolean>;
  check: (body: AuditListResponse, i: number) => string | null;
}

const TYPES_IN_TURN: AuditType[] = ['Device', 'Profile', 'User Account', 'Payments'];
const PAIRS_IN_TURN: [AuditType, string][] = [
  ['Device', 'Apply'],
  ['Profile', 'Update'],
  ['User Account', 'Login'],
  ['Payments', 'Subscription Failed'],
];
/** Profile entries are written by the console only (source Web): with source App this matches no row. */
const NOTHING = { type: 'Profile', sub_type: 'Apply', source: 'App', hasError: true } as const;
/** Failed applies of devices: about 3 % of the rows. */
const SOME = { type: 'Device', sub_type: 'Apply', source: 'App', hasError: true } as const;

const rowsAre =
  (what: string, ok: (r: AuditEntry) => boolean, min = 1) =>
  (b: AuditListResponse) => {
    if (b.data.data.length < min) return `only ${b.data.data.length} rows`;
    const bad = b.data.data.find((r) => !ok(r));
    return bad ? `a row is not ${what}: ${JSON.stringify(bad)}` : null;
  };

async function main() {
  const opts = options();
  const signal = bench.interruptSignal();
  const startedAt = new Date();
  const loadAtStart = bench.loadAverage();
  const { dataDir, baseUrl, config, logger } = await bench.benchInstallation('fd-bench-audit-');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let rt: Runtime | null = null;
  console.log(`Audit list benchmark. Load average ${loadAtStart.join(' / ')}`);
  try {
    const started = await bench.startProduct(config, logger, dataDir);
    rt = started.rt;
    const { ctx } = started.rt;
    const customerFetch = loopbackFetch(agent, '127.0.0.1');
    const email = 'bench-audit@fleetdeck.local';
    const { customer, token } = await bench.benchCustomer(started.rt, customerFetch, email);
    const seeding = await seed(ctx.pool, customer.id, email, opts);
    if (signal.aborted) throw new Error('interrupted');

    const get = async (query: Record<string, string | number | boolean>) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
      const url = `${baseUrl}${activityApi.auditList.path}${qs.size ? `?${qs}` : ''}`;
      const t0 = performance.now();
      const res = await customerFetch(url, { headers: { authorization: token }, signal });
      const text = await res.text();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
      return { ms, body: JSON.parse(text) as AuditListResponse };
    };

    // Half-way down the customer's rows (rows are evenly spread in time: half the span back, several partitions
    // below the newest).
    const half = Math.floor(opts.rows / 2);
    const deep = await ctx.pool.query<{ at: string; id: string }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text as id
       from audit_entries where customer_id = $1 and created_at <= now() - make_interval(secs => $2::float8)
       order by created_at desc, id desc limit 1`,
      [customer.id, SPAN_SECONDS / 2],
    );
    const deepRow = deep.rows[0]!;
    const deepCursor = encodeCursor({ sort: 'created_at', order: 'desc', key: [deepRow.at, Number(deepRow.id)] });
    // The last rows of the previous month: a walk from there crosses into the month before.
    const monthStartUtc = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1));
    const boundary = await ctx.pool.query<{ at: string; id: string }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text as id
       from audit_entries where customer_id = $1 and created_at >= $2::timestamptz
       order by created_at asc, id asc offset 200 limit 1`,
      [customer.id, monthStartUtc.toISOString()],
    );
    const boundaryRow = boundary.rows[0]!;
    const boundaryCursor = encodeCursor({
      sort: 'created_at',
      order: 'desc',
      key: [boundaryRow.at, Number(boundaryRow.id)],
    });

    const cases: Case[] = [
      {
        id: 'first-page',
        title: 'First page, newest first',
        target: TARGET_FIRST_PAGE_MS,
        query: () => ({}),
        check: (b) => (b.data.data.length === 25 && b.data.pagination.totalCapped ? null : 'not a full capped page'),
      },
      {
        id: 'type',
        title: `First page, type (${TYPES_IN_TURN.join(', ')} in turn)`,
        target: TARGET_FIRST_PAGE_MS,
        query: (i) => ({ type: TYPES_IN_TURN[i % TYPES_IN_TURN.length]! }),
        check: (b, i) => rowsAre('of the type', (r) => r.type === TYPES_IN_TURN[i % TYPES_IN_TURN.length])(b),
      },
      {
        id: 'type-subtype',
        title: `First page, type + sub_type (${PAIRS_IN_TURN.map(([a, b]) => `${a}/${b}`).join(', ')} in turn)`,
        target: TARGET_FIRST_PAGE_MS,
        query: (i) => {
          const [type, sub] = PAIRS_IN_TURN[i % PAIRS_IN_TURN.length]!;
          return { type, sub_type: sub };
        },
        check: (b, i) => {
          const [type, sub] = PAIRS_IN_TURN[i % PAIRS_IN_TURN.length]!;
          return rowsAre(`${type}/${sub}`, (r) => r.type === type && r.sub_type === sub)(b);
        },
      },
      {
        id: 'source',
        title: 'First page, source (Web, App in turn)',
        target: TARGET_FIRST_PAGE_MS,
        query: (i) => ({ source: i % 2 ? 'App' : 'Web' }),
        check: (b, i) => rowsAre('of the source', (r) => r.source === (i % 2 ? 'App' : 'Web'))(b),
      },
      {
        id: 'error',
        title: 'First page, hasError=true',
        target: TARGET_FIRST_PAGE_MS,
        query: () => ({ hasError: true }),
        check: rowsAre('an error', (r) => r.hasError),
      },
      {
        id: 'all-filters-some',
        title: `First page, all filters matching some rows (${SOME.type}/${SOME.sub_type}, source ${SOME.source}, hasError)`,
        target: TARGET_FIRST_PAGE_MS,
        query: () => SOME,
        check: rowsAre('a failed device apply', (r) => r.type === 'Device' && r.sub_type === 'Apply' && r.hasError),
      },
      {
        id: 'all-filters-nothing',
        title: `Worst case: all filters, matching nothing (${NOTHING.type}/${NOTHING.sub_type}, source ${NOTHING.source}, hasError)`,
        target: TARGET_WORST_MS,
        query: () => NOTHING,
        check: (b) =>
          b.data.data.length === 0 && b.data.pagination.total === 0 ? null : `${b.data.pagination.total} rows match`,
      },
      {
        id: 'cursor-deep',
        title: `Page by cursor about ${half.toLocaleString('en-US')} rows deep (half the span back)`,
        target: null,
        query: () => ({ page: Math.floor(half / 25) + 1, cursor: deepCursor }),
        check: (b) => (b.data.data.length === 25 ? null : `${b.data.data.length} rows`),
      },
    ];

    console.log(`Measuring ${cases.length} cases…`);
    const measured: {
      id: string;
      title: string;
      target: number | null;
      latencyMs: LatencySummary;
      total: string;
      problems: string[];
    }[] = [];
    for (const c of cases) {
      if (signal.aborted) throw new Error('interrupted');
      const samples: number[] = [];
      const problems: string[] = [];
      let total = '';
      for (let i = -opts.warmup; i < opts.requests && !signal.aborted; i++) {
        const k = Math.max(i, 0);
        const { ms, body } = await get(c.query(k));
        const problem = c.check(body, k);
        if (problem && problems.length < 5) problems.push(`request ${k}: ${problem}`);
        if (i >= 0) samples.push(ms);
        if (i === 0) total = `${body.data.pagination.total}${body.data.pagination.totalCapped ? '+' : ''}`;
      }
      const latencyMs = summarise(samples);
      measured.push({ id: c.id, title: c.title, target: c.target, latencyMs, total, problems });
      console.log(`  ${c.title}: ${bench.fmtLatency(latencyMs)}${total ? `; total ${total}` : ''}`);
      for (const p of problems) console.log(`    PROBLEM ${p}`);
    }

    // A walk of 20 pages by nextCursor from 200 rows into last month: crosses into the month before.
    const walkMs: number[] = [];
    const walkProblems: string[] = [];
    {
      let cursor = boundaryCursor;
      const seen = new Set<string>();
      let last = Number.POSITIVE_INFINITY;
      const months = new Set<string>();
      for (let p = 0; p < 20; p++) {
        const { ms, body } = await get({ page: p + 2, cursor });
        walkMs.push(ms);
        for (const r of body.data.data) {
          const t = Date.parse(r.created_at);
          if (seen.has(r._id)) walkProblems.push(`row ${r._id} twice`);
          if (t > last) walkProblems.push(`row ${r._id} out of order`);
          seen.add(r._id);
          last = t;
          months.add(r.created_at.slice(0, 7));
        }
        if (!body.data.pagination.nextCursor) break;
        cursor = body.data.pagination.nextCursor;
      }
      if (months.size < 2) walkProblems.push(`the walk stayed in one month (${[...months].join(', ')})`);
    }
    const walk = summarise(walkMs);
    measured.push({
      id: 'walk-month-boundary',
      title: 'Pages by nextCursor across a month boundary (20 pages, each timed)',
      target: null,
      latencyMs: walk,
      total: '–',
      problems: walkProblems.slice(0, 5),
    });
    console.log(`  walk across a month boundary: ${bench.fmtLatency(walk)}`);

    // EXPLAIN (ANALYZE, BUFFERS) of each case's queries, captured from the service (the route's code path).
    const captured: { sql: string; params: unknown[] }[] = [];
    const capturingDb = drizzle(ctx.pool, {
      schema,
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    });
    const capturingCtx: AppContext = { ...ctx, db: capturingDb };
    const plans: Record<string, { query: 'list' | 'count'; executionMs: number; plan: string }[]> = {};
    for (const c of cases) {
      const q = Object.fromEntries(Object.entries(c.query(0)).map(([k, v]) => [k, String(v)]));
      captured.length = 0;
      await auditList(capturingCtx, customer.id, auditListQuerySchema.parse(q), true);
      plans[c.id] = [];
      for (const { sql, params } of [...captured]) {
        const r = await ctx.pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
        const plan = r.rows.map((row) => row['QUERY PLAN']).join('\n');
        const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
        plans[c.id]!.push({ query: /count\(\*\)/.test(sql) ? 'count' : 'list', executionMs, plan });
      }
    }

    const loadAtEnd = bench.loadAverage();
    const dbVersion =
      (await ctx.pool.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? 'unknown';
    const result = {
      benchmark: 'audit-list',
      date: startedAt.toISOString(),
      machine: {
        ...bench.machineFacts(),
        postgres: dbVersion,
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: loadAtEnd,
        note: 'server and client share one Node process; PostgreSQL (embedded, default settings) runs alongside',
      },
      settings: { ...opts, pageSize: 25, oneRequestAtATime: true, spanMonths: 13 },
      seeding,
      cases: measured.map((m) => ({
        ...m,
        meetsTarget: m.target === null ? null : m.latencyMs.p95 <= m.target,
        explain: (plans[m.id] ?? []).map((p) => ({ query: p.query, executionMs: p.executionMs })),
      })),
      plans,
    };
    const md = markdown(result);
    console.log(`\n${md}`);
    if (opts.write) await bench.writeResults('audit', startedAt, result, md);
    const problems = measured.flatMap((m) => m.problems.map((p) => `${m.id}: ${p}`));
    if (problems.length) throw new Error(`wrong answers:\n${problems.join('\n')}`);
  } finally {
    await bench.teardown(agent, rt, dataDir);
  }
}

type Result = {
  date: string;
  machine: ReturnType<typeof bench.machineFacts> & {
    postgres: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
  };
  settings: Options;
  seeding: Awaited<ReturnType<typeof seed>>;
  cases: {
    id: string;
    title: string;
    target: number | null;
    meetsTarget: boolean | null;
    latencyMs: LatencySummary;
    total: string;
    explain: { query: 'list' | 'count'; executionMs: number }[];
  }[];
  plans: Record<string, { query: 'list' | 'count'; executionMs: number; plan: string }[]>;
};

function markdown(r: Result) {
  const s = r.seeding;
  const n = (x: number) => x.toLocaleString('en-US');
  const db = (c: Result['cases'][number], q: 'list' | 'count') => {
    const e = c.explain.find((p) => p.query === q);
    return e ? String(bench.round(e.executionMs, 1)) : '–';
  };
  const worst = r.plans['all-filters-nothing'] ?? [];
  return [
    '# Audit list benchmark at 10M rows (latest run)',
    '',
    `${r.date.slice(0, 16).replace('T', ' ')} UTC · Node ${r.machine.node} · PostgreSQL ${r.machine.postgres} (embedded, default settings) · ` +
      `${r.machine.cpus} × ${r.machine.cpuModel} · ${r.machine.platform} · **load average (1 / 5 / 15 min) at start ` +
      `${r.machine.loadAverageAtStart.join(' / ')}, at end ${r.machine.loadAverageAtEnd.join(' / ')}** (a shared machine)`,
    '',
    'Produced by `npm run bench -- audit` (bench/audit.ts; `npm run bench` runs it after the lists): the real server',
    'in-process on the embedded PostgreSQL, requests over loopback HTTP from the same Node process, one at a time,',
    `page size 25; ${r.settings.warmup} untimed warm-up requests, then ${r.settings.requests} timed ones per case`,
    '(request sent → whole body received). Targets (issue 14): first pages ≤ 15 ms p95, the worst case ≤ 30 ms p95.',
    '',
    `**Data:** ${n(s.auditEntries.rows)} audit entries: ${n(r.settings.rows)} for the measured customer and ` +
      `${n(r.settings.otherRows)} over ${n(r.settings.otherCustomers)} other customers, interleaved over 13 months, ` +
      `in ${s.table.partitions} partitions (one a month, created ahead as the partition job does, plus the default one). ` +
      `Seeded in ${s.seconds} s (insert ${s.auditEntries.insertSeconds} s, ${s.auditEntries.indexes.length} secondary ` +
      `indexes built ${s.auditEntries.indexSeconds} s, VACUUM (ANALYZE) ${s.vacuumAnalyzeSeconds} s); heap ` +
      `${s.table.heap}, indexes ${s.table.indexes}.`,
    '',
    '| case | target | n | p50 | p95 | p99 | max | total | DB list | DB count |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.cases.map(
      (c) =>
        `| ${c.title} | ${c.target === null ? '–' : `≤ ${c.target}${c.meetsTarget ? ' ✓' : ' ✗'}`} | ${c.latencyMs.count} | ` +
        `${c.latencyMs.p50} | ${c.latencyMs.p95} | ${c.latencyMs.p99} | ${c.latencyMs.max} | ${c.total || '–'} | ` +
        `${db(c, 'list')} | ${db(c, 'count')} |`,
    ),
    '',
    'Latencies in ms. "total" is `pagination.total` of the first request (`+`: capped at 10,000). "DB list" and',
    '"DB count" are the Execution Time of one EXPLAIN (ANALYZE, BUFFERS) of the page query and of the capped count',
    "after the run (the service sends both at once on two connections), for the case's first request.",
    '',
    'Every answer was checked: status 200, rows matching the filter, page sizes, the walk in order without repeats.',
    '',
    '**Plans of the worst case** (all filters, matching nothing):',
    '',
    ...worst.flatMap((p) => [`${p.query} query:`, '', '```', p.plan, '```', '']),
  ].join('\n');
}

bench.runBenchmark(main);
