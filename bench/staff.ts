/**
 * `npm run bench -- staff`: the back office's lists at scale (issue 10): 1M customers and 10M payments by default.
 *
 * Starts the real product in this process (embedded PostgreSQL in a throwaway DATA_DIR, migrations, HTTP on
 * 127.0.0.1), creates a SuperAdmin with a staff session, then seeds in SQL (`INSERT … SELECT generate_series`, each
 * table with its secondary indexes dropped and built again afterwards):
 *   - `customers`: --customers rows (ids derived from the row number, so payments can point at them cheaply);
 *   - `payments`: --payments rows over 3 years, skewed (a few customers with many payments), 85% Success, 12% Failed
 *     with a provider error code, method mix card / wallets / paypal / link / rare ones, 6% with a coupon, 2% offline;
 *   - `payment_errors`: one per Failed payment; `coupons`: 200 codes;
 *   - the rollups the triggers would have kept (triggers are off during the bulk load): `customer_payment_stats` and
 *     the payment dashboard's counts with the migrations' own backfill statements, `customer_seats` (one `ALL` row per
 *     customer and one per family bought) from the Success payments;
 *   - `audit_entries`: --logins login rows (web logins and app enrolments, 8% failed) over 400 days, folded into
 *     `login_counts` by the `rollup.logins` job's function; `page_views`: --page-views, folded by `rollup.payments`;
 * then `VACUUM (ANALYZE)` and a CHECKPOINT. With --data-dir the installation is kept and a second run reuses it
 * (seeding skipped when it holds payments).
 *
 * Then, one request at a time over real HTTP, each case of `CASES` (a table: add a row to measure another list or
 * filter) gets --warmup untimed and --requests timed requests (request sent → whole body received): p50/p95/p99.
 * Every answer is checked (status 200, its own check). Then EXPLAIN (ANALYZE, BUFFERS) of the SQL the service runs for
 * each case (captured with a logging Drizzle instance over the same pool), and the `payment-history.csv` export
 * streamed over HTTP: rows/s and the server's peak RSS (the server runs in this process; sampled every 50 ms).
 * Measured lists: payment history, upcoming expiry, payment errors, coupons, customers list, payment dashboard and the
 * admin (login) dashboard; exports: payment-history.csv, customers.csv and the payment dashboard's three CSVs.
 *
 * Writes bench/results/staff-<date>.json and bench/results/latest-staff.md.
 *
 * Options: --customers 1000000 --payments 10000000 --logins 3000000 --page-views 1000000 --requests 20 --warmup 2
 *          --export-seconds 60 --data-dir <dir> --only <case name part> --no-write
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { staffApi, type StaffEndpoint } from '@fleetdeck/contract/staff';
import { summarise, type LatencySummary } from '@fleetdeck/device-sim';
import type { AppContext } from '../apps/api/src/context.ts';
import * as schema from '../apps/api/src/db/schema.ts';
import * as customersService from '../apps/api/src/modules/staff/customers/service.ts';
import { rollUpLogins } from '../apps/api/src/modules/staff/dashboard/repository.ts';
import * as loginDashboard from '../apps/api/src/modules/staff/dashboard/service.ts';
import { foldDashboardRollups } from '../apps/api/src/modules/staff/payment-dashboard/repository.ts';
import * as paymentDashboard from '../apps/api/src/modules/staff/payment-dashboard/service.ts';
import { couponList } from '../apps/api/src/modules/staff/coupons/lists-service.ts';
import { paymentErrors } from '../apps/api/src/modules/staff/payment-errors/service.ts';
import { paymentHistory } from '../apps/api/src/modules/staff/payment-history/service.ts';
import { upcomingExpire } from '../apps/api/src/modules/staff/upcoming-expire/service.ts';
import type { Runtime } from '../apps/api/src/runtime.ts';
import { loopbackFetch } from './http.ts';
import { CUSTOMER_ID, measureExport, seedCustomersAndPayments } from './payment-seed.ts';
import * as bench from './support.ts';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '1000000' },
    payments: { type: 'string', default: '10000000' },
    logins: { type: 'string', default: '3000000' },
    'page-views': { type: 'string', default: '1000000' },
    'data-dir': { type: 'string' },
    only: { type: 'string' },
    requests: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    'export-seconds': { type: 'string', default: '60' },
    'no-write': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(
    'npm run bench -- staff [--customers 1000000] [--payments 10000000] [--logins 3000000] [--page-views 1000000] ' +
      '[--requests 20] [--warmup 2] [--export-seconds 60] [--data-dir DIR (kept, reused)] [--only TEXT] [--no-write]',
  );
  process.exit(0);
}
const int = (name: string, v: string | undefined, min: number) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
  return n;
};
const opts = {
  customers: int('customers', args.customers, 1000),
  payments: int('payments', args.payments, 1000),
  logins: int('logins', args.logins, 0),
  pageViews: int('page-views', args['page-views'], 0),
  dataDir: args['data-dir'],
  only: args.only,
  requests: int('requests', args.requests, 1),
  warmup: int('warmup', args.warmup, 0),
  exportSeconds: int('export-seconds', args['export-seconds'], 5),
  write: !args['no-write'],
};

const customerEmail = (n: number) => `c${n}@bench.local`;

// ------------------------------------------------------------------------------------------------------------ seed

const fill = bench.fillTable;

async function seed(pool: pg.Pool) {
  const t = performance.now();
  const { customers, payments } = await seedCustomersAndPayments(pool, opts);
  const errors = await fill(
    pool,
    'payment_errors',
    `insert into payment_errors (customer_id, payment_id, email, billing_name, code, message, req_body, created_at)
     select p.customer_id, p.id, c.email, case when p.error_code = 'expired_card' then c.name end, p.error_code,
       p.message, jsonb_build_object('error', jsonb_build_object('code', p.error_code, 'message', p.message,
         'payment_method', case when p.error_code = 'expired_card' then jsonb_build_object('type', 'card',
           'billing_details', jsonb_build_object('name', c.name)) end)), p.created_at
     from payments p join customers c on c.id = p.customer_id where p.status = 'Failed'`,
  );
  const rollups = await seedRollups(pool);
  const v = performance.now();
  await pool.query(
    'vacuum (analyze) customers, payments, payment_errors, coupons, customer_payment_stats, customer_seats, ' +
      'audit_entries, login_counts, page_views, payment_counts, payment_counts_daily, payment_counts_monthly, ' +
      'customer_country_counts',
  );
  await pool.query('checkpoint');
  console.log(`  vacuum (analyze) + checkpoint in ${bench.seconds(performance.now() - v)} s`);
  return { customers, payments, errors, ...rollups, totalSeconds: bench.seconds(performance.now() - t) };
}

async function timedStep<T>(what: string, work: () => Promise<T>) {
  const t = performance.now();
  await work();
  const s = bench.seconds(performance.now() - t);
  console.log(`  ${what}: ${s} s`);
  return s;
}

/** What the triggers and jobs would have built from the bulk-loaded rows, and the login and page-view rows. */
async function seedRollups(pool: pg.Pool) {
  const paymentStatsSeconds = await timedStep('customer_payment_stats (the migration statement)', () =>
    pool.query(`insert into customer_payment_stats (customer_id, success_count, payment_count)
      select customer_id, count(*) filter (where status = 'Success')::int, count(*)::int from payments group by 1`),
  );
  // One row per family bought and the `ALL` row of every customer (zeros without a Success payment); "used" is 80%
  // of the purchased seats, rounded up, so the unused-licence filter matches a few.
  const seats = await fill(
    pool,
    'customer_seats',
    `insert into customer_seats (customer_id, family, customer_created_at, purchased, used, expired, next_expiry_at)
     select c.id, coalesce(a.family, 'ALL'), c.created_at, coalesce(a.purchased, 0), ceil(coalesce(a.purchased, 0) * 0.8),
       coalesce(a.expired, 0), a.next_expiry
     from customers c left join (
       select customer_id, family,
         coalesce(sum(qty) filter (where expiry_at > now()), 0)::int as purchased,
         coalesce(sum(qty) filter (where expiry_at <= now()), 0)::int as expired,
         min(expiry_at) filter (where expiry_at > now()) as next_expiry
       from payments where status = 'Success' group by grouping sets ((customer_id, family), (customer_id))
     ) a on a.customer_id = c.id`,
  );
  const dashboardRollupSeconds = await timedStep('payment dashboard rollups (the migration statements)', () =>
    bench.backfillPaymentDashboardRollups(pool),
  );
  const logins = await fill(
    pool,
    'audit_entries',
    `insert into audit_entries (customer_id, email, type, sub_type, message, source, has_error, ip, created_at)
     select ${CUSTOMER_ID('c')}, 'c' || c || '@bench.local',
       case when app then 'Device' else 'User Account' end, case when app then 'Enrol' else 'Login' end,
       case when app then 'Device enrolled' else 'Logged in' end || case when failed then ' (failed)' else '' end,
       case when app then 'App' else 'Web' end, failed, '203.0.113.' || (g % 250),
       now() - make_interval(secs => (400 * 86400 * (1 - g::float8 / $2::int))::int) - interval '1 minute'
     from (select g, 1 + floor(power(random(), 2) * $1::int)::int as c, random() < 0.3 as app,
                  random() < 0.08 as failed
           from generate_series(1, $2::int) g) s`,
    [opts.customers, opts.logins],
  );
  const loginFoldSeconds = await timedStep('login_counts (rollup.logins job, 200k ids a run)', async () => {
    const db = drizzle(pool, { schema }) as unknown as AppContext['db'];
    while ((await db.transaction((tx) => rollUpLogins(tx))) > 0);
  });
  const pageViewSeconds = await timedStep(`${opts.pageViews} page views, folded by rollup.payments`, async () => {
    await bench.seedPageViews(pool, opts.pageViews);
    const db = drizzle(pool, { schema }) as unknown as AppContext['db'];
    while ((await db.transaction((tx) => foldDashboardRollups(tx))).pageViews > 0);
  });
  return { paymentStatsSeconds, seats, dashboardRollupSeconds, logins, loginFoldSeconds, pageViewSeconds };
}

