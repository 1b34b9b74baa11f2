import { randomBytes } from 'node:crypto';
import type { Agent } from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LatencySummary } from '@fleetdeck/device-sim';
import { loadConfig } from '../apps/api/src/config.ts';
import { createLogger } from '../apps/api/src/logger.ts';
import { usersApi } from '@fleetdeck/contract';
import type { Logger } from 'pino';
import type { Config } from '../apps/api/src/config.ts';
import { customers } from '../apps/api/src/db/schema.ts';
import { hashPassword } from '../apps/api/src/lib/crypto.ts';
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
 * `dataDir` when done) and the API on a free loopback port.
 */
export async function benchInstallation(tmpPrefix: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), tmpPrefix));
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
export async function teardown(agent: Agent, rt: Runtime | null, dataDir: string) {
  agent.destroy();
  if (rt) {
    const t = performance.now();
    await rt.stop();
    console.log(`Server and embedded database stopped in ${seconds(performance.now() - t)} s`);
  }
  await fs.rm(dataDir, { recursive: true, force: true });
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
