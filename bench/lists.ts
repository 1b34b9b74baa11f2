/**
 * `npm run bench -- lists`: latency of the two keyset lists at scale (ADR 0004, DECISIONS §7).
 *
 * Starts the real product in this process (startRuntime: embedded PostgreSQL in a throwaway DATA_DIR, migrations,
 * workers, HTTP on 127.0.0.1 at a free port), creates one customer and signs it in over HTTP, then seeds in SQL
 * (`INSERT … SELECT generate_series`, one statement per table, the two tables at once, each with its secondary
 * indexes dropped and built again afterwards, see `fill`):
 *   - `device_logs`: --rows for that customer (spread over --devices serial numbers) and --other-rows for
 *     --other-customers other customers (skewed: a few big customers, many small ones), interleaved in time over a
 *     year as production writes them, so every heap page and index holds several customers;
 *   - `audit_entries`: the same counts, with a realistic mix of type / sub-type / source / errors (AUDIT_MIX);
 * then `VACUUM (ANALYZE)` of both tables (what autovacuum does to an insert-only table in production; it also keeps
 * autovacuum from starting in the middle of the measurement) and a CHECKPOINT.
 *
 * Then, one request at a time over real HTTP (GET /api/v1/admin/device/log/list and /users/audit/list), each case
 * --warmup untimed requests and --requests timed ones (time: request sent → whole body received): first pages,
 * filters, sorts, a page reached by following nextCursor, a cursor half-way down (500,000 rows deep), the deepest page
 * allowed by position, and a combination of filters that matches nothing. Every answer is checked (status 200,
 * rows match the filter). Finally EXPLAIN (ANALYZE, BUFFERS) of the list and count queries of every case, captured
 * from the service itself (same code path as the routes), with the full plans of the slowest case in the report.
 *
 * Writes bench/results/lists-<date>.json and bench/results/latest-lists.md, prints a summary, and stops the server
 * and the database. Loopback only; every loop is bounded by count and by time.
 *
 * Options: --rows 1000000 --other-rows 1000000 --other-customers 1000 --devices 2000 --requests 50 --warmup 3
 *          --case-timeout 60 --no-write
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import {
  AUDIT_SUB_TYPES,
  activityApi,
  auditListQuerySchema,
  deviceLogListQuerySchema,
  type AuditListResponse,
  type AuditType,
  type DeviceLogListResponse,
} from '@fleetdeck/contract';
import { ACTIVITIES, summarise, type LatencySummary } from '@fleetdeck/device-sim';
import { accountScope } from '../apps/api/src/lib/device-scope.ts';
import { encodeCursor } from '../apps/api/src/modules/activity/keyset.ts';
import { auditList, deviceLogList } from '../apps/api/src/modules/activity/service.ts';
import type { Runtime } from '../apps/api/src/runtime.ts';
import {
  auditInsertParams,
  auditInsertSql,
  ensureSpanPartitions,
  fill,
  insertOtherCustomers,
  rowsSql,
  tableSizes,
  timed,
} from './activity-seed.ts';
import { loopbackFetch } from './http.ts';
import * as bench from './support.ts';

/** A year of history. */
const SPAN_SECONDS = 365 * 24 * 3600;

// ------------------------------------------------------------------------------------------------ options

function options() {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '1000000' },
      'other-rows': { type: 'string', default: '1000000' },
      'other-customers': { type: 'string', default: '1000' },
      devices: { type: 'string', default: '2000' },
      requests: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '3' },
      'case-timeout': { type: 'string', default: '60' },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'npm run bench -- lists [--rows 1000000] [--other-rows 1000000] [--other-customers 1000] [--devices 2000] ' +
        '[--requests 50] [--warmup 3] [--case-timeout 60] [--no-write]',
    );
    process.exit(0);
  }
  return {
    // At least 100k: the cases read a page 10,000 rows deep and a cursor half-way down.
    rows: bench.intOption('rows', values.rows, 100_000, 10_000_000),
    otherRows: bench.intOption('other-rows', values['other-rows'], 0, 10_000_000),
    otherCustomers: bench.intOption('other-customers', values['other-customers'], 1, 100_000),
    devices: bench.intOption('devices', values.devices, 50, 100_000),
    requests: bench.intOption('requests', values.requests, 1, 1000),
    warmup: bench.intOption('warmup', values.warmup, 0, 50),
    caseTimeout: bench.intOption('case-timeout', values['case-timeout'], 5, 600),
    write: !values['no-write'],
  };
}
type Options = ReturnType<typeof options>;

