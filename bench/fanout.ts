/**
 * `npm run bench -- fanout`: a staff push notification to every device (DECISIONS §8, issue 11).
 *
 * Starts the real product in this process (embedded PostgreSQL in a throwaway DATA_DIR, workers, HTTP on 127.0.0.1),
 * seeds N enrolled devices across 100 customers with one SQL statement per table, then:
 *   (a) fan-out: a Support member sends a notification to all devices over HTTP (`notification/send`); the
 *       `notifications.fanout` job writes the per-device delivery rows in batches. Measured: the time from the send's
 *       answer until every delivery row exists (and rows/s), sampled from the notification's own progress counter;
 *   (b) collection: L simulated devices (packages/device-sim `listen`: long-poll `GET events`, show, ack delivered and
 *       opened) start at once and collect theirs. Measured: delivered/s and opened/s (the notification's counters,
 *       kept in the hand-out and ack statements) until all L are delivered and opened, and the per-device latency.
 * While the devices collect, it samples what the database's backends wait on (pg_stat_activity every 100 ms) and
 * measures this process's CPU time, which tell a lock or commit-flush bottleneck from a starved process
 * (bench/results/fanout-collection-2026-11-24.md; the statements' plans: `npx tsx bench/explain-fanout.ts`).
 * Writes bench/results/fanout-<date>.json and bench/results/latest-fanout.md.
 *
 * Options: --devices 100000 --listeners 1000 --wait 25 --no-write
 */
import { setMaxListeners } from 'node:events';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { staffApi } from '@fleetdeck/contract/staff';
import { SimulatedDevice, createLimiter, summarise } from '@fleetdeck/device-sim';
import { customers, deviceMessages, staffUsers } from '../apps/api/src/db/schema.ts';
import { findNotification } from '../apps/api/src/modules/staff/notifications/repository.ts';
import { hashPassword } from '../apps/api/src/lib/crypto.ts';
import { createSession } from '../apps/api/src/modules/sessions/service.ts';
import { FANOUT_BATCH } from '../apps/api/src/modules/policy/fan-out.ts';
import { newEnrolmentToken } from '../apps/api/src/modules/users/service.ts';
import type { Runtime } from '../apps/api/src/runtime.ts';
import { loopbackFetch } from './http.ts';
import * as bench from './support.ts';

const CUSTOMERS = 100;

function options() {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '100000' },
      listeners: { type: 'string', default: '1000' },
      wait: { type: 'string', default: '25' },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log('npm run bench -- fanout [--devices 100000] [--listeners 1000] [--wait 25] [--no-write]');
    process.exit(0);
  }
  const devices = Number(values.devices);
  const listeners = Math.min(Number(values.listeners), devices);
  if (!Number.isInteger(devices) || devices < 1 || !Number.isInteger(listeners) || listeners < 1) {
    throw new Error('--devices and --listeners must be whole numbers from 1');
  }
  return { devices, listeners, wait: Number(values.wait), write: !values['no-write'] };
}

/** The device token of seeded device `n` (its sha256 is what the seed stores). */
const tokenOf = (n: number) => `bench-fanout-device-${n}`;

/** `devices` enrolled devices (with profiles) across CUSTOMERS customers, in one statement per table. */
async function seed(rt: Runtime, devices: number) {
  const { ctx } = rt;
  const t = performance.now();
  const owners: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const [c] = await ctx.db
      .insert(customers)
      .values({
        email: `fanout-${i}@bench.local`,
        name: `Fanout customer ${i}`,
        passwordHash: 'x',
        ...newEnrolmentToken(ctx),
      })
      .returning({ id: customers.id });
    owners.push(c!.id);
  }
  await ctx.pool.query(
    `insert into devices (customer_id, family, app_name, serial_number, device_name, token_hash, app_version_code)
     select ($1::uuid[])[1 + g % $3], 'PD', 'PD', 'FAN-' || lpad(g::text, 7, '0'), 'Tablet ' || g,
            encode(sha256(convert_to('bench-fanout-device-' || g, 'UTF8')), 'hex'), '412'
     from generate_series(1, $2::int) g`,
    [owners, devices, CUSTOMERS],
  );
  await ctx.pool.query(
    `insert into profiles (customer_id, device_id, name, profile_name, app_name, family)
     select customer_id, id, serial_number, device_name, 'PD', 'PD' from devices`,
  );
  await ctx.pool.query('vacuum (analyze) devices, profiles');
  const ms = performance.now() - t;
  console.log(`Seeded ${devices.toLocaleString('en-GB')} devices (with profiles) in ${bench.seconds(ms)} s`);
  return ms;
}

