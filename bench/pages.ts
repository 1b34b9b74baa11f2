/**
 * `npm run bench -- pages`: speed a person feels (issue 13).
 *
 * Starts the product as `npm start` does (a child process running scripts/start.mjs: the web app is built if needed,
 * then the API serves it) in a throwaway DATA_DIR with its embedded PostgreSQL, default logging (LOG_LEVEL info, the
 * log written to a file as an operator would keep it), loads the demo data (`seed:demo`) and signs the demo customer
 * in over HTTP. Then:
 *
 *  1. Lighthouse 12 (Debian's Chromium at /usr/bin/chromium or CHROME_PATH; never a downloaded browser) on /login,
 *     /dashboard, /plans, /profiles, one profile detail page, /super-admin/login and /admin-dashboard, mobile
 *     (Lighthouse's default: simulated slow 4G and 4× CPU slow-down) and desktop; then the accessibility category
 *     alone (mobile) on every other page of the customer app. Signed-in pages get the realm's token in localStorage
 *     first (`token`; the back office's `super_admin_token`, from a staff session row as its browser tests make one);
 *     every run starts with an empty HTTP cache. Recorded: performance and accessibility scores, FCP, LCP, TBT, CLS,
 *     transferred bytes, and the failing accessibility audits with their elements (printed).
 *  2. Repeat visit of /login: the bytes the second load of the page transfers (first load with an empty cache, then
 *     the same URL again in the same tab, as a person coming back would).
 *  3. autocannon on loopback: GET /healthz and a signed-in GET /api/v1/admin/users/detail of the product, and the
 *     same answer from a bare `node:http` server (a child process too), in the same run; prints the ratios.
 *
 * `uptime`'s load average is recorded with every measurement: the machine may be shared.
 * Writes bench/results/pages-<date>.json and bench/results/latest-pages.md. Loopback only; every loop is bounded.
 *
 * Options: --duration 10 (seconds per autocannon case) --connections 10 --runs 1 (Lighthouse runs per page and form
 *          factor; the median by performance score is kept) --no-lighthouse --no-http --no-write --label TEXT
 *          --only login,dashboard,plans,profiles,profile-detail,super-admin-login,admin-dashboard,faq,… (Lighthouse on
 *          these pages only; names as printed, spaces as dashes) --no-a11y-all (the performance pages only)
 *          --save-reports DIR (each run's full Lighthouse JSON there: treemap, bootup-time, failing nodes)
 *          --form-factors mobile,desktop (Lighthouse with these settings only)
 *          --out NAME (write bench/results/NAME.json and NAME.md instead of pages-<date>.json and latest-pages.md)
 *          --cpu-prof (the server runs under `node --cpu-prof`; its profile is written to bench/results/cpu-profiles/
 *          when it stops, for bench/cpu-profile.ts)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { freePort } from '../apps/api/test/support/postgres.ts';
import { interruptSignal } from './support.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(import.meta.dirname, 'results');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DEMO_PASSWORD = 'Bench-Demo-Password-1';
const DETAIL = '/api/v1/admin/users/detail';

// ------------------------------------------------------------------------------------------------ options

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    runs: { type: 'string', default: '1' },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-http': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    label: { type: 'string', default: '' },
    only: { type: 'string', default: '' },
    'no-a11y-all': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    'save-reports': { type: 'string', default: '' },
    'form-factors': { type: 'string', default: 'mobile,desktop' },
    out: { type: 'string', default: '' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help) {
  console.log(
    'npm run bench -- pages [--duration 10] [--connections 10] [--runs 1] [--no-lighthouse] [--no-http] [--no-write] [--no-a11y-all] [--cpu-prof] [--save-reports DIR] [--label TEXT] [--only login,plans,…] [--form-factors mobile,desktop] [--out NAME]',
  );
  process.exit(0);
}
const DURATION = Number(opts.duration);
const CONNECTIONS = Number(opts.connections);
const RUNS = Number(opts.runs);
for (const [name, v] of [
  ['duration', DURATION],
  ['connections', CONNECTIONS],
  ['runs', RUNS],
] as const) {
  if (!Number.isInteger(v) || v < 1 || v > 600) {
    console.error(`--${name} must be a whole number from 1 to 600`);
    process.exit(2);
  }
}
const signal = interruptSignal();

// ------------------------------------------------------------------------------------------------ helpers

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A child process whose output goes to a file; resolves once `url` answers 200. */
async function startChild(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  readyUrl: string,
  timeoutMs: number,
): Promise<ChildProcess> {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see ${logFile}`);
    if (signal.aborted) break;
    try {
      if ((await fetch(readyUrl)).status === 200) return child;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill('SIGTERM');
  throw new Error(`${name} did not answer ${readyUrl} in time; see ${logFile}`);
}

function stopChild(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function runChild(args: string[], env: NodeJS.ProcessEnv, logFile: string): Promise<void> {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

// ------------------------------------------------------------------------------------------------ autocannon

interface HttpCase {
  name: string;
  target: 'product' | 'bare node:http';
  path: string;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  bytesPerSecond: number;
  non2xx: number;
  errors: number;
  load: string;
}

async function cannon(name: string, target: HttpCase['target'], url: string, headers: Record<string, string> = {}) {
  const loadBefore = load();
  // A short warm-up (JIT, connection pools), not recorded.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const c: HttpCase = {
    name,
    target,
    path: new URL(url).pathname,
    requestsPerSecond: round(r.requests.average),
    latencyP50: r.latency.p50,
    latencyP99: r.latency.p99,
    bytesPerSecond: round(r.throughput.average),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    load: `${loadBefore} → ${load()}`,
  };
  console.log(
    `  ${name.padEnd(34)} ${String(c.requestsPerSecond).padStart(8)} req/s  p50 ${c.latencyP50} ms  p99 ${c.latencyP99} ms` +
      `${c.non2xx || c.errors ? `  (non-2xx ${c.non2xx}, errors ${c.errors})` : ''}  load ${c.load}`,
  );
  return c;
}

/** The bare server: the same JSON answer as /healthz, nothing else. */
const BARE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ status: 'ok' });
http
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
`;

// ------------------------------------------------------------------------------------------------ Lighthouse

interface PageResult {
  page: string;
  url: string;
  formFactor: 'mobile' | 'desktop';
  /** null: an accessibility-only run (the other customer pages). */
  performance: number | null;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferredBytes: number;
  /** Accessibility audits that failed (score 0), by id. */
  a11yFailures: string[];
  load: string;
}

const audit = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) =>
  lhr.audits[id]?.numericValue ?? NaN;