// ---------------------------------------------------------------------------------------------- helpers

const serialOf = (device: number) => `BENCH${String(device).padStart(6, '0')}`;

async function seed(pool: pg.Pool, customerId: string, customerEmail: string, opts: Options) {
  const total = opts.rows + opts.otherRows;
  const t0 = performance.now();
  console.log(
    `Seeding ${opts.rows.toLocaleString('en-US')} + ${opts.otherRows.toLocaleString('en-US')} rows ` +
      `(${opts.otherCustomers} other customers) into device_logs and audit_entries…`,
  );
  const others = await insertOtherCustomers(pool, opts.otherCustomers);
  const customersMs = performance.now() - t0;

  // One partition per month of the seeded year (what the partition job keeps), so no row lands in the default one.
  const partitionsCreated = await ensureSpanPartitions(pool, ['device_logs', 'audit_entries'], SPAN_SECONDS);
  const common = [customerId, others, opts.rows, total, opts.otherCustomers];

  const t1 = performance.now();
  const [deviceLogs, auditEntries] = await Promise.all([
    fill(
      pool,
      'device_logs',
      `insert into device_logs (customer_id, serial_number, device_name, device_activity, activity_result, created_at)
       select case when s.main then $1::uuid else ($2::uuid[])[s.other + 1] end,
              case when s.main then 'BENCH' || lpad(s.dev::text, 6, '0')
                   else 'OTHER' || lpad(s.other::text, 5, '0') || '-' || lpad((s.dev % 50)::text, 3, '0') end,
              case when s.main then 'Tablet ' || s.dev else 'Phone ' || (s.dev % 50) end,
              ($7::text[])[s.act + 1], ($8::text[])[s.act + 1], s.at
       from (select r.*, floor(random() * ${ACTIVITIES.length})::int as act from (${rowsSql(SPAN_SECONDS)}) r) s`,
      [...common, opts.devices, ACTIVITIES.map((a) => a[0]), ACTIVITIES.map((a) => a[1])],
    ),
    fill(pool, 'audit_entries', auditInsertSql(SPAN_SECONDS), [
      ...common,
      opts.devices,
      ...auditInsertParams(customerEmail),
    ]),
  ]);
  const fillMs = performance.now() - t1;
  const [vacuumLogsMs, vacuumAuditMs] = await Promise.all([
    timed(pool, 'VACUUM (ANALYZE) device_logs', 'vacuum (analyze) device_logs'),
    timed(pool, 'VACUUM (ANALYZE) audit_entries', 'vacuum (analyze) audit_entries'),
  ]);
  let checkpointMs: number | null = null;
  try {
    checkpointMs = await timed(pool, 'CHECKPOINT', 'checkpoint');
  } catch (err) {
    console.log(`  CHECKPOINT skipped: ${err instanceof Error ? err.message : String(err)}`);
  }
  const sizes = await tableSizes(pool, ['device_logs', 'audit_entries']);
  const totalMs = performance.now() - t0;
  console.log(`  seeded in ${bench.seconds(totalMs)} s`);
  return {
    seconds: bench.seconds(totalMs),
    customersSeconds: bench.seconds(customersMs),
    /** device_logs and audit_entries are filled at the same time, on two connections. */
    fillSeconds: bench.seconds(fillMs),
    deviceLogs,
    auditEntries,
    vacuumAnalyzeSeconds: { deviceLogs: bench.seconds(vacuumLogsMs), auditEntries: bench.seconds(vacuumAuditMs) },
    checkpointSeconds: checkpointMs === null ? null : bench.seconds(checkpointMs),
    partitionsCreated,
    tables: sizes,
  };
}

