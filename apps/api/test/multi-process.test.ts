import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { commandsApi, fleetApi, licencesApi, paymentsApi, policyApi, sandboxApi } from '@fleetdeck/contract';
import { SimulatedDevice } from '@fleetdeck/device-sim';
import { createDb, createPool, type Db } from '../src/db/client.ts';
import { customers } from '../src/db/schema.ts';
import { loadSecrets } from '../src/lib/secrets.ts';
import { enrolmentTokenOf } from '../src/modules/users/service.ts';
import type { AppContext } from '../src/context.ts';
import { call } from './support/call.ts';
import { newCustomer, type TestCustomer } from './support/factory.ts';
import { card, solvedCaptcha } from './support/payments.ts';
import { createTestDatabase, freePort } from './support/postgres.ts';
import type { TestRuntime } from './support/runtime.ts';
import { httpRuntime as httpRuntimeOf } from './support/http-runtime.ts';
import { serverBundle } from './support/server-bundle.ts';
import { startSmtpServer } from './support/smtp.ts';

/**
 * Issue 14 item 4: the real server binary as four processes on one PostgreSQL (the run's embedded server, or
 * DATABASE_URL in CI's second run): three `ROLE=api` behind a round-robin proxy written here, one `ROLE=worker`.
 * Simulated devices (packages/device-sim) talk to the proxy, so their requests spread over the API processes. Apply
 * on one process wakes a device long-polling on another; a payment confirmed on one is granted and seen by the
 * others; `kill -9` of one API process while devices long-poll and report: its devices' requests fail over to the
 * others and every device acknowledges the next Apply, with no acknowledgement, payment or licence lost or doubled.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DEVICES = 24;
const WAIT_SECONDS = 20;

interface Proc {
  name: string;
  child: ChildProcess;
  port: number | null;
  output: string[];
}

const procs: Proc[] = [];
let proxy: RoundRobinProxy;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let pool: ReturnType<typeof createPool>;
let db: Db;
const dataDirs: string[] = [];

/** apps/api/src/server.ts as a child process, from its bundle (support/server-bundle.ts). */
function startServer(bundle: string, name: string, env: Record<string, string>, port: number | null): Proc {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `fd-mp-${name}-`));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...(port ? { PORT: String(port) } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (b: Buffer) => {
    output.push(b.toString('utf8'));
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const proc = { name, child, port, output };
  procs.push(proc);
  return proc;
}

// Four processes load the server at once: on two busy cores that took over two minutes once (with tsx, unbundled).
async function waitReady(proc: Proc, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null)
      throw new Error(`${proc.name} exited: ${proc.output.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${proc.port}/readyz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`${proc.name} not ready: ${proc.output.join('')}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Round-robin reverse proxy over the API processes; an upstream that refuses connections is skipped from then on. */
class RoundRobinProxy {
  server: http.Server;
  url = '';
  private next = 0;
  readonly down = new Set<number>();
  /** Requests in flight per upstream, and long-polls (`GET …/events`) among them. */
  readonly inFlight: number[];
  readonly longPolls: number[];
  readonly served: number[];
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  constructor(readonly ports: number[]) {
    this.inFlight = ports.map(() => 0);
    this.longPolls = ports.map(() => 0);
    this.served = ports.map(() => 0);
    this.server = http.createServer((req, res) => this.forward(req, res));
  }

  async listen() {
    const port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${port}`;
  }

  private pick(): number {
    for (let i = 0; i < this.ports.length; i++) {
      const k = this.next++ % this.ports.length;
      if (!this.down.has(k)) return k;
    }
    return -1;
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse) {
    const k = this.pick();
    if (k < 0) {
      res.writeHead(503).end();
      return;
    }
    const longPoll = req.method === 'GET' && /\/device\/events/.test(req.url ?? '');
    this.inFlight[k]!++;
    if (longPoll) this.longPolls[k]!++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      this.inFlight[k]!--;
      if (longPoll) this.longPolls[k]!--;
    };
    // The client's address for the API's per-address limits (TRUST_PROXY=1 believes this one hop).
    const client = (req.headers['x-test-client'] as string | undefined) ?? req.socket.remoteAddress ?? '127.0.0.1';
    const headers: http.OutgoingHttpHeaders = { ...req.headers, 'x-forwarded-for': client };
    delete headers['x-test-client'];
    const upstream = http.request(
      { host: '127.0.0.1', port: this.ports[k], method: req.method, path: req.url, headers, agent: this.agent },
      (up) => {
        this.served[k]!++;
        res.writeHead(up.statusCode ?? 502, { ...up.headers, 'x-upstream': String(k) });
        up.pipe(res);
        up.on('end', finish);
        up.on('error', () => {
          finish();
          res.destroy();
        });
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      finish();
      if (err.code === 'ECONNREFUSED') this.down.add(k);
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  }

  async close() {
    this.agent.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The test helpers over HTTP to one base URL (a process, or the proxy, which routes by `x-test-client`). */
const httpRuntime = (baseUrl: string): TestRuntime =>
  httpRuntimeOf(baseUrl, { db, smtp }, { defaultAddress: () => '127.0.0.1', clientHeader: 'x-test-client' });

/** API process k (procs[0] is the worker). */
const apiProc = (k: number) => procs[k + 1]!;
const apiUrl = (k: number) => `http://127.0.0.1:${apiProc(k).port}`;

/** A simulated device whose requests go through the proxy from an address of its own. */
function simulatedDevice(enrolmentToken: string, n: number) {
  const ip = `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const viaProxy: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-test-client': ip } });
  return new SimulatedDevice({
    baseUrl: proxy.url,
    enrolmentToken,
    appName: 'PD',
    serialNumber: `SN-MP-${n}-${crypto.randomUUID().slice(0, 6)}`,
    fetch: viaProxy,
  });
}

let owner: TestCustomer;

beforeAll(async () => {
  database = await createTestDatabase(inject('pgAdminUrl'));
  smtp = await startSmtpServer();
  const ports = [await freePort(), await freePort(), await freePort()];
  proxy = new RoundRobinProxy(ports);
  await proxy.listen();
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    PUBLIC_URL: proxy.url,
    ADMIN_EMAIL: 'root@fleetdeck.test',
    ADMIN_PASSWORD: 'Staff-Password-123',
    TRUST_PROXY: '1',
  };
  const bundle = await serverBundle();
  // The worker first: it migrates; the API processes wait on the migration lock and start together.
  const worker = startServer(bundle, 'worker', { ...env, ROLE: 'worker' }, null);
  const apis = ports.map((port, k) => startServer(bundle, `api${k}`, { ...env, ROLE: 'api' }, port));
  await Promise.all(apis.map((p) => waitReady(p)));
  expect(worker.child.exitCode).toBeNull();
  pool = createPool(database.url, 4);
  db = createDb(pool);
  // A customer registered through the proxy: the verification email is sent by the worker process.
  owner = await newCustomer(httpRuntime(proxy.url));
}, 300_000);

afterAll(async () => {
  const running = procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
  const exits = running.map((p) => new Promise((r) => p.child.once('exit', r)));
  for (const p of running) p.child.kill('SIGKILL');
  await Promise.all(exits);
  await proxy?.close();
  await pool?.end();
  await smtp?.close();
  await database?.drop();
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('three API processes and a worker on one PostgreSQL', () => {
  it('grants a payment checked out on one process and confirmed on another; every process sees the seats', async () => {
    const [a, b, c] = [0, 1, 2].map((k) => httpRuntime(apiUrl(k))) as [TestRuntime, TestRuntime, TestRuntime];
    const captcha = await solvedCaptcha(a);
    const checkout = await call(a, paymentsApi.purchase, {
      body: { priceId: 'PD', qty: DEVICES + 6, captcha },
      token: owner.token,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    const { clientSecret, paymentId } = checkout.data().data;
    const confirmed = await call(b, sandboxApi.confirm, { body: { clientSecret, ...card('4242 4242 4242 4242') } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The third process sees the grant.
    const pd = async (rt: TestRuntime) =>
      (await call(rt, licencesApi.summary, { token: owner.token })).data().data.find((l) => l.family === 'PD')!;
    await until(async () => (await pd(c)).purchased === DEVICES + 6, 15_000);
    const grants = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from licence_grants where payment_id = ${paymentId}`,
    );
    expect(grants.rows[0]!.n).toBe(1);
  }, 60_000);

  it('wakes devices long-polling on other processes, and survives kill -9 of one API process mid-load', async ({
    annotate,
  }) => {
    const [row] = await db.select().from(customers).where(eq(customers.id, owner.id));
    const secrets = await loadSecrets(db);
    const enrolmentToken = enrolmentTokenOf({ secrets } as AppContext, row!);
    const fleet = Array.from({ length: DEVICES }, (_, n) => simulatedDevice(enrolmentToken, n));
    for (const d of fleet) await d.enrol();
    expect(new Set(fleet.map((d) => d.profileId)).size).toBe(DEVICES);

    // Each device: long-poll; on a policy change fetch, apply and ack (a status report every loop).
    const stop = new AbortController();
    const acked = new Map<SimulatedDevice, number[]>();
    const uncertainAcks = new Map<SimulatedDevice, number>();
    const errors: string[] = [];
    const loops = fleet.map(async (d) => {
      acked.set(d, []);
      uncertainAcks.set(d, 0);
      const ack = d.ack.bind(d);
      d.ack = async (version, result, message) => {
        try {
          await ack(version, result, message);
          acked.get(d)!.push(version);
        } catch (err) {
          uncertainAcks.set(d, uncertainAcks.get(d)! + 1);
          throw err;
        }
      };
      while (!stop.signal.aborted) {
        try {
          const ev = await d.pollEvents(WAIT_SECONDS, stop.signal);
          if (ev.policyChanged) await d.syncPolicy(stop.signal);
          await d.reportStatus();
        } catch (err) {
          if (stop.signal.aborted) break;
          errors.push(String(err));
          await sleep(100);
        }
      }
    });

    const admin = (k: number) => httpRuntime(apiUrl(k));
    const apply = async (k: number, d: SimulatedDevice) => {
      const res = await call(admin(k), policyApi.apply, { token: owner.token, query: { profileId: d.profileId! } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const applyAll = (k: number) => Promise.all(fleet.map((d) => apply(k, d)));
    const versionOf = async (profileId: string) =>
      (
        await db.execute<{ v: number; applied: number | null }>(
          sql`select policy_version as v, applied_policy_version as applied from profiles where id = ${profileId}`,
        )
      ).rows[0]!;
    const allApplied = async () => {
      for (const d of fleet) {
        const { v, applied } = await versionOf(d.profileId!);
        if (applied !== v || d.appliedVersion !== v) return false;
      }
      return true;
    };

    try {
      // Every process holds long-polls.
      await until(async () => proxy.longPolls.every((n) => n > 0), 15_000);

      // 1. A device long-polling on process 1 itself, Apply on process 0: the wake-up crosses through PostgreSQL.
      const direct = new SimulatedDevice({
        baseUrl: apiUrl(1),
        enrolmentToken,
        appName: 'PD',
        serialNumber: `SN-MP-DIRECT-${crypto.randomUUID().slice(0, 6)}`,
        fetch: (input, init) =>
          fetch(input, {
            ...init,
            headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': '10.78.0.1' },
          }),
      });
      await direct.enrol();
      const polled = direct.pollEvents(WAIT_SECONDS);
      await sleep(500); // the long-poll is held
      await apply(0, direct);
      const appliedAt = Date.now();
      const woken = await polled;
      const crossWakeMs = Date.now() - appliedAt;
      expect(woken.policyChanged).toBe(true);
      expect(crossWakeMs).toBeLessThan(5_000);

      // 2. Apply every device through process 0 only: the ones long-polling on 1 and 2 are woken through PostgreSQL.
      const started = Date.now();
      await applyAll(0);
      await until(allApplied, 30_000);
      const wakeMs = Date.now() - started;

      // 3. kill -9 of process 2 while it holds long-polls; then Apply through process 1.
      await until(async () => proxy.longPolls[2]! > 0, 10_000);
      const heldByKilled = proxy.longPolls[2]!;
      const exited = new Promise((r) => apiProc(2).child.once('exit', r));
      apiProc(2).child.kill('SIGKILL');
      await exited;
      // A payment during the failover, through the proxy (it may land on the dead process: the client retries):
      // two one-time PD seats (the PD subscription exists already).
      const via = httpRuntime(proxy.url);
      const key = crypto.randomUUID();
      const purchase = await retry(async () => {
        const res = await call(via, paymentsApi.purchase, {
          body: { priceId: 'PDOT', qty: 2, captcha: await solvedCaptcha(via) },
          token: owner.token,
          headers: { 'idempotency-key': key },
        });
        if (res.statusCode >= 500) throw new Error(res.body);
        return res.data().data;
      });
      await retry(async () => {
        const res = await call(via, sandboxApi.confirm, {
          body: { clientSecret: purchase.clientSecret, ...card('4242 4242 4242 4242') },
        });
        if (res.statusCode !== 200) throw new Error(res.body);
      });
      await applyAll(1);
      await until(allApplied, 30_000);
      expect(heldByKilled).toBeGreaterThan(0);
      expect(proxy.down.has(2)).toBe(true);

      // Nothing lost or doubled: each device's Apply rows are its acknowledged acks (plus at most the ones whose
      // answer was lost with the dead process), the payments granted once each, seats used = devices.
      const logs = await db.execute<{ serial: string; n: number }>(sql`
        select serial_number as serial, count(*)::int as n from device_logs
        where customer_id = ${owner.id} and device_activity = 'Apply' group by 1`);
      const perSerial = new Map(logs.rows.map((r) => [r.serial, r.n]));
      for (const d of fleet) {
        const n = perSerial.get(d.serialNumber) ?? 0;
        expect(n).toBeGreaterThanOrEqual(acked.get(d)!.length);
        expect(n).toBeLessThanOrEqual(acked.get(d)!.length + uncertainAcks.get(d)!);
        expect(acked.get(d)!.length).toBeGreaterThanOrEqual(2);
      }
      await until(async () => {
        const r = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from licence_grants where payment_id = ${purchase.paymentId}`,
        );
        return r.rows[0]!.n === 1;
      }, 20_000);
      const ledger = await db.execute<{ payments: number; grants: number; seats: number }>(sql`
        select (select count(*)::int from payments where customer_id = ${owner.id} and status = 'Success') as payments,
               (select count(*)::int from licence_grants where customer_id = ${owner.id}) as grants,
               (select coalesce(sum(seats), 0)::int from licence_grants where customer_id = ${owner.id}) as seats`);
      expect(ledger.rows[0]).toEqual({ payments: 2, grants: 2, seats: DEVICES + 6 + 2 });
      const summary = (await call(admin(0), licencesApi.summary, { token: owner.token })).data().data;
      expect(summary.find((l) => l.family === 'PD')).toMatchObject({ purchased: DEVICES + 8, used: DEVICES + 1 });
      await annotate(
        `multi-process: wake-up across processes ${crossWakeMs} ms after Apply; ${DEVICES} Applies on one process acknowledged by all devices in ${wakeMs} ms; kill -9 with ${heldByKilled} ` +
          `long-polls held; requests served per API process ${proxy.served.join(' / ')}; ${errors.length} device ` +
          `request errors retried`,
      );
    } finally {
      stop.abort();
      await Promise.allSettled(loops);
    }
  }, 90_000);

  it('drives a staged rollout to the same end with two API processes (the third was killed) and the worker', async () => {
    // Issue 25: created on process 0, acknowledged through the proxy (processes 0 and 1), stepped by the worker's
    // jobs, read on process 1: the rollout completes with every device succeeded, whatever process saw what.
    const [row] = await db.select().from(customers).where(eq(customers.id, owner.id));
    const enrolmentToken = enrolmentTokenOf({ secrets: await loadSecrets(db) } as AppContext, row!);
    const fleet = Array.from({ length: 6 }, (_, n) => simulatedDevice(enrolmentToken, 500 + n));
    for (const d of fleet) await retry(() => d.enrol());
    const stop = new AbortController();
    const loops = fleet.map(async (d) => {
      while (!stop.signal.aborted) {
        try {
          const ev = await d.pollEvents(WAIT_SECONDS, stop.signal);
          if (ev.policyChanged) await d.syncPolicy(stop.signal);
        } catch {
          if (stop.signal.aborted) break;
          await sleep(100);
        }
      }
    });
    try {
      const [p0, p1] = [httpRuntime(apiUrl(0)), httpRuntime(apiUrl(1))];
      const template = await call(p0, fleetApi.templateCreate, {
        token: owner.token,
        body: { name: 'Multi-process', fromProfileId: fleet[0]!.profileId! },
      });
      expect(template.statusCode, template.body).toBe(200);
      const created = await call(p0, fleetApi.rolloutCreate, {
        token: owner.token,
        body: {
          templateId: template.data().data._id,
          profileIds: fleet.map((d) => d.profileId!),
          stages: [
            { percent: 50, soakSeconds: 0 },
            { percent: 100, soakSeconds: 0 },
          ],
          ackTimeoutSeconds: 30,
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.data().data._id;
      const detail = async () =>
        (await call(p1, fleetApi.rolloutDetail, { token: owner.token, params: { id } })).data().data;
      await until(async () => (await detail()).state === 'completed', 45_000);
      const done = await detail();
      expect(done.counts).toEqual({ waiting: 0, pending: 0, succeeded: 6, failed: 0, rolledBack: 0 });
      expect(done.stages.map((s) => s.size)).toEqual([3, 3]);
      const rows = await db.execute<{ state: string; n: number }>(
        sql`select state, count(*)::int as n from rollout_devices where rollout_id = ${id} group by state`,
      );
      expect(rows.rows).toEqual([{ state: 'succeeded', n: 6 }]);
      // Each device was given the version once: one policy version per device beyond its enrolment's.
      for (const d of fleet) expect(d.appliedVersion).toBe(1);
    } finally {
      stop.abort();
      await Promise.allSettled(loops);
    }
  }, 90_000);
});

describe('remote commands across processes (issue 26)', () => {
  it('delivers a command sent on one API process, fanned out by the worker, to a device long-polling on another', async ({
    annotate,
  }) => {
    const [row] = await db.select().from(customers).where(eq(customers.id, owner.id));
    const enrolmentToken = enrolmentTokenOf({ secrets: await loadSecrets(db) } as AppContext, row!);
    // Straight to process 1 (not through the proxy): the long-poll is held there.
    const device = new SimulatedDevice({
      baseUrl: apiUrl(1),
      enrolmentToken,
      appName: 'PD',
      serialNumber: `SN-MP-CMD-${crypto.randomUUID().slice(0, 6)}`,
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': '10.79.0.1' },
        }),
    });
    await retry(() => device.enrol());
    const polled = device.pollEvents(WAIT_SECONDS);
    await sleep(500); // the long-poll is held by process 1
    const p0 = httpRuntime(apiUrl(0));
    const sent = await call(p0, commandsApi.commandCreate, {
      token: owner.token,
      body: { type: 'lock', profileIds: [device.profileId!], params: { message: 'Held on process 1' } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const sentAt = Date.now();
    const events = await polled;
    const reachedMs = Date.now() - sentAt;
    const message = events.messages.find((m) => m.kind === 'command');
    expect(message?.payload).toMatchObject({ commandId: sent.data().data._id, type: 'lock' });
    await device.handleMessage(message!);
    const rows = async () =>
      (await call(p0, commandsApi.commandDevices, { token: owner.token, params: { id: sent.data().data._id } })).data()
        .data;
    await until(async () => (await rows())[0]?.state === 'succeeded', 15_000);
    expect((await rows())[0]).toMatchObject({ channel: 'long-poll', message: 'Locked: Held on process 1' });
    await annotate(
      `multi-process: a lock sent on process 0 reached the device long-polling on process 1 in ${reachedMs} ms`,
    );
  }, 60_000);
});

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

async function retry<T>(work: () => Promise<T>, attempts = 10): Promise<T> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await work();
    } catch (err) {
      last = err;
      await sleep(200);
    }
  }
  throw last;
}
