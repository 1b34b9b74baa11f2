/**
 * `npm run bench -- device` (and the first of `npm run bench`, bench/index.ts): device API load benchmark
 * (DECISIONS §6, §7; issue 14's targets).
 *
 * Starts the real product in this process (startRuntime: embedded PostgreSQL in a throwaway DATA_DIR, migrations,
 * workers, HTTP on 127.0.0.1 at a free port). The simulated fleet runs in OTHER processes (bench/device-load.ts,
 * forked and driven over IPC), so the server's event loop is not shared with the load generator. Measures:
 *   (1) bulk enrolment: N devices (POST enrol) into ONE customer's ONE family holding exactly N seats, many in flight
 *       from many loopback addresses (the per-IP limit), then one more (must be refused); seats used = devices;
 *   (2) check-ins: each enrolled device in turn does POST status + GET policy with If-None-Match (304), a fixed
 *       number in flight, for a fixed time; check-ins/s and latency percentiles;
 *   (3) long-polls: P seeded devices hold GET events?wait=300 at once on this one process (split over two load
 *       processes: one socket each); RSS of the server process before and while holding; then a broadcast (a staff
 *       notification to all of them, its delivery rows written in one transaction) and the time from that commit to
 *       each device's answer carrying it.
 * The load average is recorded at the start of each phase (the machine is shared). Writes
 * bench/results/device-<date>.json and bench/results/latest-device.md.
 *
 * Options: --enrol 10000 --enrol-concurrency 64 --duration 60 --warmup 5 --concurrency 32 --pollers 19500
 *          --poll-wait 300 --phases enrol,checkins,longpoll --no-write
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import type { LatencySummary } from '@fleetdeck/device-sim';
import { summarise } from '@fleetdeck/device-sim';
import { inTransaction } from '../apps/api/src/context.ts';
import { customerSeats, customers, devices } from '../apps/api/src/db/schema.ts';
import { familyLicenceOf } from '../apps/api/src/modules/licences/service.ts';
import * as fanOutRepo from '../apps/api/src/modules/policy/fan-out-repository.ts';
import * as ops from '../apps/api/src/modules/staff/notifications/repository.ts';
import { enrolmentTokenOf, newEnrolmentToken } from '../apps/api/src/modules/users/service.ts';
import type { Runtime } from '../apps/api/src/runtime.ts';
import { buy } from '../apps/api/test/support/ledger.ts';
import { LoadProcess } from './load-process.ts';
import * as bench from './support.ts';

/** Enrolments per loopback source address: under the API's 120 a minute per IP. */
const ENROLMENTS_PER_ADDRESS = 100;
const PHASES = ['enrol', 'checkins', 'longpoll'] as const;