// ------------------------------------------------------------------------------------------------- cases

type ListBody = DeviceLogListResponse | AuditListResponse;
type Row = ListBody['data']['data'][number];

interface Case {
  id: string;
  list: 'device-logs' | 'audit';
  title: string;
  /** The query string of request i (they may take turns over several values). */
  query: (i: number) => string;
  /** Why an answer is wrong, or null. */
  check: (body: ListBody, i: number) => string | null;
  /** Timed requests (default --requests). */
  requests?: number;
}

const qs = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

const pageSize = (expected: number) => (b: ListBody) =>
  b.data.data.length === expected ? null : `${b.data.data.length} rows instead of ${expected}`;

const every =
  (what: string, ok: (r: Row) => boolean, min = 1) =>
  (b: ListBody) => {
    if (b.data.data.length < min) return `only ${b.data.data.length} rows`;
    const bad = b.data.data.find((r) => !ok(r));
    return bad ? `a row is not ${what}: ${JSON.stringify(bad)}` : null;
  };

const both =
  (...checks: ((b: ListBody) => string | null)[]) =>
  (b: ListBody) =>
    checks.map((c) => c(b)).find((e) => e !== null) ?? null;

const AUDIT_TYPES_IN_TURN: AuditType[] = ['Device', 'Profile', 'User Account', 'Payments'];
const AUDIT_PAIRS_IN_TURN: [AuditType, string][] = [
  ['Device', 'Apply'],
  ['Profile', 'Update'],
  ['User Account', 'Login'],
  ['Device', 'Export Delete'],
  ['Payments', 'Subscription Failed'],
];
/** Profile entries are written by the console only (source Web): with source App this matches no row. */
const NOTHING = { type: 'Profile', sub_type: 'Apply', source: 'App', hasError: true } as const;

// -------------------------------------------------------------------------------------------------- main