// ----------------------------------------------------------------------------------------------------------- cases

interface ListBody {
  /** A list's rows, or a dashboard's object. */
  data: Record<string, unknown>[];
  pagination?: { total: number; totalCapped?: boolean; nextCursor?: string | null };
}

/**
 * One measured request shape. `query` may depend on earlier answers (`ctx.cursor`, a busy customer's email) and is
 * built once before timing. `check` throws when an answer is wrong. `explain` names the service call whose SQL is
 * EXPLAINed (omit for lists without one here). Add rows here to measure more lists (customers, dashboards).
 */
interface Case {
  name: string;
  endpoint: StaffEndpoint;
  query: (ctx: CaseContext) => Record<string, string>;
  check?: (body: ListBody, ctx: CaseContext) => void;
  explain?: (app: AppContext, query: Record<string, string>) => Promise<unknown>;
}
interface CaseContext {
  busyEmail: string;
  quietEmail: string;
  historyCursor: string;
  customersCursor: string;
  /** The start of the busiest customer's email (a prefix search). */
  emailPrefix: string;
  monthAgo: string;
  today: string;
  weekAgo: string;
}

const rowsMatch = (field: string, expected: unknown) => (b: ListBody) => {
  for (const r of b.data) {
    if (r[field] !== expected)
      throw new Error(`a row has ${field}=${JSON.stringify(r[field])}, not ${String(expected)}`);
  }
};
const rowsOf = (email: (c: CaseContext) => string) => (b: ListBody, c: CaseContext) => {
  const expected = email(c);
  for (const r of b.data) {
    if (r.email !== expected) throw new Error(`a row has email ${String(r.email)}, not ${expected}`);
  }
};
const nonEmpty = (b: ListBody) => {
  if (b.data.length === 0) throw new Error('no rows');
};
const numbers =
  (...fields: string[]) =>
  (b: ListBody) => {
    const data = b.data as unknown as Record<string, unknown>;
    for (const f of fields) if (typeof data[f] !== 'number') throw new Error(`${f} is not a number`);
  };