/** Staff token of a Support member (the role the spec gives notifications). */
async function supportToken(rt: Runtime) {
  const [row] = await rt.ctx.db
    .insert(staffUsers)
    .values({
      email: 'support@bench.local',
      name: 'Bench Support',
      role: 'Support',
      passwordHash: await hashPassword('Bench-Support-9921'),
    })
    .returning();
  return createSession(rt.ctx.db, 'staff', row!.id, { userAgent: 'bench', ip: '127.0.0.1' });
}

const progressOf = async (rt: Runtime, id: string) => (await findNotification(rt.ctx.db, id))!;

async function main() {
  const opts = options();
  const signal = bench.interruptSignal();
  setMaxListeners(0, signal);
  const startedAt = new Date();
  const loadAtStart = bench.loadAverage();
  const { dataDir, baseUrl, config, logger } = await bench.benchInstallation('fd-fanout-');
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  let rt: Runtime | null = null;
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  signal.addEventListener('abort', () => stop.abort());
  const listening: Promise<void>[] = [];
  console.log(
    `Fan-out benchmark: a notification to ${opts.devices.toLocaleString('en-GB')} devices, ` +
      `${opts.listeners} simulated devices collecting theirs (fan-out batch ${FANOUT_BATCH})`,
  );
  try {
    const started = await bench.startProduct(config, logger, dataDir);
    rt = started.rt;
    const seedMs = await seed(rt, opts.devices);
    const token = await supportToken(rt);
    const fetchLocal = loopbackFetch(agent, '127.0.0.1');

    // --- (a) send, then wait for every delivery row
    const tSend = performance.now();
    const res = await fetchLocal(`${baseUrl}${staffApi.notificationSend.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ title: 'Maintenance tonight', message: 'Tablets restart at 22:00.' }),
    });
    if (res.status !== 200) throw new Error(`send answered ${res.status}: ${await res.text()}`);
    const sent = ((await res.json()) as { data: { _id: string; totalDevices: number } }).data;
    const sendMs = performance.now() - tSend;
    const tAnswered = performance.now();
    const progress: { ms: number; fannedOut: number }[] = [];
    let fanOutMs = 0;
    for (;;) {
      if (signal.aborted) throw new Error('interrupted');
      const n = await progressOf(rt, sent._id);
      progress.push({ ms: Math.round(performance.now() - tAnswered), fannedOut: n.fannedOut });
      if (n.fanOutCompletedAt) {
        fanOutMs = performance.now() - tAnswered;
        break;
      }
      if (performance.now() - tAnswered > 15 * 60_000) throw new Error('the fan-out did not finish in 15 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = await rt.ctx.db.$count(deviceMessages, eq(deviceMessages.notificationId, sent._id));
    if (rows !== opts.devices) throw new Error(`expected ${opts.devices} delivery rows, found ${rows}`);
    const rowsPerSecond = bench.round(rows / (fanOutMs / 1000), 0);
    console.log(
      `(a) send answered in ${Math.round(sendMs)} ms (${sent.totalDevices.toLocaleString('en-GB')} devices counted); ` +
        `every delivery row existed ${bench.seconds(fanOutMs)} s later (${rowsPerSecond.toLocaleString('en-GB')} rows/s)`,
    );

    // --- (b) L devices collect theirs at once. First the ANALYZE autovacuum runs after such an insert (the new rows
    // are 100 % of the table here), so the planner knows the delivery rows.
    await rt.ctx.pool.query('analyze device_messages');
    const limiter = createLimiter(64);
    const step = Math.max(1, Math.floor(opts.devices / opts.listeners));
    const sims = Array.from({ length: opts.listeners }, (_, i) => {
      const n = 1 + i * step;
      const sim = new SimulatedDevice({
        baseUrl,
        enrolmentToken: 'unused',
        appName: 'PD',
        serialNumber: `FAN-${String(n).padStart(7, '0')}`,
        fetch: fetchLocal,
        limiter,
        openDelayMs: 0,
      });
      sim.deviceToken = tokenOf(n);
      return sim;
    });
    const counters = async () => {
      const n = await progressOf(rt!, sent._id);
      return { delivered: n.deliveredCount, opened: n.openedCount };
    };
    const tCollect = performance.now();
    const collectEpoch = Date.now();
    const cpuAtStart = process.cpuUsage();
    for (const s of sims) listening.push(s.listen(stop.signal, { wait: opts.wait }));
    const samples: { ms: number; delivered: number; opened: number }[] = [];
    const waits = new Map<string, number>();
    let deliveredMs = 0;
    let openedMs = 0;
    for (;;) {
      if (signal.aborted) throw new Error('interrupted');
      // What the devices got (shown, opened); the notification's own counters are sampled beside them.
      const shownOn = sims.filter((s) => s.notifications.length > 0).length;
      const openedOn = sims.filter((s) => s.notifications[0]?.openedAt != null).length;
      const c = await counters();
      await bench.sampleWaits(rt.ctx.pool, waits);
      const ms = performance.now() - tCollect;
      samples.push({ ms: Math.round(ms), ...c });
      if (!deliveredMs && shownOn >= opts.listeners) deliveredMs = ms;
      if (!openedMs && openedOn >= opts.listeners) openedMs = ms;
      if (deliveredMs && openedMs) break;
      if (ms > 5 * 60_000) throw new Error(`collection stalled: ${JSON.stringify(samples.at(-1))}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const cpu = process.cpuUsage(cpuAtStart);
    const cpuSeconds = bench.round((cpu.user + cpu.system) / 1e6, 2);
    const latencies = sims
      .map((s) => s.notifications[0])
      .filter((n) => n !== undefined)
      .map((n) => Math.round(n.deliveredAt - collectEpoch));
    const deliveredPerSecond = bench.round(opts.listeners / (deliveredMs / 1000), 0);
    const openedPerSecond = bench.round(opts.listeners / (openedMs / 1000), 0);
    const shown = summarise(latencies);
    console.log(
      `(b) ${opts.listeners} devices collected theirs: all delivered in ${bench.seconds(deliveredMs)} s ` +
        `(${deliveredPerSecond} delivered/s), all opened in ${bench.seconds(openedMs)} s (${openedPerSecond} opened/s); ` +
        `shown after ${bench.fmtLatency(shown)}`,
    );

    const result = {
      benchmark: 'fanout',
      startedAt: startedAt.toISOString(),
      machine: bench.machineFacts(),
      loadAverage: { atStart: loadAtStart, atEnd: bench.loadAverage() },
      options: { ...opts, fanOutBatch: FANOUT_BATCH, customers: CUSTOMERS },
      seedSeconds: bench.seconds(seedMs),
      fanOut: {
        devices: opts.devices,
        sendAnswerMs: Math.round(sendMs),
        allRowsSeconds: bench.seconds(fanOutMs),
        rowsPerSecond,
        progress: progress.filter((_, i) => i % 10 === 0),
      },
      collection: {
        listeners: opts.listeners,
        allDeliveredSeconds: bench.seconds(deliveredMs),
        deliveredPerSecond,
        allOpenedSeconds: bench.seconds(openedMs),
        openedPerSecond,
        shownAfterStartMs: shown,
        processCpuSeconds: cpuSeconds,
        databaseWaits: Object.fromEntries(bench.topWaits(waits, 12)),
        samples: samples.filter((_, i) => i % 5 === 0),
      },
    };
    const md =
      `# Fan-out benchmark (${startedAt.toISOString().slice(0, 10)})\n\n` +
      `\`npm run bench -- fanout\` on ${result.machine.cpus} CPUs (${result.machine.cpuModel}), node ${result.machine.node}; ` +
      `load average at start ${loadAtStart.join(' / ')}, at end ${result.loadAverage.atEnd.join(' / ')} (shared machine).\n\n` +
      `A notification to **${opts.devices.toLocaleString('en-GB')} devices** (all devices; ${CUSTOMERS} customers; ` +
      `fan-out batch ${FANOUT_BATCH} rows per transaction; seeded in ${bench.seconds(seedMs)} s).\n\n` +
      `| Measure | Result |\n|---|---|\n` +
      `| \`notification/send\` answer (stores it, counts the target) | ${Math.round(sendMs)} ms |\n` +
      `| Every delivery row exists (from the send's answer) | **${bench.seconds(fanOutMs)} s** (${rowsPerSecond.toLocaleString('en-GB')} rows/s) |\n` +
      `| ${opts.listeners} simulated devices collect theirs: all delivered | **${bench.seconds(deliveredMs)} s — ${deliveredPerSecond} delivered/s** |\n` +
      `| … all opened (opened ack right after showing it) | ${bench.seconds(openedMs)} s — ${openedPerSecond} opened/s |\n` +
      `| Shown on the device after the devices started | ${bench.fmtLatency(shown)} |\n` +
      `| CPU time of this process (server and simulated devices) during the collection | ${cpuSeconds} s in ${bench.seconds(openedMs)} s |\n\n` +
      `Fan-out progress (ms after the send's answer → rows): ` +
      result.fanOut.progress.map((p) => `${p.ms}→${p.fannedOut}`).join(', ') +
      `\n\nCollection (ms → delivered/opened): ` +
      result.collection.samples.map((s) => `${s.ms}→${s.delivered}/${s.opened}`).join(', ') +
      `\n\nDatabase backends during the collection (${samples.length} samples of pg_stat_activity, ` +
      `wait event or CPU | statement):\n\n` +
      bench
        .topWaits(waits)
        .map(([what, n]) => `- ${n} × \`${what.replaceAll('`', "'")}\``)
        .join('\n') +
      '\n';
    if (opts.write) await bench.writeResults('fanout', startedAt, result, md);
    else console.log(md);
  } finally {
    stop.abort();
    await Promise.all(listening);
    await bench.teardown(agent, rt, dataDir);
  }
}

bench.runBenchmark(main);