/** Lighthouse fails a run now and then on a busy machine (NO_NAVSTART: a trace without its navigation); tried 3 times. */
async function lighthouseRun(...args: Parameters<typeof lighthouseOnce>): Promise<PageResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(...args);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof LighthouseRuntimeError)) throw err;
      console.log(`  (${err.message}; trying again)`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

/** A page to measure: who is signed in, and whether performance is measured too (else accessibility only). */
interface PageSpec {
  name: string;
  path: string;
  realm: 'guest' | 'customer' | 'staff';
  perf: boolean;
  /** The path Lighthouse may end on when it is not `path` (a page that moves on by itself). */
  lands?: string;
}

/** Where each realm's web app keeps its token (apps/web `lib/api-client.ts`; the back office's own key). */
const TOKEN_KEYS = { customer: 'token', staff: 'super_admin_token' } as const;

async function lighthouseOnce(
  browser: Browser,
  port: number,
  baseUrl: string,
  page: PageSpec,
  formFactor: 'mobile' | 'desktop',
  tokens: { customer: string; staff: string },
): Promise<PageResult> {
  // Sign in (or out) the way the web app does, and empty the HTTP cache, in a tab of the same profile; Lighthouse then
  // opens its own tab (a page handed to it loses the navigation start of its trace: NO_NAVSTART).
  const tab = await browser.newPage();
  try {
    await tab.goto(`${baseUrl}/favicon.svg`);
    // A string, so that it runs in the page (bench/ has no DOM types).
    await tab.evaluate(
      [
        ...(['customer', 'staff'] as const).map((realm) =>
          page.realm === realm
            ? `localStorage.setItem('${TOKEN_KEYS[realm]}', ${JSON.stringify(tokens[realm])})`
            : `localStorage.removeItem('${TOKEN_KEYS[realm]}')`,
        ),
        // The back office opens a page by the stored role (its login stores it): without it, every signed-in page
        // is its "no access" page (measured as the admin dashboard until session 12).
        page.realm === 'staff'
          ? `localStorage.setItem('adminRole', 'SuperAdmin')`
          : `localStorage.removeItem('adminRole')`,
      ].join(';'),
    );
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  } finally {
    await tab.close();
  }
  const loadBefore = load();
  const result = await lighthouse(
    `${baseUrl}${page.path}`,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: page.perf ? ['performance', 'accessibility'] : ['accessibility'],
      disableStorageReset: true,
    },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse returned nothing');
  const lhr = result.lhr;
  if (opts['save-reports']) {
    await fsp.mkdir(opts['save-reports'], { recursive: true });
    await fsp.writeFile(
      path.join(opts['save-reports'], `${page.name.replaceAll(' ', '-')}-${formFactor}.json`),
      JSON.stringify(lhr),
    );
  }
  if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse on ${page.path}: ${lhr.runtimeError.code}`);
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== (page.lands ?? new URL(`${baseUrl}${page.path}`).pathname)) {
    throw new Error(`Lighthouse on ${page.path} ended on ${landed} (signed out?)`);
  }
  const a11yFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  // The failing elements, so that a failure can be fixed from the console output.
  for (const id of a11yFailures) {
    const details = lhr.audits[id]?.details as { items?: { node?: { selector?: string; explanation?: string } }[] };
    for (const item of (details?.items ?? []).slice(0, 8)) {
      console.log(`    ${id}: ${item.node?.selector ?? '?'} — ${(item.node?.explanation ?? '').split('\n').join(' ')}`);
    }
  }
  return {
    page: page.name,
    url: page.path,
    formFactor,
    performance: page.perf ? Math.round((lhr.categories.performance?.score ?? 0) * 100) : null,
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: round(audit(lhr, 'first-contentful-paint')),
    lcpMs: round(audit(lhr, 'largest-contentful-paint')),
    tbtMs: round(audit(lhr, 'total-blocking-time')),
    cls: round(audit(lhr, 'cumulative-layout-shift'), 3),
    transferredBytes: round(audit(lhr, 'total-byte-weight')),
    a11yFailures,
    load: `${loadBefore} → ${load()}`,
  };
}

/** Bytes on the wire (headers included) of loading `url` in a tab, counting every request until the network idles. */
async function repeatVisit(browser: Browser, url: string) {
  const tab = await browser.newPage();
  try {
    await tab.goto(new URL('/favicon.svg', url).href);
    await tab.evaluate(`localStorage.removeItem('token')`);
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
      bytes += e.encodedDataLength;
      requests += 1;
    });
    await tab.goto(url, { waitUntil: 'networkidle0' });
    const first = { bytes, requests };
    bytes = 0;
    requests = 0;
    // A new navigation to the same address (not a reload, which revalidates everything).
    await tab.goto('about:blank');
    await tab.goto(url, { waitUntil: 'networkidle0' });
    const second = { bytes, requests };
    await cdp.detach();
    return { first, second };
  } finally {
    await tab.close();
  }
}

// ------------------------------------------------------------------------------------------------ main

const date = new Date();
const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'fleetdeck-bench-pages-'));
await fsp.chmod(dataDir, 0o755); // as root, the embedded database runs as the postgres user
const port = await freePort();
const barePort = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(await freePort()),
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: baseUrl,
  LOG_LEVEL: 'info',
  DEMO_PASSWORD,
};
const serverLog = path.join(dataDir, 'server.log');
const loadAtStart = load();
console.log(`bench pages: ${baseUrl}, data and server log in ${dataDir}; load average ${loadAtStart}`);

let server: ChildProcess | null = null;
let bare: ChildProcess | null = null;
let chrome: chromeLauncher.LaunchedChrome | null = null;
let browser: Browser | null = null;
let exitCode = 0;
try {
  const profDir = path.join(RESULTS_DIR, 'cpu-profiles');
  if (opts['cpu-prof']) await fsp.mkdir(profDir, { recursive: true });
  server = await startChild(
    'the product server',
    // --cpu-prof: V8's sampling profile of the server process, written when it exits (summarised by
    // bench/cpu-profile.ts).
    [
      ...(opts['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', profDir] : []),
      // As package.json's `start` runs it.
      '--max-semi-space-size=32',
      path.join(ROOT, 'scripts/start.mjs'),
    ],
    env,
    serverLog,
    `${baseUrl}/readyz`,
    240_000,
  );
  console.log('server ready; loading the demo data…');
  await runChild(['--import', 'tsx', path.join(ROOT, 'apps/api/src/scripts/seed-demo.ts')], env, serverLog);
  const login = (await (
    await fetch(`${baseUrl}/api/v1/admin/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@fleetdeck.local', password: DEMO_PASSWORD }),
    })
  ).json()) as { data?: { token: string } };
  const token = login.data?.token;
  if (!token) throw new Error(`the demo customer could not sign in: ${JSON.stringify(login)}`);
  const ids = await demoIds();
  const staffToken = await staffSession();
  const tokens = { customer: token, staff: staffToken };

  const http: HttpCase[] = [];
  if (!opts['no-http'] && !signal.aborted) {
    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per case (after 2 s of warm-up)`);
    bare = await startChild(
      'the bare node:http server',
      ['-e', BARE_SERVER],
      { ...process.env, PORT: String(barePort) },
      path.join(dataDir, 'bare.log'),
      `http://127.0.0.1:${barePort}/healthz`,
      20_000,
    );
    http.push(await cannon('bare node:http /healthz', 'bare node:http', `http://127.0.0.1:${barePort}/healthz`));
    http.push(await cannon('product GET /healthz', 'product', `${baseUrl}/healthz`));
    http.push(await cannon('product GET users/detail', 'product', `${baseUrl}${DETAIL}`, { authorization: token }));
    await stopChild(bare);
    bare = null;
  }

  const pages: PageResult[] = [];
  let repeat: Awaited<ReturnType<typeof repeatVisit>> | null = null;
  if (!opts['no-lighthouse'] && !signal.aborted) {
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      // Ctrl-C is ours (interruptSignal): chrome-launcher's own handler would exit at once, leaving the server up.
      handleSIGINT: false,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const only = opts.only ? opts.only.split(',') : null;
    const list = pageList(ids).filter((p) =>
      only ? only.includes(p.name.replaceAll(' ', '-')) : p.perf || !opts['no-a11y-all'],
    );
    console.log(`Lighthouse ${RUNS === 1 ? '' : `(${RUNS} runs each, median kept) `}with ${CHROME_PATH}`);
    const formFactors = (['mobile', 'desktop'] as const).filter((f) => opts['form-factors'].split(',').includes(f));
    for (const formFactor of formFactors) {
      // Accessibility-only pages once (mobile): the layout that has the least room.
      for (const page of list.filter((p) => p.perf || formFactor === 'mobile')) {
        if (signal.aborted) break;
        const runs: PageResult[] = [];
        for (let i = 0; i < RUNS; i++)
          runs.push(await lighthouseRun(browser, chrome.port, baseUrl, page, formFactor, tokens));
        runs.sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
        const r = runs[Math.floor(runs.length / 2)]!;
        pages.push(r);
        console.log(
          `  ${formFactor.padEnd(7)} ${page.name.padEnd(22)} perf ${String(r.performance ?? '–').padStart(3)}  a11y ${String(r.accessibility).padStart(3)}` +
            (r.performance === null
              ? `  load ${r.load}`
              : `  FCP ${r.fcpMs} ms  LCP ${r.lcpMs} ms  TBT ${r.tbtMs} ms  CLS ${r.cls}  ${r.transferredBytes} B  load ${r.load}`) +
            (r.a11yFailures.length ? `  (a11y fails: ${r.a11yFailures.join(', ')})` : ''),
        );
      }
    }
    if (!signal.aborted) {
      repeat = await repeatVisit(browser, `${baseUrl}/login`);
      console.log(
        `  repeat visit of /login: first load ${repeat.first.bytes} B in ${repeat.first.requests} requests, ` +
          `second load ${repeat.second.bytes} B in ${repeat.second.requests} requests`,
      );
    }
  }

  const ratio = (a?: HttpCase, b?: HttpCase) => (a && b ? round(a.requestsPerSecond / b.requestsPerSecond, 2) : null);
  const bareCase = http.find((c) => c.target === 'bare node:http');
  const ratios = {
    healthzVsBare: ratio(
      http.find((c) => c.path === '/healthz' && c.target === 'product'),
      bareCase,
    ),
    detailVsBare: ratio(
      http.find((c) => c.path === DETAIL),
      bareCase,
    ),
  };
  if (http.length)
    console.log(`ratios to bare node:http: /healthz ${ratios.healthzVsBare}×, users/detail ${ratios.detailVsBare}×`);

  const loadAtEnd = load();
  if (!opts['no-write'] && !signal.aborted) {
    const meta = {
      date: date.toISOString(),
      label: opts.label,
      node: process.version,
      cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`,
      loadAtStart,
      loadAtEnd,
      chrome: CHROME_PATH,
      lighthouse: (
        JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as {
          version: string;
        }
      ).version,
      duration: DURATION,
      connections: CONNECTIONS,
      runs: RUNS,
    };
    await fsp.mkdir(RESULTS_DIR, { recursive: true });
    const stamp = date.toISOString().slice(0, 10);
    // --out NAME: a run of its own (e.g. made under load): NAME.json and NAME.md, latest-pages.md left as it is.
    const [jsonName, mdName] = opts.out
      ? [`${opts.out}.json`, `${opts.out}.md`]
      : [`pages-${stamp}.json`, 'latest-pages.md'];
    await fsp.writeFile(
      path.join(RESULTS_DIR, jsonName),
      `${JSON.stringify({ meta, pages, repeatVisit: repeat, http, ratios }, null, 2)}\n`,
    );
    await fsp.writeFile(path.join(RESULTS_DIR, mdName), markdown(meta, pages, repeat, http, ratios));
    console.log(`wrote bench/results/${jsonName} and bench/results/${mdName}`);
  }
} catch (err) {
  console.error(`bench pages failed: ${err instanceof Error ? err.message : String(err)}`);
  exitCode = 1;
} finally {
  await browser?.disconnect().catch(() => undefined);
  chrome?.kill();
  await stopChild(bare);
  await stopChild(server);
  await fsp.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
}
process.exit(exitCode);

/** SQL against the server's embedded PostgreSQL (its DATA_DIR's password). */
async function withDb<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const pw = fs.readFileSync(path.join(dataDir, '.pg-password'), 'utf8').trim();
  const client = new pg.Client({
    connectionString: `postgres://fleetdeck:${encodeURIComponent(pw)}@127.0.0.1:${env.EMBEDDED_PG_PORT}/fleetdeck`,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The demo customer's first profile of each app (the detail pages' addresses) and first export, if any. */
async function demoIds() {
  return withDb(async (client) => {
    const { rows } = await client.query<{ app: string; id: string }>(
      `select distinct on (app) app, id from (
         select case when p.app_name in ('PD', 'PDOT', 'PDOW', 'PDOWOT') then 'PD' else p.app_name end as app,
                p.id, p.created_at
           from profiles p join customers c on c.id = p.customer_id
          where c.email = 'demo@fleetdeck.local') x
        order by app, created_at`,
    );
    const profile = Object.fromEntries(rows.map((r) => [r.app, r.id])) as Record<string, string | undefined>;
    if (!profile.PD) throw new Error('the demo customer has no profile');
    const exports = await client
      .query<{ id: string }>(
        `select e.id from device_exports e join customers c on c.id = e.customer_id
          where c.email = 'demo@fleetdeck.local' order by e.created_at limit 1`,
      )
      .catch(() => ({ rows: [] as { id: string }[] }));
    return { profile, exportId: exports.rows[0]?.id ?? null };
  });
}

/**
 * A signed-in staff member for the back office's pages, as the back-office browser tests do it (a session row of the
 * staff realm for the SuperAdmin the server bootstraps): the sign-in form's emailed code is not reachable from here.
 */
async function staffSession(): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await withDb(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `select id from staff_users where role = 'SuperAdmin' and disabled_at is null order by created_at limit 1`,
    );
    if (!rows[0]) throw new Error('no SuperAdmin staff member to sign in');
    await client.query(
      `insert into sessions (token_hash, realm, subject_id, user_agent, ip, expires_at)
       values ($1, 'staff', $2, 'bench pages', '127.0.0.1', now() + interval '1 day')`,
      [crypto.createHash('sha256').update(token).digest('hex'), rows[0].id],
    );
  });
  return token;
}