const bars = (field: string, n: number) => (b: ListBody) => {
  const list = (b.data as unknown as Record<string, unknown[]>)[field];
  if (!Array.isArray(list) || list.length !== n) throw new Error(`${field} has ${list?.length} bars, not ${n}`);
};

/** The parsed query the route would hand the service (the contract's schema), for EXPLAIN. */
const parsed = <E extends StaffEndpoint>(endpoint: E, q: Record<string, string>) =>
  (endpoint.query as unknown as { parse: (v: unknown) => never }).parse(q);

const history = (name: string, query: Case['query'], check?: Case['check']): Case => ({
  name: `payments/history ${name}`,
  endpoint: staffApi.paymentHistory,
  query,
  check,
  explain: (app, q) => paymentHistory(app, parsed(staffApi.paymentHistory, q)),
});

export const CASES: Case[] = [
  history('first page', () => ({}), nonEmpty),
  history('status=Failed', () => ({ status: 'Failed' }), rowsMatch('status', 'Failed')),
  history('status=Success, limit 50', () => ({ status: 'Success', limit: '50' }), rowsMatch('status', 'Success')),
  history(
    'subscriptionType=one_time',
    () => ({ subscriptionType: 'one_time' }),
    rowsMatch('subscriptionType', 'one_time'),
  ),
  history('paymentMethodType=google_pay', () => ({ paymentMethodType: 'google_pay' }), nonEmpty),
  history('paymentMethodType=alipay (rare)', () => ({ paymentMethodType: 'alipay' }), nonEmpty),
  history(
    'email (busiest customer)',
    (c) => ({ email: c.busyEmail }),
    rowsOf((c) => c.busyEmail),
  ),
  history(
    'email (one-payment customer)',
    (c) => ({ email: c.quietEmail }),
    rowsOf((c) => c.quietEmail),
  ),
  history('priceId=PD', () => ({ priceId: 'PD' }), nonEmpty),
  history('priceId=SLOT', () => ({ priceId: 'SLOT' })),
  history('zeroSuccessPayment=true', () => ({ zeroSuccessPayment: 'true' })),
  history('coupon=BENCH1', () => ({ coupon: 'BENCH1' }), rowsMatch('coupon', 'BENCH1')),
  history('coupon=BENCH200 (rare)', () => ({ coupon: 'BENCH200' })),
  history('last 7 days', (c) => ({ from_date: c.weekAgo, to_date: c.today }), nonEmpty),
  history('Failed + card + PD + last 7 days', (c) => ({
    status: 'Failed',
    paymentMethodType: 'card',
    priceId: 'PD',
    from_date: c.weekAgo,
    to_date: c.today,
  })),
  history('next page by cursor', (c) => ({ cursor: c.historyCursor }), nonEmpty),
  history('page 400 by position (offset 9,975)', () => ({ page: '400' }), nonEmpty),
  {
    name: 'payments/upcoming-expire-history first page',
    endpoint: staffApi.upcomingExpireHistory,
    query: () => ({}),
    check: nonEmpty,
    explain: (app, q) => upcomingExpire(app, parsed(staffApi.upcomingExpireHistory, q)),
  },
  {
    name: 'payments/upcoming-expire-history isOfflinePayment=true',
    endpoint: staffApi.upcomingExpireHistory,
    query: () => ({ isOfflinePayment: 'true' }),
    check: rowsMatch('isOfflinePayment', true),
    explain: (app, q) => upcomingExpire(app, parsed(staffApi.upcomingExpireHistory, q)),
  },
  {
    name: 'payments/upcoming-expire-history email',
    endpoint: staffApi.upcomingExpireHistory,
    query: (c) => ({ email: c.busyEmail }),
    explain: (app, q) => upcomingExpire(app, parsed(staffApi.upcomingExpireHistory, q)),
  },
  {
    name: 'payments/errors first page, limit 500',
    endpoint: staffApi.paymentErrors,
    query: () => ({ limit: '500' }),
    check: nonEmpty,
    explain: (app, q) => paymentErrors(app, parsed(staffApi.paymentErrors, q)),
  },
  {
    name: 'payments/errors email',
    endpoint: staffApi.paymentErrors,
    query: (c) => ({ email: c.busyEmail }),
    explain: (app, q) => paymentErrors(app, parsed(staffApi.paymentErrors, q)),
  },
  {
    name: 'payments/errors last 7 days',
    endpoint: staffApi.paymentErrors,
    query: (c) => ({ from_date: c.weekAgo, to_date: c.today }),
    explain: (app, q) => paymentErrors(app, parsed(staffApi.paymentErrors, q)),
  },
  {
    name: 'payments/coupons first page (Success counts)',
    endpoint: staffApi.coupons,
    query: () => ({}),
    check: nonEmpty,
    explain: (app, q) => couponList(app, parsed(staffApi.coupons, q)),
  },
  customers('first page', () => ({}), nonEmpty),
  customers('From one month ago (the page default)', (c) => ({ from_date: c.monthAgo }), nonEmpty),
  customers('email prefix', (c) => ({ email: c.emailPrefix }), nonEmpty),
  customers('customerSource=Offline', () => ({ customerSource: 'Offline' }), rowsMatch('isOfflineCustomer', true)),
  customers('customerSource=Online', () => ({ customerSource: 'Online' }), rowsMatch('isOfflineCustomer', false)),
  customers('purchasedDevices=0', () => ({ purchasedDevices: '0' }), rowsMatch('totalPurchasedDevices', 0)),
  customers('purchasedDevices=3', () => ({ purchasedDevices: '3' }), rowsMatch('totalPurchasedDevices', 3)),
  customers('countryCode=+91', () => ({ countryCode: '+91' }), rowsMatch('countryCode', '+91')),
  customers('product=PD', () => ({ product: 'PD' }), nonEmpty),
  customers('showUnusedLicense=true', () => ({ showUnusedLicense: 'true' }), nonEmpty),
  customers('resellerStatus=Requested', () => ({ resellerStatus: 'Requested' }), nonEmpty),
  customers('Online + PD + unused + one month ago', (c) => ({
    customerSource: 'Online',
    product: 'PD',
    showUnusedLicense: 'true',
    from_date: c.monthAgo,
  })),
  customers('next page by cursor', (c) => ({ cursor: c.customersCursor }), nonEmpty),
  customers('page 400 by position (offset 9,975)', () => ({ page: '400' })),
  dashboard(
    'payments/dashboard this month, UTC',
    staffApi.paymentDashboard,
    () => ({ timeZone: 'UTC' }),
    (app, q) => paymentDashboard.paymentDashboard(app, parsed(staffApi.paymentDashboard, q)),
  ),
  dashboard(
    'payments/dashboard this month, Asia/Kolkata',
    staffApi.paymentDashboard,
    () => ({ timeZone: 'Asia/Kolkata' }),
    (app, q) => paymentDashboard.paymentDashboard(app, parsed(staffApi.paymentDashboard, q)),
  ),
  dashboard(
    'payments/dashboard a past month, America/New_York, Success only',
    staffApi.paymentDashboard,
    () => ({ timeZone: 'America/New_York', reportMonth: '2', reportYear: '2025', hasError: 'false' }),
    (app, q) => paymentDashboard.paymentDashboard(app, parsed(staffApi.paymentDashboard, q)),
  ),
  dashboard(
    'users/dashboard today, UTC',
    staffApi.loginDashboard,
    () => ({ timeZone: 'UTC' }),
    (app, q) => loginDashboard.todayCounts(app, parsed(staffApi.loginDashboard, q)),
    numbers('todayAppLoginCount', 'todayWebLoginCount'),
  ),
  dashboard(
    'users/dashboard today, Asia/Kolkata, failed only',
    staffApi.loginDashboard,
    () => ({ timeZone: 'Asia/Kolkata', hasError: 'true' }),
    (app, q) => loginDashboard.todayCounts(app, parsed(staffApi.loginDashboard, q)),
    numbers('todayAppLoginCount', 'todayWebLoginCount'),
  ),
  dashboard(
    'users/monthWiseLogin, Europe/London',
    staffApi.monthWiseLogin,
    () => ({ timeZone: 'Europe/London' }),
    (app, q) => loginDashboard.monthCounts(app, parsed(staffApi.monthWiseLogin, q)),
    bars('monthWiseWebLoginCount', 12),
  ),
  dashboard(
    'users/weekWiseLogin, Asia/Kolkata',
    staffApi.weekWiseLogin,
    () => ({ timeZone: 'Asia/Kolkata' }),
    (app, q) => loginDashboard.weekCounts(app, parsed(staffApi.weekWiseLogin, q)),
    bars('weekWiseWebLoginCount', 8),
  ),
  logins('first page', () => ({}), nonEmpty),
  logins('source=App', () => ({ source: 'App' }), rowsMatch('source', 'App')),
  logins('failed only (hasError=true)', () => ({ hasError: 'true' }), rowsMatch('hasError', true)),
  logins('source=Web, succeeded only', () => ({ source: 'Web', hasError: 'false' }), rowsMatch('source', 'Web')),
  logins('email (a frequent customer)', () => ({ email: customerEmail(1) }), nonEmpty),
  logins('page 400 by position', () => ({ page: '400' })),
];