async function main() {
  const opts = options();
  for (const [type, sub] of [...AUDIT_PAIRS_IN_TURN, [NOTHING.type, NOTHING.sub_type] as const]) {
    if (!(AUDIT_SUB_TYPES[type] as readonly string[]).includes(sub))
      throw new Error(`${sub} is not a ${type} sub-type`);
  }
  const signal = bench.interruptSignal();

  const startedAt = new Date();
  const loadAtStart = bench.loadAverage();
  const { dataDir, baseUrl, config, logger } = await bench.benchInstallation('fd-bench-lists-');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let rt: Runtime | null = null;

  console.log(
    `Lists benchmark: ${opts.rows.toLocaleString('en-US')} device logs and audit entries for one customer, ` +
      `${opts.otherRows.toLocaleString('en-US')} more over ${opts.otherCustomers} other customers; ` +
      `${opts.requests} requests a case (+${opts.warmup} warm-up), one at a time. Load average ${loadAtStart.join(' / ')}`,
  );
  try {
    // --- the product, and the customer, signed in over HTTP
    const started = await bench.startProduct(config, logger, dataDir);
    rt = started.rt;
    const { startMs } = started;
    const { ctx } = started.rt;
    const customerFetch = loopbackFetch(agent, '127.0.0.1');
    const email = 'bench-lists@fleetdeck.local';
    const { customer, token } = await bench.benchCustomer(started.rt, customerFetch, email);

    // --- the data
    const seeding = await seed(ctx.pool, customer.id, email, opts);
    if (signal.aborted) throw new Error('interrupted');

    const get = async (list: Case['list'], query: string) => {
      const url = `${baseUrl}${(list === 'audit' ? activityApi.auditList : activityApi.deviceLogList).path}${query ? `?${query}` : ''}`;
      const t0 = performance.now();
      const res = await customerFetch(url, { headers: { authorization: token }, signal });
      const ms = performance.now() - t0;
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
      return { ms, body: JSON.parse(text) as ListBody };
    };

    // --- cursors the cases start from
    // (1) page 21 of the device logs, reached by following nextCursor 20 times; those 20 requests are a case too.
    const walkMs: number[] = [];
    const walkProblems: string[] = [];
    let cursor21 = '';
    {
      // The server's first requests (JIT, plans, caches) are untimed; then page 1 and 20 pages never read before.
      for (let i = 0; i < opts.warmup; i++) await get('device-logs', '');
      let page = await get('device-logs', '');
      const seen = new Set(page.body.data.data.map((r) => r._id));
      for (let p = 2; p <= 21; p++) {
        const next = page.body.data.pagination.nextCursor;
        if (!next) throw new Error(`device logs page ${p - 1} has no nextCursor`);
        if (p === 21) cursor21 = next;
        page = await get('device-logs', qs({ page: p, cursor: next }));
        walkMs.push(page.ms);
        const rows = page.body.data.data;
        if (rows.length !== 25) walkProblems.push(`page ${p}: ${rows.length} rows`);
        for (const r of rows) {
          if (seen.has(r._id)) walkProblems.push(`page ${p} repeats row ${r._id}`);
          seen.add(r._id);
        }
      }
    }
    // (2) half-way down the customer's device logs: the cursor the list would hand out for that row.
    const half = Math.floor(opts.rows / 2);
    const deep = await ctx.pool.query<{ at: string; id: string }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text as id
       from device_logs where customer_id = $1 order by created_at desc, id desc offset $2 limit 1`,
      [customer.id, half],
    );
    const deepRow = deep.rows[0];
    if (!deepRow) throw new Error('no device log half-way down');
    const deepCursor = encodeCursor({ sort: 'created_at', order: 'desc', key: [deepRow.at, Number(deepRow.id)] });

    const serialInTurn = (i: number) => serialOf((i * 37) % opts.devices);
    const cases: Case[] = [
      {
        id: 'logs-first-page',
        list: 'device-logs',
        title: 'Device logs: first page, default sort (created_at desc)',
        query: () => '',
        check: both(pageSize(25), (b) => (b.data.pagination.totalCapped ? null : 'total is not capped')),
      },
      {
        id: 'logs-serial',
        list: 'device-logs',
        title: 'Device logs: first page, serialNumber = one device (a different one each request)',
        query: (i) => qs({ serialNumber: serialInTurn(i) }),
        check: (b, i) =>
          every(`of ${serialInTurn(i)}`, (r) => 'serialNumber' in r && r.serialNumber === serialInTurn(i))(b),
      },
      {
        id: 'logs-cursor-walk',
        list: 'device-logs',
        title: 'Device logs: pages 2–21 following nextCursor (one walk, each page timed)',
        query: () => '',
        check: () => null,
        requests: 0, // measured above while the cursor was walked
      },
      {
        id: 'logs-cursor-page-21',
        list: 'device-logs',
        title: "Device logs: page 21 by cursor (page 20's nextCursor), repeated",
        query: () => qs({ page: 21, cursor: cursor21 }),
        check: pageSize(25),
      },
      {
        id: 'logs-cursor-deep',
        list: 'device-logs',
        title: `Device logs: cursor ${half.toLocaleString('en-US')} rows deep`,
        query: () => qs({ page: Math.floor(half / 25) + 1, cursor: deepCursor }),
        check: pageSize(25),
      },
      {
        id: 'logs-position-deepest',
        list: 'device-logs',
        title: 'Device logs: page 200 of 50 by position (rows 9,951–10,000, the deepest allowed)',
        query: () => qs({ page: 200, limit: 50 }),
        check: pageSize(50),
      },
      {
        id: 'logs-sort-serial',
        list: 'device-logs',
        title: 'Device logs: first page sorted by serialNumber (desc)',
        query: () => qs({ sort: 'serialNumber' }),
        check: both(pageSize(25), (b) => {
          const serials = b.data.data.map((r) => ('serialNumber' in r ? r.serialNumber : ''));
          return serials.every((s, i) => i === 0 || serials[i - 1]! >= s) ? null : 'not sorted by serial number';
        }),
      },
      {
        id: 'audit-first-page',
        list: 'audit',
        title: 'Audit: first page, newest first',
        query: () => '',
        check: both(pageSize(25), (b) => (b.data.pagination.totalCapped ? null : 'total is not capped')),
      },
      {
        id: 'audit-type',
        list: 'audit',
        title: `Audit: type (${AUDIT_TYPES_IN_TURN.join(', ')} in turn)`,
        query: (i) => qs({ type: AUDIT_TYPES_IN_TURN[i % AUDIT_TYPES_IN_TURN.length]! }),
        check: (b, i) => {
          const type = AUDIT_TYPES_IN_TURN[i % AUDIT_TYPES_IN_TURN.length]!;
          return every(type, (r) => 'type' in r && r.type === type)(b);
        },
      },
      {
        id: 'audit-type-subtype',
        list: 'audit',
        title: `Audit: type + sub_type (${AUDIT_PAIRS_IN_TURN.map(([a, b]) => `${a}/${b}`).join(', ')} in turn)`,
        query: (i) => {
          const [type, sub] = AUDIT_PAIRS_IN_TURN[i % AUDIT_PAIRS_IN_TURN.length]!;
          return qs({ type, sub_type: sub });
        },
        check: (b, i) => {
          const [type, sub] = AUDIT_PAIRS_IN_TURN[i % AUDIT_PAIRS_IN_TURN.length]!;
          return every(`${type}/${sub}`, (r) => 'type' in r && r.type === type && r.sub_type === sub)(b);
        },
      },
      {
        id: 'audit-source',
        list: 'audit',
        title: 'Audit: source (Web, App in turn)',
        query: (i) => qs({ source: i % 2 ? 'App' : 'Web' }),
        check: (b, i) => every(i % 2 ? 'App' : 'Web', (r) => 'source' in r && r.source === (i % 2 ? 'App' : 'Web'))(b),
      },
      {
        id: 'audit-error',
        list: 'audit',
        title: 'Audit: hasError=true',
        query: () => qs({ hasError: true }),
        check: every('an error', (r) => 'hasError' in r && r.hasError),
      },
      {
        id: 'audit-nothing',
        list: 'audit',
        title: `Audit: all filters, matching nothing (${NOTHING.type}/${NOTHING.sub_type}, source ${NOTHING.source}, hasError)`,
        query: () => qs(NOTHING),
        check: (b) =>
          b.data.data.length === 0 && b.data.pagination.total === 0 ? null : `${b.data.pagination.total} rows match`,
      },
    ];

    // --- measure
    console.log(`Measuring ${cases.length} cases…`);
    const measured: {
      id: string;
      list: Case['list'];
      title: string;
      latencyMs: LatencySummary;
      total: string;
      problems: string[];
    }[] = [];
    for (const c of cases) {
      if (signal.aborted) throw new Error('interrupted');
      const samples: number[] = [];
      const problems: string[] = [];
      let total = '';
      if (c.id === 'logs-cursor-walk') {
        samples.push(...walkMs);
        problems.push(...walkProblems);
      } else {
        const n = c.requests ?? opts.requests;
        const end = performance.now() + opts.caseTimeout * 1000;
        for (let i = -opts.warmup; i < n && performance.now() < end && !signal.aborted; i++) {
          const k = Math.max(i, 0);
          const { ms, body } = await get(c.list, c.query(k));
          const problem = c.check(body, k);
          if (problem && problems.length < 5) problems.push(`request ${k}: ${problem}`);
          if (i >= 0) samples.push(ms);
          if (i === 0) total = `${body.data.pagination.total}${body.data.pagination.totalCapped ? '+' : ''}`;
        }
      }
      const latencyMs = summarise(samples);
      measured.push({ id: c.id, list: c.list, title: c.title, latencyMs, total, problems });
      console.log(`  ${c.title}: ${bench.fmtLatency(latencyMs)}${total ? `; total ${total}` : ''}`);
      for (const p of problems) console.log(`    PROBLEM ${p}`);
    }

    // --- EXPLAIN (ANALYZE, BUFFERS) of each case's queries, captured from the service (the routes' code path)
    console.log('EXPLAIN ANALYZE of every case…');
    const plans: Record<string, { query: 'list' | 'count'; executionMs: number; plan: string }[]> = {};
    for (const c of cases) {
      if (signal.aborted) throw new Error('interrupted');
      const q = Object.fromEntries(
        new URLSearchParams(c.id === 'logs-cursor-walk' ? qs({ cursor: cursor21 }) : c.query(0)),
      );
      const statements = await bench.explainStatements(ctx, (captureCtx) =>
        c.list === 'audit'
          ? auditList(captureCtx, customer.id, auditListQuerySchema.parse(q), true)
          : deviceLogList(captureCtx, accountScope(customer.id), deviceLogListQuerySchema.parse(q)),
      );
      plans[c.id] = statements.map((st) => ({
        query: /count\(\*\)/.test(st.sql) ? ('count' as const) : ('list' as const),
        executionMs: st.executionMs,
        plan: st.plan,
      }));
    }

    // --- results
    const loadAtEnd = bench.loadAverage();
    const slowest = [...measured]
      .filter((m) => m.latencyMs.count > 0)
      .sort((a, b) => b.latencyMs.p95 - a.latencyMs.p95)[0]!;
    const dbVersion =
      (await ctx.pool.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? 'unknown';
    const result = {
      benchmark: 'activity-lists',
      date: startedAt.toISOString(),
      machine: {
        ...bench.machineFacts(),
        postgres: dbVersion,
        /** 1, 5 and 15 min load averages: other work on the (shared) machine skews the numbers. */
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: loadAtEnd,
        note: 'server and client share one Node process; PostgreSQL (embedded, default settings) runs alongside',
      },
      settings: { ...opts, pageSize: 25, oneRequestAtATime: true },
      server: { startSeconds: bench.seconds(startMs) },
      seeding,
      cases: measured.map((m) => ({
        ...m,
        explain: (plans[m.id] ?? []).map((p) => ({ query: p.query, executionMs: p.executionMs })),
      })),
      slowest: { id: slowest.id, plans: plans[slowest.id] ?? [] },
      plans,
    };
    const md = markdown(result);
    console.log(`\n${md}`);
    if (opts.write) {
      await bench.writeResults('lists', startedAt, result, md);
    }
    const problems = measured.flatMap((m) => m.problems.map((p) => `${m.id}: ${p}`));
    if (problems.length) throw new Error(`wrong answers:\n${problems.join('\n')}`);
  } finally {
    await bench.teardown(agent, rt, dataDir);
  }
}

type Result = {
  date: string;
  machine: {
    node: string;
    postgres: string;
    cpus: number;
    cpuModel: string;
    platform: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
  };
  settings: Options;
  seeding: Awaited<ReturnType<typeof seed>>;
  cases: {
    id: string;
    title: string;
    latencyMs: LatencySummary;
    total: string;
    problems: string[];
    explain: { query: 'list' | 'count'; executionMs: number }[];
  }[];
  slowest: { id: string; plans: { query: 'list' | 'count'; executionMs: number; plan: string }[] };
};

function markdown(r: Result) {
  const s = r.seeding;
  const n = (x: number) => x.toLocaleString('en-US');
  const db = (c: Result['cases'][number], q: 'list' | 'count') => {
    const e = c.explain.find((p) => p.query === q);
    return e ? String(bench.round(e.executionMs, 1)) : '–';
  };
  const slowest = r.cases.find((c) => c.id === r.slowest.id);
  const problems = r.cases.flatMap((c) => c.problems.map((p) => `${c.id}: ${p}`));
  return [
    '# Activity lists benchmark (latest run)',
    '',
    `${r.date.slice(0, 16).replace('T', ' ')} UTC · Node ${r.machine.node} · PostgreSQL ${r.machine.postgres} (embedded, default settings) · ` +
      `${r.machine.cpus} × ${r.machine.cpuModel} · ${r.machine.platform} · load average (1 / 5 / 15 min) at start ` +
      `${r.machine.loadAverageAtStart.join(' / ')}, at end ${r.machine.loadAverageAtEnd.join(' / ')}`,
    '',
    'Produced by `npm run bench -- lists` (bench/lists.ts; `npm run bench` runs it after bench/device.ts): the real server in-process on the embedded PostgreSQL,',
    'requests over loopback HTTP from the same Node process, one at a time, page size 25 unless said;',
    `${r.settings.warmup} untimed warm-up requests, then ${r.settings.requests} timed ones per case (request sent → whole body received).`,
    '',
    `**Data:** ${n(s.deviceLogs.rows)} device logs and ${n(s.auditEntries.rows)} audit entries in all: ` +
      `${n(r.settings.rows)} of each for the measured customer ` +
      `(device logs over ${n(r.settings.devices)} serial numbers), plus ${n(r.settings.otherRows)} of each over ` +
      `${n(r.settings.otherCustomers)} other customers (skewed sizes), interleaved over a year. ` +
      `Seeded in **${s.seconds} s**: both tables filled at once in ${s.fillSeconds} s (INSERT … SELECT generate_series ` +
      'with the secondary indexes dropped and built again afterwards, foreign-key trigger off: ' +
      `device_logs ${s.deviceLogs.insertSeconds} s + its ${s.deviceLogs.indexes.length} secondary indexes built ` +
      `${s.deviceLogs.indexSeconds} s; audit_entries ${s.auditEntries.insertSeconds} s + ${s.auditEntries.indexes.length} ` +
      `indexes ${s.auditEntries.indexSeconds} s), VACUUM (ANALYZE) ${s.vacuumAnalyzeSeconds.deviceLogs} s / ` +
      `${s.vacuumAnalyzeSeconds.auditEntries} s, CHECKPOINT ${s.checkpointSeconds ?? '–'} s. ` +
      s.tables.map((t) => `${t.table}: ${t.partitions} partitions, heap ${t.heap}, indexes ${t.indexes}`).join('; ') +
      '.',
    '',
    '| case | n | p50 | p95 | p99 | max | total | DB list | DB count |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.cases.map(
      (c) =>
        `| ${c.title} | ${c.latencyMs.count} | ${c.latencyMs.p50} | ${c.latencyMs.p95} | ${c.latencyMs.p99} | ` +
        `${c.latencyMs.max} | ${c.total || '–'} | ${db(c, 'list')} | ${db(c, 'count')} |`,
    ),
    '',
    'Latencies in ms. "total" is `pagination.total` of the first request (`+`: capped at 10,000). "DB list" and',
    '"DB count" are the Execution Time of one EXPLAIN (ANALYZE, BUFFERS) of the page query and of the capped count',
    "after the run (the service sends both at once on two connections), for the case's first request.",
    '',
    problems.length
      ? `**Wrong answers:** ${problems.join('; ')}`
      : 'Every answer was checked: status 200, rows matching the filter, page sizes, the walk without repeats.',
    '',
    `**Slowest case by p95:** ${slowest?.title ?? r.slowest.id}. Its plans:`,
    '',
    ...r.slowest.plans.flatMap((p) => [`${p.query} query:`, '', '```', p.plan, '```', '']),
  ].join('\n');
}

bench.runBenchmark(main);