/**
 * The pages Lighthouse visits. Performance and accessibility (mobile and desktop): the pages issue 13 names.
 * Accessibility only (mobile, cheaper): every other page of the customer app (issue 15: ≥ 95 on each).
 */
function pageList(ids: Awaited<ReturnType<typeof demoIds>>): PageSpec[] {
  const perf = (name: string, p: string, realm: PageSpec['realm']): PageSpec => ({ name, path: p, realm, perf: true });
  const a11y = (name: string, p: string, realm: PageSpec['realm'], lands?: string): PageSpec => ({
    name,
    path: p,
    realm,
    perf: false,
    ...(lands ? { lands } : {}),
  });
  const detail = (app: string, page: string) =>
    ids.profile[app] ? [a11y(`${app} profile detail`, `/${page}?profile_id=${ids.profile[app]}`, 'customer')] : [];
  return [
    perf('login', '/login', 'guest'),
    perf('dashboard', '/dashboard', 'customer'),
    perf('plans', '/plans', 'customer'),
    perf('profiles', '/profiles', 'customer'),
    perf('profile detail', `/profile-detail?profile_id=${ids.profile.PD}`, 'customer'),
    perf('super-admin login', '/super-admin/login', 'guest'),
    perf('admin dashboard', '/admin-dashboard', 'staff'),
    // Signed out.
    a11y('register', '/register', 'guest'),
    a11y('verify otp', '/verify-otp?email=demo%40fleetdeck.local', 'guest'),
    a11y('forget password', '/forget-password', 'guest'),
    a11y('reset password', '/reset-password', 'guest'),
    a11y('lock', '/lock', 'guest'),
    a11y('pricing', '/pricing', 'guest'),
    a11y('subscription', '/subscription?price_id=PD', 'guest'),
    a11y('enrol', '/enrol', 'guest'),
    a11y('faq', '/faq', 'guest'),
    a11y('blog', '/blog', 'guest'),
    a11y('videos', '/videos', 'guest'),
    a11y('contact', '/contact', 'guest'),
    a11y('not found', '/no-such-page', 'guest'),
    // Signed in.
    a11y('device logs', '/device-logs', 'customer'),
    a11y('audit logs', '/audit-logs', 'customer'),
    a11y('export list', '/export-list', 'customer'),
    ...(ids.exportId ? [a11y('export detail', `/export-detail?id=${ids.exportId}`, 'customer')] : []),
    a11y('power chat users', '/power-chat-users', 'customer'),
    a11y('power chat user create', '/power-chat-user-create', 'customer'),
    a11y('update profile', '/update-profile', 'customer'),
    a11y('payment history', '/payment-history', 'customer'),
    a11y('change password', '/change-password', 'customer'),
    a11y('payment methods', '/payment-methods', 'customer'),
    a11y('privacy security', '/privacy-security', 'customer'),
    a11y('make payment', '/make-payment?id=PD&qty=1', 'customer'),
    a11y('update subscription', '/update-subscription?id=PD', 'customer'),
    a11y('download apk', '/download-apk', 'customer'),
    a11y('become reseller', '/become-reseller', 'customer'),
    ...detail('SL', 'sl-profile-detail'),
    ...detail('PC', 'pc-profile-detail'),
    ...detail('UB', 'ub-profile-detail'),
    ...detail('KM', 'km-profile-detail'),
  ];
}