function customers(name: string, query: Case['query'], check?: Case['check']): Case {
  return {
    name: `customers/list ${name}`,
    endpoint: staffApi.customerList,
    query,
    check,
    explain: (app, q) => customersService.customerList(app, parsed(staffApi.customerList, q)),
  };
}

function dashboard(
  name: string,
  endpoint: StaffEndpoint,
  query: Case['query'],
  explain: Case['explain'],
  check?: Case['check'],
): Case {
  return { name, endpoint, query, explain, check };
}

function logins(name: string, query: Case['query'], check?: Case['check']): Case {
  return {
    name: `users/dashboardHistory ${name}`,
    endpoint: staffApi.loginHistory,
    query,
    check,
    explain: (app, q) => loginDashboard.loginHistory(app, parsed(staffApi.loginHistory, q)),
  };
}

// --------------------------------------------------------------------------------------------------------- explain

interface PlanSummary {
  sql: string;
  ms: number;
  /** The plan's node types and index names, in order (first line of each node). */
  nodes: string[];
  plan: string;
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement the service runs for a case (captured by a logging Drizzle). */
async function explainCase(rt: Runtime, c: Case, query: Record<string, string>): Promise<PlanSummary[]> {
  if (!c.explain) return [];
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(rt.ctx.pool, {
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as AppContext['db'];
  await c.explain({ ...rt.ctx, db }, query);
  const out: PlanSummary[] = [];
  for (const q of captured) {
    if (!/^\s*(select|with)/i.test(q.sql) || /from "plans"/.test(q.sql)) continue;
    const t = performance.now();
    const r = await rt.ctx.pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, q.params);
    const ms = performance.now() - t;
    const lines = r.rows.map((x) => x['QUERY PLAN']);
    out.push({
      sql: q.sql.length > 400 ? `${q.sql.slice(0, 400)}…` : q.sql,
      ms: bench.round(ms),
      nodes: lines
        .filter((l) => /->|^\S/.test(l) && !/^(Planning|Execution|Buffers)/.test(l.trim()))
        .map((l) =>
          l
            .replace(/\s+\(cost=.*$/, '')
            .replace(/^\s*->\s*/, '')
            .trim(),
        )
        .slice(0, 12),
      plan: lines.join('\n'),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------- export

/** The CSV exports measured (each with its list's filters; none: the whole list). */
const EXPORTS: { name: string; endpoint: StaffEndpoint; query: (c: CaseContext) => Record<string, string> }[] = [
  { name: 'payment-history.csv', endpoint: staffApi.paymentHistory, query: () => ({}) },
  { name: 'customers.csv', endpoint: staffApi.customerList, query: () => ({}) },
  {
    name: 'day-wise-payments.csv',
    endpoint: staffApi.paymentDashboard,
    query: () => ({ exportType: 'dayWise', timeZone: 'UTC' }),
  },
  {
    name: 'month-wise-payments.csv',
    endpoint: staffApi.paymentDashboard,
    query: () => ({ exportType: 'monthWise', timeZone: 'UTC' }),
  },
  {
    name: 'country-wise-customers.csv',
    endpoint: staffApi.paymentDashboard,
    query: () => ({ exportType: 'countryWise' }),
  },
];

// ------------------------------------------------------------------------------------------------------------ main

async function main() {
  const signal = bench.interruptSignal();
  const startedAt = new Date();
  const loadAtStart = bench.loadAverage();
  const { dataDir, baseUrl, config, logger } = await bench.benchInstallation('fd-bench-staff-', opts.dataDir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let rt: Runtime | null = null;
  let bulk: pg.Pool | null = null;
  console.log(
    `Staff lists benchmark: ${opts.customers.toLocaleString('en-US')} customers, ` +
      `${opts.payments.toLocaleString('en-US')} payments; ${opts.requests} requests a case (+${opts.warmup} warm-up). ` +
      `Load average ${loadAtStart.join(' / ')}`,
  );
  try {
    const started = await bench.startProduct(config, logger, dataDir);
    rt = started.rt;
    const { ctx } = rt;
    const token = await bench.benchSuperAdminToken(ctx);
    const fetchStaff = loopbackFetch(agent, '127.0.0.1');

    const seedingFile = path.join(dataDir, 'bench-staff-seeding.json');
    bulk = bench.unboundedPool(ctx.pool);
    const { rows: seeded } = await bulk.query<{ n: string }>('select count(*) as n from payments');
    let seeding: Awaited<ReturnType<typeof seed>>;
    if (opts.dataDir && Number(seeded[0]?.n) > 0) {
      console.log(`Reusing the seeded installation in ${dataDir} (${seeded[0]?.n} payments)`);
      seeding = JSON.parse(await fs.readFile(seedingFile, 'utf8')) as typeof seeding;
    } else {
      console.log('Seeding…');
      seeding = await seed(bulk);
      await fs.writeFile(seedingFile, JSON.stringify(seeding));
    }
    if (signal.aborted) throw new Error('interrupted');

    const get = async (endpoint: StaffEndpoint, query: Record<string, string>) => {
      const qs = new URLSearchParams(query).toString();
      const url = `${baseUrl}${endpoint.path}${qs ? `?${qs}` : ''}`;
      const t0 = performance.now();
      const res = await fetchStaff(url, { headers: { authorization: token }, signal });
      const text = await res.text();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
      return { ms, body: JSON.parse(text) as ListBody };
    };

    // What some cases start from.
    const { rows: busy } = await bulk.query<{ id: string; n: string }>(
      `select customer_id::text as id, count(*) as n from payments group by 1 order by 2 desc limit 1`,
    );
    const busyNo = parseInt(busy[0]!.id.slice(-12), 16);
    const { rows: quiet } = await bulk.query<{ id: string }>(
      `select customer_id::text as id from payments group by 1 having count(*) = 1 limit 1`,
    );
    const quietNo = quiet[0] ? parseInt(quiet[0].id.slice(-12), 16) : opts.customers;
    const first = await get(staffApi.paymentHistory, {});
    const firstCustomers = await get(staffApi.customerList, {});
    const today = new Date().toISOString().slice(0, 10);
    const caseCtx: CaseContext = {
      busyEmail: customerEmail(busyNo),
      quietEmail: customerEmail(quietNo),
      historyCursor: first.body.pagination?.nextCursor ?? '',
      customersCursor: firstCustomers.body.pagination?.nextCursor ?? '',
      emailPrefix: customerEmail(busyNo).slice(0, 4),
      today,
      weekAgo: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
      monthAgo: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
    };
    console.log(`Busiest customer ${caseCtx.busyEmail} (${busy[0]?.n} payments)`);

    const results: {
      name: string;
      path: string;
      query: Record<string, string>;
      latency: LatencySummary;
      rows: number;
      total: number;
      totalCapped: boolean;
      plans: PlanSummary[];
    }[] = [];
    const only = opts.only;
    for (const c of only ? CASES.filter((x) => x.name.includes(only)) : CASES) {
      if (signal.aborted) throw new Error('interrupted');
      const query = c.query(caseCtx);
      for (let i = 0; i < opts.warmup; i++) await get(c.endpoint, query);
      const samples: number[] = [];
      let last: ListBody | null = null;
      for (let i = 0; i < opts.requests; i++) {
        const r = await get(c.endpoint, query);
        samples.push(r.ms);
        last = r.body;
      }
      if (c.check && last) c.check(last, caseCtx);
      const latency = summarise(samples);
      const plans = await explainCase(rt, c, query);
      results.push({
        name: c.name,
        path: c.endpoint.path.replace('/api/v1/super-admin/', ''),
        query,
        latency,
        rows: Array.isArray(last?.data) ? last.data.length : 1,
        total: last?.pagination?.total ?? (Array.isArray(last?.data) ? last.data.length : 1),
        totalCapped: last?.pagination?.totalCapped ?? false,
        plans,
      });
      const r = results.at(-1)!;
      console.log(`  ${c.name}: ${bench.fmtLatency(latency)}; ${r.rows} rows of ${r.total}${r.totalCapped ? '+' : ''}`);
    }

    const exports: (Awaited<ReturnType<typeof measureExport>> & { name: string })[] = [];
    for (const e of only ? [] : EXPORTS) {
      if (signal.aborted) throw new Error('interrupted');
      console.log(`Export ${e.name} (at most ${opts.exportSeconds} s)…`);
      const exported = await measureExport(baseUrl, token, e.endpoint, e.query(caseCtx), opts.exportSeconds);
      exports.push({ name: e.name, ...exported });
      console.log(
        `  ${exported.rows.toLocaleString('en-US')} rows in ${exported.seconds} s: ${exported.rowsPerSecond.toLocaleString('en-US')} rows/s; ` +
          `RSS ${exported.rssBeforeMiB} → peak ${exported.rssPeakMiB} MiB${exported.complete ? '' : ' (stopped at the time limit)'}`,
      );
    }

    const result = {
      benchmark: 'staff',
      startedAt: startedAt.toISOString(),
      options: opts,
      machine: bench.machineFacts(),
      loadAverage: { start: loadAtStart, end: bench.loadAverage() },
      startSeconds: bench.seconds(started.startMs),
      seeding,
      cases: results,
      exports,
    };
    const md = markdown(result);
    if (opts.write) await bench.writeResults('staff', startedAt, result, md);
    else console.log(md);
  } finally {
    await bulk?.end();
    await bench.teardown(agent, rt, dataDir, { keep: Boolean(opts.dataDir) });
  }
}

/** The list query's plan in short (the count's index after it), for the table. */
const planOf = (plans: PlanSummary[]) => {
  const list = plans.find((p) => !p.sql.startsWith('select count'));
  const count = plans.find((p) => p.sql.startsWith('select count'));
  const short = (p: PlanSummary | undefined, n: number) =>
    (p?.nodes ?? [])
      .filter(
        (x) =>
          !/^(Limit|Aggregate|Sort Key|Index Cond|Filter|Recheck Cond|Cache|Hits|Heap Fetches|Rows Removed)/.test(x),
      )
      .slice(0, n)
      .join(' → ')
      .replace(/\|/g, '/');
  return `${short(list, 4)}${count ? `; count: ${short(count, 2)}` : ''} (${list?.ms ?? '-'} ms)`;
};

function markdown(r: {
  startedAt: string;
  options: typeof opts;
  machine: ReturnType<typeof bench.machineFacts>;
  loadAverage: { start: number[]; end: number[] };
  seeding: Awaited<ReturnType<typeof seed>>;
  cases: {
    name: string;
    latency: LatencySummary;
    rows: number;
    total: number;
    totalCapped: boolean;
    plans: PlanSummary[];
  }[];
  exports: (Awaited<ReturnType<typeof measureExport>> & { name: string })[];
}) {
  const lines = [
    `# Staff lists benchmark (${r.startedAt.slice(0, 10)})`,
    '',
    `${r.options.customers.toLocaleString('en-US')} customers, ${r.options.payments.toLocaleString('en-US')} payments, ` +
      `${r.seeding.errors.rows.toLocaleString('en-US')} payment errors, ${r.seeding.logins.rows.toLocaleString('en-US')} ` +
      `login audit rows, ${r.options.pageViews.toLocaleString('en-US')} page views. ${r.options.requests} timed requests a case ` +
      `(+${r.options.warmup} warm-up), one at a time over loopback HTTP. Machine: ${r.machine.cpus} × ${r.machine.cpuModel}, ` +
      `${r.machine.memoryGiB} GiB, Node ${r.machine.node}; load average ${r.loadAverage.start.join(' / ')} at start, ` +
      `${r.loadAverage.end.join(' / ')} at the end (shared machine). Seeding took ${r.seeding.totalSeconds} s.`,
    '',
    '| Case | p50 ms | p95 ms | p99 ms | rows | total | plan (main query) |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...r.cases.map(
      (c) =>
        `| ${c.name} | ${c.latency.p50} | ${c.latency.p95} | ${c.latency.p99} | ${c.rows} | ${c.total.toLocaleString('en-US')}${c.totalCapped ? '+' : ''} | ${planOf(c.plans)} |`,
    ),
    '',
    `## CSV exports`,
    '',
    `Streamed over HTTP, at most ${r.options.exportSeconds} s each; RSS of the server process (this process) sampled every 50 ms.`,
    '',
    '| Export | rows | MiB | seconds | rows/s | RSS before MiB | RSS peak MiB | complete |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...r.exports.map(
      (e) =>
        `| ${e.name} | ${e.rows.toLocaleString('en-US')} | ${bench.round(e.bytes / 2 ** 20)} | ${e.seconds} | ` +
        `${e.rowsPerSecond.toLocaleString('en-US')} | ${e.rssBeforeMiB} | ${e.rssPeakMiB} | ${e.complete ? 'yes' : 'stopped at the limit'} |`,
    ),
    '',
  ];
  const slowest = [...r.cases].sort((a, b) => b.latency.p95 - a.latency.p95)[0];
  if (slowest?.plans.length) {
    lines.push(`## Plans of the slowest case: ${slowest.name}`, '');
    for (const p of slowest.plans) lines.push('```', p.sql, '', p.plan, '```', '');
  }
  return `${lines.join('\n')}\n`;
}

bench.runBenchmark(main);