function options() {
  const { values } = parseArgs({
    options: {
      enrol: { type: 'string', default: '10000' },
      'enrol-concurrency': { type: 'string', default: '64' },
      duration: { type: 'string', default: '60' },
      warmup: { type: 'string', default: '5' },
      concurrency: { type: 'string', default: '32' },
      pollers: { type: 'string', default: '19500' },
      'poll-wait': { type: 'string', default: '300' },
      phases: { type: 'string', default: PHASES.join(',') },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'npm run bench -- device [--enrol 10000] [--enrol-concurrency 64] [--duration 60] [--warmup 5] [--concurrency 32] ' +
        '[--pollers 19500] [--poll-wait 300] [--phases enrol,checkins,longpoll] [--no-write]',
    );
    process.exit(0);
  }
  const phases = values.phases.split(',').map((p) => p.trim());
  for (const p of phases) {
    if (!(PHASES as readonly string[]).includes(p)) {
      console.error(`bench: --phases takes ${PHASES.join(', ')} (got ${p})`);
      process.exit(2);
    }
  }
  const has = (p: (typeof PHASES)[number]) => phases.includes(p);
  if (has('checkins') && !has('enrol')) {
    console.error('bench: the check-in phase uses the devices of the enrol phase');
    process.exit(2);
  }
  return {
    enrol: bench.intOption('enrol', values.enrol, 1, 50_000),
    enrolConcurrency: bench.intOption('enrol-concurrency', values['enrol-concurrency'], 1, 512),
    duration: bench.intOption('duration', values.duration, 1, 600),
    warmup: bench.intOption('warmup', values.warmup, 0, 60),
    concurrency: bench.intOption('concurrency', values.concurrency, 1, 512),
    pollers: bench.intOption('pollers', values.pollers, 1, 100_000),
    pollWait: bench.intOption('poll-wait', values['poll-wait'], 10, 300),
    phases: { enrol: has('enrol'), checkins: has('checkins'), longpoll: has('longpoll') },
    write: !values['no-write'],
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const epochMs = () => performance.timeOrigin + performance.now();
const mib = (bytes: number) => bench.round(bytes / 2 ** 20, 1);

// ----------------------------------------------------------------------------------------------------- main

async function main() {
  const opts = options();
  const startedAt = new Date();
  const load: Record<string, number[]> = { start: bench.loadAverage() };
  const { dataDir, baseUrl, config, logger } = await bench.benchInstallation('fd-bench-');
  let rt: Runtime | null = null;
  const loaders: LoadProcess[] = [];
  console.log(
    `Device API benchmark (load generator in its own processes): enrol ${opts.enrol}, check-ins ${opts.duration} s ` +
      `at ${opts.concurrency} in flight, ${opts.pollers} long-polls (wait=${opts.pollWait}); load average ${load.start!.join(' / ')}`,
  );
  const result: Record<string, unknown> = {
    benchmark: 'device-api',
    date: startedAt.toISOString(),
    settings: { ...opts, dbPool: 20, maxLongPolls: config.maxLongPolls },
  };
  try {
    const started = await bench.startProduct(config, logger, dataDir);
    rt = started.rt;
    const { ctx } = rt;
    result.server = { startSeconds: bench.seconds(started.startMs), pid: process.pid };
    const gen = new LoadProcess();
    loaders.push(gen);

    // ------------------------------------------------------------------------------------ (1) enrolment
    let enrolled: { token: string; profileId: string; deviceId: string }[] = [];
    if (opts.phases.enrol) {
      load.enrol = bench.loadAverage();
      const [c] = await ctx.db
        .insert(customers)
        .values({ email: 'bench@fleetdeck.local', name: 'Bench', passwordHash: 'x', ...newEnrolmentToken(ctx) })
        .returning();
      await buy(ctx.db, c!.id, 'PD', opts.enrol);
      const cpu0 = await bench.cpuSeconds(dataDir);
      const r = await gen.run<{
        ms: number;
        devices: typeof enrolled;
        sourceAddresses: number;
        latencyMs: LatencySummary;
        failures: string[];
        oneMore: { status: number; code: string | null };
      }>({
        cmd: 'enrol',
        baseUrl,
        enrolmentToken: enrolmentTokenOf(ctx, c!),
        count: opts.enrol,
        concurrency: opts.enrolConcurrency,
        perAddress: ENROLMENTS_PER_ADDRESS,
        prefix: 'BENCH',
      });
      enrolled = r.devices;
      const cpu = bench.cpuPer(cpu0, await bench.cpuSeconds(dataDir), Math.max(1, enrolled.length));
      const [seat] = await ctx.db
        .select()
        .from(customerSeats)
        .where(and(eq(customerSeats.customerId, c!.id), eq(customerSeats.family, 'PD')));
      const [{ n }] = (await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(devices)
        .where(and(eq(devices.customerId, c!.id), sql`${devices.loggedOutAt} is null`))) as [{ n: number }];
      const ledger = await familyLicenceOf(ctx.db, c!.id, 'PD');
      const enrolment = {
        devices: opts.enrol,
        enrolled: enrolled.length,
        seconds: bench.seconds(r.ms),
        devicesPerSecond: bench.round(enrolled.length / (r.ms / 1000)),
        concurrency: opts.enrolConcurrency,
        sourceAddresses: r.sourceAddresses,
        latencyMs: r.latencyMs,
        failures: r.failures,
        seats: { purchased: seat?.purchased, usedCounter: seat?.used, devicesEnrolled: n, ledgerUsed: ledger.used },
        oneMore: r.oneMore,
        cpuPerEnrolment: cpu,
        exact: seat?.used === enrolled.length && n === enrolled.length && ledger.used === enrolled.length,
      };
      result.enrolment = enrolment;
      console.log(
        `(1) Enrolled ${enrolled.length}/${opts.enrol} into one family in ${enrolment.seconds} s ` +
          `(${enrolment.devicesPerSecond}/s, ${opts.enrolConcurrency} in flight); POST enrol ${bench.fmtLatency(r.latencyMs)}; ` +
          `seats used ${seat?.used} (counter) / ${ledger.used} (ledger) / ${n} devices; one more: ${r.oneMore.status} ${r.oneMore.code}`,
      );
      console.log(`    CPU per enrolment: server ${cpu.serverMs} ms, PostgreSQL ${cpu.postgresMs} ms`);
      if (r.failures.length) console.log(`    failures: ${r.failures.join('; ')}`);
    }

    // ------------------------------------------------------------------------------------ (2) check-ins
    if (opts.phases.checkins && enrolled.length > 0) {
      load.checkins = bench.loadAverage();
      const cpu0 = await bench.cpuSeconds(dataDir);
      const r = await gen.run<{
        ms: number;
        checkIns: number;
        requests: number;
        latencyMs: { all: LatencySummary; status: LatencySummary; policy: LatencySummary };
        errors: string[];
      }>({
        cmd: 'checkins',
        baseUrl,
        tokens: enrolled.map((d) => d.token),
        concurrency: opts.concurrency,
        warmupMs: opts.warmup * 1000,
        durationMs: opts.duration * 1000,
      });
      await ctx.hot.status.flush();
      // Over the warm-up, the ETag fetches and the run: per check-in of the run, an upper bound.
      const cpu = bench.cpuPer(cpu0, await bench.cpuSeconds(dataDir), Math.max(1, r.checkIns));
      const checkIn = {
        cpuPerCheckIn: cpu,
        seconds: bench.seconds(r.ms),
        concurrency: opts.concurrency,
        devices: enrolled.length,
        checkIns: r.checkIns,
        requests: r.requests,
        checkInsPerSecond: bench.round(r.checkIns / (r.ms / 1000)),
        requestsPerSecond: bench.round(r.requests / (r.ms / 1000)),
        latencyMs: r.latencyMs,
        errors: r.errors,
        hotPath: { ...ctx.hot.counters },
        loadAverageAtEnd: bench.loadAverage(),
      };
      result.checkIn = checkIn;
      console.log(
        `(2) Check-ins: ${checkIn.checkInsPerSecond}/s (${checkIn.requestsPerSecond} requests/s) over ${checkIn.seconds} s ` +
          `at ${opts.concurrency} in flight; all ${bench.fmtLatency(r.latencyMs.all)}`,
      );
      console.log(
        `    POST status ${bench.fmtLatency(r.latencyMs.status)}; GET policy ${bench.fmtLatency(r.latencyMs.policy)}`,
      );
      console.log(`    CPU per check-in: server ${cpu.serverMs} ms, PostgreSQL ${cpu.postgresMs} ms`);
      if (r.errors.length) console.log(`    errors: ${r.errors.join('; ')}`);
    }

    // ------------------------------------------------------------------------------------ (3) long-polls
    if (opts.phases.longpoll) {
      load.longpoll = bench.loadAverage();
      const [owner] = await ctx.db
        .insert(customers)
        .values({
          email: 'bench-polls@fleetdeck.local',
          name: 'Bench polls',
          passwordHash: 'x',
          ...newEnrolmentToken(ctx),
        })
        .returning();
      const secret = randomBytes(8).toString('hex');
      const tokenOf = (g: number) => `bench-poll-${secret}-${g}`;
      const t = performance.now();
      await ctx.pool.query(
        `insert into devices (customer_id, family, app_name, serial_number, device_name, token_hash, app_version_code)
         select $1::uuid, 'PD', 'PD', 'POLL-' || lpad(g::text, 7, '0'), 'Tablet ' || g,
                encode(sha256(convert_to($3 || g, 'UTF8')), 'hex'), '412'
         from generate_series(1, $2::int) g`,
        [owner!.id, opts.pollers, `bench-poll-${secret}-`],
      );
      await ctx.pool.query(
        `insert into profiles (customer_id, device_id, name, profile_name, app_name, family)
         select customer_id, id, serial_number, device_name, 'PD', 'PD' from devices where customer_id = $1`,
        [owner!.id],
      );
      await ctx.pool.query('vacuum (analyze) devices, profiles, device_messages');
      console.log(`(3) Seeded ${opts.pollers} polling devices in ${bench.seconds(performance.now() - t)} s`);

      const before = process.memoryUsage();
      const tokens = Array.from({ length: opts.pollers }, (_, i) => tokenOf(i + 1));
      const halves = [tokens.slice(0, Math.ceil(tokens.length / 2)), tokens.slice(Math.ceil(tokens.length / 2))];
      const holders = [new LoadProcess(), new LoadProcess()];
      loaders.push(...holders);
      const tOpen = performance.now();
      const sent = await Promise.all(
        holders.map((h, i) =>
          h.run<{ sent: number; errors: number; reasons: string[] }>({
            cmd: 'hold',
            baseUrl,
            tokens: halves[i],
            wait: opts.pollWait,
            localAddress: `127.0.${200 + i}.1`,
            openConcurrency: 200,
          }),
        ),
      );
      const openedAt = bench.seconds(performance.now() - tOpen);
      for (const r of sent) if (r.reasons.length) console.log(`    connect errors: ${r.reasons.join('; ')}`);
      console.log(`    all polls sent in ${openedAt} s; waiting for the server to hold them`);
      const deadline = performance.now() + 120_000;
      while (ctx.wakeups.waiterCount() < opts.pollers && performance.now() < deadline) await sleep(100);
      const held = ctx.wakeups.waiterCount();
      const openSeconds = bench.seconds(performance.now() - tOpen);
      await sleep(2000);
      const holding = process.memoryUsage();
      console.log(
        `    ${held} long-polls held at once (opened in ${openSeconds} s; sent ${sent.map((s) => s.sent).join(' + ')}, ` +
          `connect errors ${sent.map((s) => s.errors).join(' + ')}); server RSS ${mib(before.rss)} → ${mib(holding.rss)} MiB`,
      );
      const answered = holders.map((h) => h.start({ cmd: 'answers', timeoutMs: 60_000 }));

      // The broadcast: a staff notification to every device of the customer, its delivery rows in one transaction.
      load.broadcast = bench.loadAverage();
      const n = await ops.insertNotification(ctx.db, {
        title: 'Bench broadcast',
        message: 'To every device',
        target: 'customers',
        targetDeviceIds: [],
        targetCustomerIds: [owner!.id],
        onlyWithFcmToken: false,
        totalDevices: opts.pollers,
        expiresAt: new Date(Date.now() + 86_400_000),
        createdBy: null,
      });
      const cpuB0 = await bench.cpuSeconds(dataDir);
      // Where the wall-clock goes after the commit: how many polls this process has woken and how many answers its
      // batched reads have handed back, sampled every few ms (the sampler runs on the server's event loop: a gap in
      // the samples is the loop busy answering).
      const woken0 = ctx.wakeups.wakeupsDelivered;
      const read0 = ctx.hot.events.polls;
      const samples: { at: number; woken: number; read: number }[] = [];
      const sampler = setInterval(
        () =>
          samples.push({
            at: epochMs(),
            woken: ctx.wakeups.wakeupsDelivered - woken0,
            read: ctx.hot.events.polls - read0,
          }),
        5,
      );
      // Each batched read of the woken polls: when it started and ended, and how many polls it answered.
      // (the statement's own time: from sending it to its rows being parsed; the rest is the answers being written).
      const batches: { start: number; end: number; polls: number }[] = [];
      const statements: { start: number; end: number }[] = [];
      const batcher = ctx.hot.events as unknown as {
        run: (batch: unknown[]) => Promise<void>;
        pool: { query: (...args: unknown[]) => Promise<unknown> };
      };
      const run = batcher.run;
      const pool = batcher.pool;
      batcher.pool = {
        query: async (...args: unknown[]) => {
          const start = epochMs();
          try {
            return await pool.query(...args);
          } finally {
            statements.push({ start, end: epochMs() });
          }
        },
      };
      batcher.run = async function (this: unknown, batch: unknown[]) {
        const start = epochMs();
        await run.call(this, batch);
        batches.push({ start, end: epochMs(), polls: batch.length });
      };
      const tTx = epochMs();
      const written = await inTransaction(ctx.db, async (tx) => {
        const locked = await fanOutRepo.lockNotification(tx, n.id);
        const ids = await fanOutRepo.fanOutBatch(tx, locked!, opts.pollers + 1);
        await fanOutRepo.recordFanOut(tx, n.id, ids.length, ids[ids.length - 1] ?? null, true);
        return ids.length;
      });
      const committedAt = epochMs();
      const results = (await Promise.all((await Promise.all(answered)).map((p) => p))) as {
        answers: { at: number; status: number; message: boolean; error?: string }[];
      }[];
      clearInterval(sampler);
      batcher.run = run;
      batcher.pool = pool;
      const answers = results.flatMap((r) => r.answers);
      const withMessage = answers.filter((a) => a.message && a.status === 200);
      const latency = summarise(withMessage.map((a) => a.at - committedAt));
      const timeline = broadcastTimeline(
        samples,
        committedAt,
        held,
        withMessage.map((a) => a.at - committedAt),
      );
      const afterBroadcast = process.memoryUsage();
      const cpuBroadcast = bench.cpuPer(cpuB0, await bench.cpuSeconds(dataDir), Math.max(1, withMessage.length));
      const longPoll = {
        devices: opts.pollers,
        waitSeconds: opts.pollWait,
        heldAtOnce: held,
        openSeconds,
        serverRssMiB: { before: mib(before.rss), holding: mib(holding.rss), afterBroadcast: mib(afterBroadcast.rss) },
        serverHeapUsedMiB: { before: mib(before.heapUsed), holding: mib(holding.heapUsed) },
        rssPerPollKiB: held > 0 ? bench.round((holding.rss - before.rss) / held / 1024, 1) : null,
        broadcast: {
          deliveryRows: written,
          transactionMs: bench.round(committedAt - tTx, 1),
          answered: answers.length,
          answeredWithMessage: withMessage.length,
          errors: answers.filter((a) => a.status !== 200).length,
          commitToAnswerMs: latency,
          cpuPerDevice: cpuBroadcast,
          timelineMs: timeline,
        },
        wakeupsDelivered: ctx.wakeups.wakeupsDelivered,
        loadAverageAtEnd: bench.loadAverage(),
      };
      result.longPoll = longPoll;
      console.log(
        `    broadcast: ${written} delivery rows committed in ${longPoll.broadcast.transactionMs} ms; ` +
          `${withMessage.length}/${held} polls answered with it; commit → answer ${bench.fmtLatency(latency)}`,
      );
      console.log(`    after the commit (ms): ${fmtTimeline(timeline)}`);
      console.log(
        `    batched reads (start+duration ms after the commit, polls): ${batches
          .map((b) => `${Math.round(b.start - committedAt)}+${Math.round(b.end - b.start)} (${b.polls})`)
          .join(', ')}; their statements: ${statements
          .map((b) => `${Math.round(b.start - committedAt)}+${Math.round(b.end - b.start)}`)
          .join(', ')}`,
      );
      console.log(`    ${fmtCpu(cpuBroadcast, 'device reached')}`);
      for (const h of holders) h.stop();
    }

    result.machine = {
      ...bench.machineFacts(),
      loadAverage: load,
      note: 'server (this process) and PostgreSQL vs the load generator (forked processes): separate event loops, same 2 cores',
    };
    const md = markdown(result as unknown as Result);
    if (opts.write) await bench.writeResults('device', startedAt, result, md);
    else console.log(md);
  } finally {
    for (const l of loaders) l.stop();
    if (rt) {
      const t = performance.now();
      await rt.stop();
      console.log(`Server and embedded database stopped in ${bench.seconds(performance.now() - t)} s`);
    }
    const fs = await import('node:fs/promises');
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * When (ms after the commit) the server had woken, and its batched reads had answered, the first poll, half of them
 * and all of them; and when the answers arrived at the load processes (first, half, all).
 */
function broadcastTimeline(
  samples: { at: number; woken: number; read: number }[],
  committedAt: number,
  polls: number,
  arrivals: number[],
) {
  const when = (key: 'woken' | 'read', share: number) => {
    const need = Math.max(1, Math.ceil(polls * share));
    const s = samples.find((x) => x[key] >= need);
    return s ? bench.round(s.at - committedAt, 1) : null;
  };
  const sorted = [...arrivals].sort((a, b) => a - b);
  const arrived = (share: number) =>
    sorted.length
      ? bench.round(sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1))]!, 1)
      : null;
  return {
    woken: { first: when('woken', 0), half: when('woken', 0.5), all: when('woken', 1) },
    read: { first: when('read', 0), half: when('read', 0.5), all: when('read', 1) },
    arrived: { first: arrived(0), half: arrived(0.5), all: arrived(1) },
  };
}
type Timeline = ReturnType<typeof broadcastTimeline>;
const fmtTimeline = (t: Timeline) =>
  (['woken', 'read', 'arrived'] as const).map((k) => `${k} ${t[k].first} / ${t[k].half} / ${t[k].all}`).join('; ') +
  ' (first / half / all)';

type Cpu = ReturnType<typeof bench.cpuPer>;
const fmtCpu = (c: Cpu, what: string) =>
  `CPU per ${what}: server process ${c.serverMs} ms, PostgreSQL ${c.postgresMs} ms (${c.serverSeconds} s and ` +
  `${c.postgresSeconds} s in all).`;

interface Result {
  date: string;
  machine: { node: string; cpus: number; cpuModel: string; platform: string; loadAverage: Record<string, number[]> };
  settings: ReturnType<typeof options> & { maxLongPolls: number };
  enrolment?: {
    enrolled: number;
    devices: number;
    seconds: number;
    devicesPerSecond: number;
    concurrency: number;
    sourceAddresses: number;
    latencyMs: LatencySummary;
    failures: string[];
    seats: { purchased?: number; usedCounter?: number; devicesEnrolled: number; ledgerUsed: number };
    oneMore: { status: number; code: string | null };
    exact: boolean;
    cpuPerEnrolment: Cpu;
  };
  checkIn?: {
    seconds: number;
    checkIns: number;
    requests: number;
    devices: number;
    checkInsPerSecond: number;
    requestsPerSecond: number;
    latencyMs: { all: LatencySummary; status: LatencySummary; policy: LatencySummary };
    errors: string[];
    loadAverageAtEnd: number[];
    cpuPerCheckIn: Cpu;
  };
  longPoll?: {
    devices: number;
    heldAtOnce: number;
    openSeconds: number;
    serverRssMiB: { before: number; holding: number; afterBroadcast: number };
    serverHeapUsedMiB: { before: number; holding: number };
    rssPerPollKiB: number | null;
    broadcast: {
      deliveryRows: number;
      transactionMs: number;
      answered: number;
      answeredWithMessage: number;
      errors: number;
      commitToAnswerMs: LatencySummary;
      cpuPerDevice: Cpu;
      timelineMs: Timeline;
    };
    loadAverageAtEnd: number[];
  };
}

function markdown(r: Result) {
  const row = (name: string, s: LatencySummary | undefined) =>
    s ? `| ${name} | ${s.count} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} |` : `| ${name} | – | | | | |`;
  const la = (k: string) => (r.machine.loadAverage[k] ?? []).join(' / ');
  const out = [
    '# Device API benchmark (latest run)',
    '',
    `${r.date.slice(0, 16).replace('T', ' ')} UTC · Node ${r.machine.node} · ${r.machine.cpus} × ${r.machine.cpuModel} · ${r.machine.platform}`,
    '',
    'Produced by `npm run bench -- device` (bench/device.ts): the real server in the benchmark process on the embedded',
    'PostgreSQL; the simulated fleet in separate forked processes (bench/device-load.ts), so the load generator has its',
    'own event loop (it still shares the 2 cores). The machine is shared: load averages (1 / 5 / 15 min) are given per phase.',
    '',
  ];
  const e = r.enrolment;
  if (e) {
    out.push(
      `## Bulk enrolment (load average ${la('enrol')})`,
      '',
      `**${e.enrolled} of ${e.devices} devices enrolled into one customer's one family in ${e.seconds} s (${e.devicesPerSecond}/s)**, ` +
        `${e.concurrency} in flight from ${e.sourceAddresses} loopback addresses (the per-IP limit is 120 a minute). ` +
        `Seats: purchased ${e.seats.purchased}, used ${e.seats.usedCounter} (counter), ${e.seats.ledgerUsed} (ledger), ` +
        `${e.seats.devicesEnrolled} devices enrolled — ${e.exact ? 'exact' : '**NOT exact**'}. One more: ` +
        `${e.oneMore.status} ${e.oneMore.code ?? ''}.${e.failures.length ? ` Failures: ${e.failures.join('; ')}.` : ''}`,
      '',
      '| latency (ms) | n | p50 | p95 | p99 | max |',
      '|---|---:|---:|---:|---:|---:|',
      row('POST enrol', e.latencyMs),
      '',
      fmtCpu(e.cpuPerEnrolment, 'enrolment'),
      '',
    );
  }
  const c = r.checkIn;
  if (c) {
    out.push(
      `## Check-ins (load average ${la('checkins')} at start, ${c.loadAverageAtEnd.join(' / ')} at end)`,
      '',
      `POST status (battery changes every third report) + GET policy with If-None-Match (304), ${r.settings.concurrency} ` +
        `check-ins in flight over ${c.devices} devices, ${c.seconds} s after a ${r.settings.warmup} s warm-up: ` +
        `**${c.checkInsPerSecond} check-ins/s** (${c.requestsPerSecond} requests/s, ${c.requests} requests, ` +
        `${c.errors.length ? `errors: ${c.errors.join('; ')}` : 'no errors'}).`,
      '',
      '| latency (ms) | n | p50 | p95 | p99 | max |',
      '|---|---:|---:|---:|---:|---:|',
      row('all requests', c.latencyMs.all),
      row('POST status', c.latencyMs.status),
      row('GET policy (304)', c.latencyMs.policy),
      '',
      `${fmtCpu(c.cpuPerCheckIn, 'check-in')} Counted over the warm-up and the ETag fetches too, divided by the ` +
        'measured check-ins: an upper bound.',
      '',
    );
  }
  const l = r.longPoll;
  if (l) {
    out.push(
      `## Long-polls and a broadcast (load average ${la('longpoll')} at start, ${l.loadAverageAtEnd.join(' / ')} at end)`,
      '',
      `**${l.heldAtOnce} GET events?wait=${r.settings.pollWait} held at once by this one server process** (opened in ` +
        `${l.openSeconds} s from two load processes). Server RSS ${l.serverRssMiB.before} MiB before, ` +
        `**${l.serverRssMiB.holding} MiB holding them** (${l.rssPerPollKiB} KiB per poll; heap ${l.serverHeapUsedMiB.before} → ` +
        `${l.serverHeapUsedMiB.holding} MiB), ${l.serverRssMiB.afterBroadcast} MiB after the broadcast.`,
      '',
      `Broadcast: a staff notification to all of them, ${l.broadcast.deliveryRows} delivery rows (one NOTIFY per 200 devices) written ` +
        `in one transaction (${l.broadcast.transactionMs} ms); ${l.broadcast.answeredWithMessage} polls answered carrying ` +
        `it (${l.broadcast.answered} answered, ${l.broadcast.errors} not 200).`,
      '',
      '| latency (ms) | n | p50 | p95 | p99 | max |',
      '|---|---:|---:|---:|---:|---:|',
      row("delivery rows' commit → device's GET events answer with the message", l.broadcast.commitToAnswerMs),
      '',
      fmtCpu(l.broadcast.cpuPerDevice, 'device reached'),
      '',
      `After the commit (ms; first / half / all): the server had woken the polls at ${fmtTimeline(
        l.broadcast.timelineMs,
      )
        .replace('woken ', '')
        .replace('; read ', ', its batched reads had answered them at ')
        .replace('; arrived ', ', the answers arrived at the load processes at ')
        .replace(' (first / half / all)', '')}.`,
      '',
    );
  }
  return out.join('\n');
}

bench.runBenchmark(main);