function markdown(
  meta: Record<string, unknown>,
  pages: PageResult[],
  repeat: Awaited<ReturnType<typeof repeatVisit>> | null,
  http: HttpCase[],
  ratios: { healthzVsBare: number | null; detailVsBare: number | null },
): string {
  const lines = [
    '# Pages benchmark (latest run)',
    '',
    `${String(meta.date).slice(0, 16).replace('T', ' ')} UTC · Node ${String(meta.node)} · ${String(meta.cpus)} · ` +
      `Lighthouse ${String(meta.lighthouse)} with ${String(meta.chrome)} · load average (1 / 5 / 15 min) at start ` +
      `${String(meta.loadAtStart)}, at end ${String(meta.loadAtEnd)}${meta.label ? ` · ${String(meta.label)}` : ''}`,
    '',
    'Produced by `npm run bench -- pages` (bench/pages.ts): the product started as `npm start` does (child process,',
    'embedded PostgreSQL in a throwaway DATA_DIR, LOG_LEVEL info with the log written to a file), demo data from',
    '`seed:demo`, the demo customer signed in over HTTP. Lighthouse defaults: mobile is simulated slow 4G with a 4×',
    "CPU slow-down, desktop uses Lighthouse's desktop config; every run starts with an empty HTTP cache.",
    '',
  ];
  const perfPages = pages.filter((p) => p.performance !== null);
  const a11yPages = pages.filter((p) => p.performance === null);
  if (perfPages.length) {
    lines.push(
      '| page | form factor | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | transferred bytes | failed a11y audits | load average (before → after) |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
      ...perfPages.map(
        (p) =>
          `| ${p.page} (\`${p.url}\`) | ${p.formFactor} | ${p.performance} | ${p.accessibility} | ${p.fcpMs} | ${p.lcpMs} | ${p.tbtMs} | ${p.cls} | ${p.transferredBytes} | ${p.a11yFailures.join(', ') || '–'} | ${p.load} |`,
      ),
      '',
    );
  }
  if (a11yPages.length) {
    lines.push(
      'Accessibility of every other customer page (Lighthouse accessibility category only, mobile):',
      '',
      '| page | accessibility | failed a11y audits | load average (before → after) |',
      '|---|---:|---|---|',
      ...a11yPages.map(
        (p) => `| ${p.page} (\`${p.url}\`) | ${p.accessibility} | ${p.a11yFailures.join(', ') || '–'} | ${p.load} |`,
      ),
      '',
    );
  }
  if (repeat) {
    lines.push(
      `**Repeat visit of /login:** first load ${repeat.first.bytes} bytes in ${repeat.first.requests} requests (empty cache); ` +
        `second load ${repeat.second.bytes} bytes in ${repeat.second.requests} requests (bytes on the wire, headers included).`,
      '',
    );
  }
  if (http.length) {
    lines.push(
      `autocannon on loopback, ${String(meta.connections)} connections, ${String(meta.duration)} s per case after 2 s of warm-up; ` +
        'the bare server is a `node:http` server answering `{"status":"ok"}`, in its own process like the product.',
      '',
      '| case | req/s | p50 ms | p99 ms | bytes/s | non-2xx | errors | load average (before → after) |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
      ...http.map(
        (c) =>
          `| ${c.name} | ${c.requestsPerSecond} | ${c.latencyP50} | ${c.latencyP99} | ${c.bytesPerSecond} | ${c.non2xx} | ${c.errors} | ${c.load} |`,
      ),
      '',
      `Ratios to the bare server: /healthz **${ratios.healthzVsBare}×**, users/detail **${ratios.detailVsBare}×**.`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}
