/**
 * `npm run bench -- fleet`: fleet operations at scale (issue 25 "Speed", DECISIONS §10), through the real HTTP API and
 * the real pg-boss workers of the product started in this process (embedded PostgreSQL in a throwaway DATA_DIR,
 * migrations, workers, HTTP on 127.0.0.1 at a free port). The simulated devices run in a forked process
 * (bench/device-load.ts), so the server's event loop is not shared with them (the 2 cores are).
 *
 *   (1) stage: one customer with a group of --devices enrolled devices (seeded with one SQL statement per table), a
 *       template made from one of them (POST templates) and a rollout to the group with a single 100% stage started
 *       over HTTP (POST rollouts). Measured: from the request until every device of the stage has its new policy
 *       version written (its profile's policy_version = the rollout row's, the row pending) AND its wake-up sent (the
 *       `device_wake` NOTIFY every API process listens to, heard on a connection of our own that LISTENs like one).
 *       Target ≤ 5 s.
 *   (2) acks: --success-share of the devices acknowledge the new version (`POST policy/ack {result: 'Success'}`,
 *       --ack-concurrency in flight over loopback HTTP, each device having fetched its policy first, untimed, as a woken
 *       device does): acknowledgements/s, then the rollout's counters
 *       (GET rollouts/:id) must match the answers exactly. Target ≥ 2,000/s. Then the rest fail
 *       (`result: 'Failed'`) with the pause rule at --fail-percent % of at least 3 decided: the time from the threshold
 *       crossing (the answer of the failure that crossed it) to the rollout seen paused (GET rollouts/:id every
 *       --poll-ms). Target ≤ 2 s. The final counters must match every answer.
 *   (3) lists: --list-devices more devices of a second customer (INSERT … SELECT generate_series), --group-share % of
 *       them in one group (with a template), and a paused rollout to that group (its device rows in SQL: stage 1 done,
 *       stage 2 half acknowledged, stage 3 waiting). Then, one request at a time, --warmup untimed and --requests timed
 *       first pages of the group's device list (GET profile/list?groupId=) and of the rollout's device list
 *       (GET rollouts/:id/devices, without and with each state filter): p50/p95/p99. Target p95 ≤ 15 ms. Every answer
 *       is checked, and each case's statements are run again under EXPLAIN (ANALYZE, BUFFERS) from the service (the
 *       routes' code path); the plans of cases over the target go into the report.
 *
 * Writes bench/results/fleet-<date>.json and bench/results/latest-fleet.md.
 *
 * Options: --devices 10000 --list-devices 1000000 --group-share 60 --success-share 90 --fail-percent 5
 *          --ack-concurrency 256 --requests 200 --warmup 10 --poll-ms 50 --phases stage,acks,lists --no-write
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  devicesApi,
  fleetApi,
  profileListQuerySchema,
  rolloutDevicesQuerySchema,
  type Rollout,
  type RolloutDeviceState,
} from '@fleetdeck/contract';
import { summarise, type LatencySummary } from '@fleetdeck/device-sim';
import { accountScope } from '../apps/api/src/lib/device-scope.ts';
import { profileList } from '../apps/api/src/modules/devices/service.ts';
import { TICK_SECONDS } from '../apps/api/src/modules/fleet/rollouts-jobs.ts';
import { listRolloutDevices } from '../apps/api/src/modules/fleet/rollouts-service.ts';
import { WAKE_CHANNEL } from '../apps/api/src/modules/policy/wakeup.ts';
import type { Runtime } from '../apps/api/src/runtime.ts';
import type { AckItem } from './device-load.ts';
import { apiCaller, loopbackFetch } from './http.ts';
import { LoadProcess } from './load-process.ts';
import * as bench from './support.ts';

const PHASES = ['stage', 'acks', 'lists'] as const;
type Phase = (typeof PHASES)[number];
const TARGET = { stageSeconds: 5, acksPerSecond: 2000, pauseSeconds: 2, listP95Ms: 15 } as const;
const MIN_DEVICES = 3;

function options() {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '10000' },
      'list-devices': { type: 'string', default: '1000000' },
      'group-share': { type: 'string', default: '60' },
      'success-share': { type: 'string', default: '90' },
      'fail-percent': { type: 'string', default: '5' },
      // A stage's devices are woken together and answer within seconds of each other: hundreds in flight at once.
      'ack-concurrency': { type: 'string', default: '256' },
      requests: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '10' },
      'poll-ms': { type: 'string', default: '50' },
      phases: { type: 'string', default: PHASES.join(',') },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'npm run bench -- fleet [--devices 10000] [--list-devices 1000000] [--group-share 60] [--success-share 90] ' +
        '[--fail-percent 5] [--ack-concurrency 256] [--requests 200] [--warmup 10] [--poll-ms 50] ' +
        '[--phases stage,acks,lists] [--no-write]',
    );
    process.exit(0);
  }
  const phases = new Set(values.phases.split(',').map((p) => p.trim()));
  for (const p of phases) {
    if (!(PHASES as readonly string[]).includes(p)) {
      console.error(`bench: --phases takes ${PHASES.join(', ')} (got ${p})`);
      process.exit(2);
    }
  }
  if (phases.has('acks') && !phases.has('stage')) {
    console.error('bench: the acks phase acknowledges the stage of the stage phase: --phases stage,acks');
    process.exit(2);
  }
  return {
    devices: bench.intOption('devices', values.devices, 10, 1_000_000),
    listDevices: bench.intOption('list-devices', values['list-devices'], 1000, 10_000_000),
    groupShare: bench.intOption('group-share', values['group-share'], 1, 100),
    successShare: bench.intOption('success-share', values['success-share'], 1, 99),
    failPercent: bench.intOption('fail-percent', values['fail-percent'], 1, 100),
    ackConcurrency: bench.intOption('ack-concurrency', values['ack-concurrency'], 1, 1000),
    requests: bench.intOption('requests', values.requests, 1, 10_000),
    warmup: bench.intOption('warmup', values.warmup, 0, 1000),
    pollMs: bench.intOption('poll-ms', values['poll-ms'], 5, 1000),
    phases: Object.fromEntries(PHASES.map((p) => [p, phases.has(p)])) as Record<Phase, boolean>,
    write: !values['no-write'],
  };
}
type Options = ReturnType<typeof options>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Wall-clock ms with sub-ms precision, comparable with the load process's (same machine). */
const epochMs = () => performance.timeOrigin + performance.now();
const n = (x: number) => x.toLocaleString('en-GB');
/** The device token of seeded stage device `i` (the seed stores its sha256). */
const tokenOf = (i: number) => `bench-fleet-device-${i}`;
type Api = ReturnType<typeof apiCaller>;

// ------------------------------------------------------------------------------------------------------ seeding

/** `count` enrolled PD devices of the customer with their profiles, one statement per table. */
async function seedStageDevices(pool: pg.Pool, customerId: string, count: number) {
  await pool.query(
    `insert into devices (customer_id, family, app_name, serial_number, device_name, token_hash, app_version_code)
     select $1::uuid, 'PD', 'PD', 'FLT-' || lpad(g::text, 7, '0'), 'Tablet ' || g,
            encode(sha256(convert_to('bench-fleet-device-' || g, 'UTF8')), 'hex'), '412'
     from generate_series(1, $2::int) g`,
    [customerId, count],
  );
  await pool.query(
    `insert into profiles (customer_id, device_id, name, profile_name, app_name, family)
     select customer_id, id, serial_number, device_name, 'PD', 'PD' from devices where customer_id = $1`,
    [customerId],
  );
}

/** The customer's first profile (what the template is made from). */
async function firstProfile(pool: pg.Pool, customerId: string) {
  const { rows } = await pool.query<{ id: string }>(
    'select id from profiles where customer_id = $1 order by created_at, id limit 1',
    [customerId],
  );
  if (!rows[0]) throw new Error('no profile to make the template from');
  return rows[0].id;
}

/** A template from one of the customer's profiles and a group of PD devices, over HTTP. */
async function templateAndGroup(api: Api, profileId: string, name: string) {
  const template = (
    await api(fleetApi.templateCreate, { body: { name: `${name} template`, fromProfileId: profileId } })
  ).body.data;
  const group = (await api(fleetApi.groupCreate, { body: { name: `${name} group`, family: 'PD' } })).body.data;
  return { templateId: template._id, templateVersion: template.version, groupId: group._id };
}

// -------------------------------------------------------------------------------------------- (1) the stage

/** Listens on the wake-up channel like an API process does: the device ids woken, and when each was first heard. */
async function wakeListener(pool: pg.Pool) {
  const { connectionString } = pool.options as { connectionString?: string };
  const client = new pg.Client({ connectionString });
  const heard = new Map<string, number>();
  let notifications = 0;
  client.on('notification', (msg) => {
    if (msg.channel !== WAKE_CHANNEL || !msg.payload) return;
    notifications++;
    const at = epochMs();
    for (const id of msg.payload.split(',')) if (!heard.has(id)) heard.set(id, at);
  });
  await client.connect();
  await client.query(`LISTEN ${WAKE_CHANNEL}`);
  return {
    heard,
    notifications: () => notifications,
    close: () => client.end(),
  };
}

async function stagePhase(rt: Runtime, api: Api, customerId: string, opts: Options) {
  const { pool } = rt.ctx;
  const t = performance.now();
  await seedStageDevices(pool, customerId, opts.devices);
  const ids = await templateAndGroup(api, await firstProfile(pool, customerId), 'Stage');
  await pool.query('update profiles set group_id = $2 where customer_id = $1', [customerId, ids.groupId]);
  await pool.query('vacuum (analyze) devices, profiles');
  const seedMs = performance.now() - t;
  console.log(`(1) seeded ${n(opts.devices)} devices in one group in ${bench.seconds(seedMs)} s`);
  const { rows: deviceRows } = await pool.query<{ id: string }>(
    'select device_id as id from profiles where group_id = $1',
    [ids.groupId],
  );
  const groupDevices = new Set(deviceRows.map((r) => r.id));

  const wakes = await wakeListener(pool);
  try {
    const t0 = epochMs();
    const created = await api(fleetApi.rolloutCreate, {
      body: {
        templateId: ids.templateId,
        groupId: ids.groupId,
        stages: [{ percent: 100, soakSeconds: 3600 }],
        pauseWhen: { failedPercent: opts.failPercent, minDevices: MIN_DEVICES },
        ackTimeoutSeconds: 900,
      },
    });
    const answerMs = epochMs() - t0;
    const rolloutId = created.body.data._id;
    // Every 20 ms: devices whose profile holds the version the rollout gave them (the stage is one transaction, so
    // this jumps from 0 to all), and the wake-ups heard.
    let writtenMs = 0;
    let wokenMs = 0;
    const samples: { ms: number; written: number; woken: number }[] = [];
    const waits = new Map<string, number>();
    for (;;) {
      await bench.sampleWaits(pool, waits);
      const { rows } = await pool.query<{ written: number }>(
        `select count(*)::int as written from rollout_devices rd join profiles p on p.id = rd.profile_id
         where rd.rollout_id = $1 and rd.state = 'pending' and p.policy_version = rd.policy_version`,
        [rolloutId],
      );
      const written = rows[0]!.written;
      let woken = 0;
      let lastWake = 0;
      for (const [id, at] of wakes.heard) {
        if (!groupDevices.has(id)) continue;
        woken++;
        lastWake = Math.max(lastWake, at);
      }
      const ms = epochMs() - t0;
      samples.push({ ms: Math.round(ms), written, woken });
      if (!writtenMs && written === opts.devices) writtenMs = ms;
      if (!wokenMs && woken === opts.devices) wokenMs = lastWake - t0;
      if (writtenMs && wokenMs) break;
      if (ms > 120_000) throw new Error(`the stage was not applied in 2 minutes: ${JSON.stringify(samples.at(-1))}`);
      await sleep(20);
    }
    const doneMs = Math.max(writtenMs, wokenMs);
    const detail = (await api(fleetApi.rolloutDetail, { params: { id: rolloutId } })).body.data;
    const stage = {
      devices: opts.devices,
      rolloutAnswerMs: Math.round(answerMs),
      allWrittenSeconds: bench.seconds(writtenMs),
      allWokenSeconds: bench.seconds(wokenMs),
      seconds: bench.seconds(doneMs),
      wakeNotifications: wakes.notifications(),
      databaseWaits: Object.fromEntries(bench.topWaits(waits, 10)),
      countsAfter: detail.counts,
      met: doneMs <= TARGET.stageSeconds * 1000,
      samples: samples.filter((_, i) => i % 5 === 0),
    };
    console.log(
      `(1) POST rollouts answered in ${stage.rolloutAnswerMs} ms; every device's new policy version written after ` +
        `${stage.allWrittenSeconds} s, every wake-up sent after ${stage.allWokenSeconds} s ` +
        `(${stage.wakeNotifications} NOTIFY payloads): ${stage.seconds} s (target ≤ ${TARGET.stageSeconds} s)`,
    );
    if (detail.counts.pending !== opts.devices) {
      throw new Error(`the rollout counts ${detail.counts.pending} pending devices, not ${opts.devices}`);
    }
    return { rolloutId, seedSeconds: bench.seconds(seedMs), stage };
  } finally {
    await wakes.close();
  }
}

// --------------------------------------------------------------------------------------------- (2) the acks

/** `work`, with what the database's backends wait on sampled every 100 ms meanwhile (bench.sampleWaits). */
async function withWaits<T>(pool: pg.Pool, work: Promise<T>) {
  const waits = new Map<string, number>();
  let done = false;
  const sampling = (async () => {
    while (!done) {
      await bench.sampleWaits(pool, waits);
      await sleep(100);
    }
  })();
  try {
    return { value: await work, waits: Object.fromEntries(bench.topWaits(waits, 10)) };
  } finally {
    done = true;
    await sampling;
  }
}

interface AcksAnswer {
  startedAt: number;
  endedAt: number;
  status: number[];
  answeredAt: number[];
  latencyMs: LatencySummary;
  errors: string[];
  /** The load process's own CPU over the run (bench/device-load.ts `postEach`). */
  generatorCpuMs: number;
}

/** Failures needed, after `succeeded` successes, for failed ÷ decided ≥ percent with at least MIN_DEVICES decided. */
function failuresToPause(succeeded: number, percent: number) {
  if (percent >= 100) return Number.POSITIVE_INFINITY; // every decided device failed: only without successes
  return Math.max(MIN_DEVICES - succeeded, Math.ceil((percent * succeeded) / (100 - percent)), 1);
}

async function acksPhase(
  rt: Runtime,
  api: Api,
  load: LoadProcess,
  where: { baseUrl: string; dataDir: string },
  rolloutId: string,
  opts: Options,
) {
  const { baseUrl, dataDir } = where;
  const { pool } = rt.ctx;
  // Each device of the stage with the version the rollout gave it, in an order unrelated to the stage's hash.
  const { rows } = await pool.query<{ i: number; version: number }>(
    `select substr(p.name, 5)::int as i, rd.policy_version as version
     from rollout_devices rd join profiles p on p.id = rd.profile_id
     where rd.rollout_id = $1 and rd.state = 'pending' order by p.name`,
    [rolloutId],
  );
  const successes = Math.round((rows.length * opts.successShare) / 100);
  const crossing = failuresToPause(successes, opts.failPercent);
  if (crossing > rows.length - successes) {
    throw new Error(
      `${rows.length - successes} failures cannot reach ${opts.failPercent}% after ${successes} successes: ` +
        'lower --success-share or --fail-percent',
    );
  }
  const item = (r: (typeof rows)[number], result: AckItem['result']): AckItem => ({
    token: tokenOf(r.i),
    version: r.version,
    result,
    message: result === 'Failed' ? 'Settings could not be applied: kiosk app missing (bench)' : '',
  });
  // Untimed: every device fetches the policy it is about to acknowledge, as a woken device does; the server's device
  // cache then knows its token, as during a real rollout.
  const fetched = await load.run<{ ok: number; errors: string[] }>({
    cmd: 'fetch',
    baseUrl,
    tokens: rows.map((r) => tokenOf(r.i)),
    concurrency: opts.ackConcurrency,
  });
  if (fetched.ok !== rows.length)
    throw new Error(`GET policy: ${fetched.ok} of ${rows.length} answered 200 (${fetched.errors.join('; ')})`);
  // (a) the successes, as fast as the server takes them
  const cpu0 = await bench.cpuSeconds(dataDir);
  const { value: ok, waits } = await withWaits(
    pool,
    load.run<AcksAnswer>({
      cmd: 'acks',
      baseUrl,
      items: rows.slice(0, successes).map((r) => item(r, 'Success')),
      concurrency: opts.ackConcurrency,
    }),
  );
  const cpu = {
    ...bench.cpuPer(cpu0, await bench.cpuSeconds(dataDir), successes),
    generatorMs: bench.round(ok.generatorCpuMs / successes, 3),
  };
  const okSeconds = (ok.endedAt - ok.startedAt) / 1000;
  const answered200 = ok.status.filter((s) => s === 200).length;
  const afterSuccess = (await api(fleetApi.rolloutDetail, { params: { id: rolloutId } })).body.data;
  const ackRate = bench.round(answered200 / okSeconds, 0);
  const countersOk =
    afterSuccess.counts.succeeded === answered200 &&
    afterSuccess.counts.pending === rows.length - answered200 &&
    afterSuccess.counts.failed === 0 &&
    afterSuccess.state === 'running';
  console.log(
    `(2a) ${n(answered200)} of ${n(successes)} Success acks answered 200 in ${bench.round(okSeconds, 2)} s: ` +
      `${n(ackRate)} acks/s (target ≥ ${n(TARGET.acksPerSecond)}); ${bench.fmtLatency(ok.latencyMs)}; counters ` +
      `${JSON.stringify(afterSuccess.counts)} ${countersOk ? 'exact' : 'WRONG'}`,
  );

  // (b) the failures: the pause must follow the crossing within TARGET.pauseSeconds
  let pausedSeenAt = 0;
  let pausedDetail: Rollout | null = null;
  let polls = 0;
  let failuresDoneAt = 0;
  const watching = (async () => {
    while (!pausedSeenAt) {
      if (failuresDoneAt && epochMs() - failuresDoneAt > 30_000) {
        throw new Error('the rollout did not pause within 30 s of the last failure');
      }
      const d = (await api(fleetApi.rolloutDetail, { params: { id: rolloutId } })).body.data;
      polls++;
      if (d.state !== 'running') {
        pausedSeenAt = epochMs();
        pausedDetail = d;
        return;
      }
      await sleep(opts.pollMs);
    }
  })();
  const failedItems = rows.slice(successes);
  const bad = await load.run<AcksAnswer>({
    cmd: 'acks',
    baseUrl,
    items: failedItems.map((r) => item(r, 'Failed')),
    concurrency: opts.ackConcurrency,
  });
  failuresDoneAt = epochMs();
  await watching;
  const failedAnswers = bad.answeredAt.filter((_, i) => bad.status[i] === 200).sort((a, b) => a - b);
  const crossedAt = failedAnswers[crossing - 1];
  if (crossedAt === undefined) throw new Error(`only ${failedAnswers.length} failures were answered 200`);
  const { rows: pausedRows } = await pool.query<{ at: number; crossedDb: number | null; stateNow: string }>(
    `select extract(epoch from r.updated_at) * 1000 as at, r.state as "stateNow",
            (select extract(epoch from rd.decided_at) * 1000 from rollout_devices rd
             where rd.rollout_id = r.id and rd.state = 'failed' order by rd.decided_at offset $2 limit 1) as "crossedDb"
     from rollouts r where r.id = $1`,
    [rolloutId, crossing - 1],
  );
  const paused = pausedRows[0]!;
  const final = (await api(fleetApi.rolloutDetail, { params: { id: rolloutId } })).body.data;
  const failed200 = bad.status.filter((s) => s === 200).length;
  const finalOk =
    final.state === 'paused' &&
    final.counts.succeeded === answered200 &&
    final.counts.failed === failed200 &&
    final.counts.pending === rows.length - answered200 - failed200 &&
    final.stages[0]!.counts.failed === failed200;
  const seenPaused = pausedDetail as Rollout | null;
  const pause = {
    failures: failedItems.length,
    failuresToCross: crossing,
    answered200: failed200,
    failedAcksPerSecond: bench.round(failed200 / ((bad.endedAt - bad.startedAt) / 1000), 0),
    latencyMs: bad.latencyMs,
    errors: bad.errors,
    /** From the answer of the failure that crossed the threshold to GET rollouts/:id answering paused. */
    crossingToSeenPausedSeconds: bench.seconds(pausedSeenAt - crossedAt),
    /** From the same answer to the worker's pause (the rollout row's updated_at, written in the pause's transaction). */
    crossingToPauseWrittenSeconds: bench.seconds(Number(paused.at) - crossedAt),
    /** From the crossing failure's own decided_at (its transaction's start, before its commit): an upper bound. */
    crossingDbToSeenPausedSeconds:
      paused.crossedDb === null ? null : bench.seconds(pausedSeenAt - Number(paused.crossedDb)),
    pausedReason: seenPaused?.pausedReason ?? null,
    countsWhenSeenPaused: seenPaused?.counts ?? null,
    statusPolls: polls,
    workerTickSeconds: TICK_SECONDS,
    met: pausedSeenAt - crossedAt <= TARGET.pauseSeconds * 1000,
  };
  console.log(
    `(2b) ${n(failed200)} Failed acks (${crossing} cross ${opts.failPercent}%): paused ${pause.crossingToSeenPausedSeconds} s ` +
      `after the crossing (written after ${pause.crossingToPauseWrittenSeconds} s; target ≤ ${TARGET.pauseSeconds} s): ` +
      `"${pause.pausedReason}"; final counters ${JSON.stringify(final.counts)} ${finalOk ? 'exact' : 'WRONG'}`,
  );
  if (!countersOk || !finalOk) {
    throw new Error(
      `wrong counters: after the successes ${JSON.stringify(afterSuccess.counts)} (${answered200} answered 200), ` +
        `at the end ${final.state} ${JSON.stringify(final.counts)} (${failed200} failures answered 200)`,
    );
  }
  return {
    acks: {
      devices: rows.length,
      successes,
      answered200,
      concurrency: opts.ackConcurrency,
      seconds: bench.round(okSeconds, 2),
      acksPerSecond: ackRate,
      latencyMs: ok.latencyMs,
      errors: ok.errors,
      cpuPerAck: cpu,
      databaseWaits: waits,
      countersAfter: afterSuccess.counts,
      countersExact: countersOk,
      met: ackRate >= TARGET.acksPerSecond,
    },
    pause: { ...pause, finalCounts: final.counts, finalState: final.state, finalCountersExact: finalOk },
  };
}

// -------------------------------------------------------------------------------------------- (3) the lists

/** --list-devices devices of the customer, --group-share % of them in the group, and a paused rollout to the group. */
async function seedLists(rt: Runtime, api: Api, customerId: string, opts: Options) {
  const pool = bench.unboundedPool(rt.ctx.pool);
  try {
    const t0 = performance.now();
    const group = (await api(fleetApi.groupCreate, { body: { name: 'Big group', family: 'PD' } })).body.data;
    // Enrolled over about a year, one every 30 s.
    const devices = await bench.fillTable(
      pool,
      'devices',
      `insert into devices (customer_id, family, app_name, serial_number, device_name, app_version_code, created_at,
                            enrolled_at, last_seen_at)
       select $1::uuid, 'PD', 'PD', 'BIG-' || lpad(g::text, 7, '0'), 'Tablet ' || g, '412',
              now() - make_interval(secs => ($2::int - g) * 30), now() - make_interval(secs => ($2::int - g) * 30),
              now() - make_interval(secs => g % 86400)
       from generate_series(1, $2::int) g`,
      [customerId, opts.listDevices],
    );
    const profiles = await bench.fillTable(
      pool,
      'profiles',
      `insert into profiles (customer_id, device_id, name, profile_name, app_name, family, group_id, created_at,
                             policy_version, applied_policy_version)
       select customer_id, id, serial_number, device_name, 'PD', 'PD',
              case when substr(serial_number, 5)::int % 100 < $3 then $2::uuid end, created_at, 1, 1
       from devices where customer_id = $1`,
      [customerId, group._id, opts.groupShare],
    );
    // fillTable loads with triggers off (session_replication_role = replica): the group's kept member count is set
    // here as migration 0038 sets it.
    await pool.query(
      `update device_groups g set device_count = (select count(*) from profiles p join devices d on d.id = p.device_id
                                                   where p.group_id = g.id and d.logged_out_at is null)
        where g.id = $1`,
      [group._id],
    );
    const template = (
      await api(fleetApi.templateCreate, {
        body: { name: 'Big template', fromProfileId: await firstProfile(pool, customerId) },
      })
    ).body.data;
    // The group's template in force (PUT groups/:id would apply it to every device: not what is measured here).
    await pool.query('update device_groups set template_id = $2, template_version = $3 where id = $1', [
      group._id,
      template._id,
      template.version,
    ]);
    const { rows: sizeRows } = await pool.query<{ n: number }>(
      'select count(*)::int as n from profiles where group_id = $1',
      [group._id],
    );
    const groupSize = sizeRows[0]!.n;
    const percents = [5, 25, 100];
    const cumulative = percents.map((p) => Math.ceil((groupSize * p) / 100));
    const { rows: rolloutRows } = await pool.query<{ id: string }>(
      `insert into rollouts (customer_id, template_id, version, family, group_id, state, stage_index, stages,
                             failed_percent, min_devices, ack_timeout_seconds, paused_reason, created_by)
       values ($1, $2, $3, 'PD', $4, 'paused', 1, $5::jsonb, 10, 3, 900, $6, 'Customer') returning id`,
      [
        customerId,
        template._id,
        template.version,
        group._id,
        JSON.stringify(
          percents.map((percent, i) => ({
            percent,
            soakSeconds: 3600,
            size: cumulative[i]! - (i === 0 ? 0 : cumulative[i - 1]!),
            startedAt: i < 2 ? new Date().toISOString() : null,
          })),
        ),
        'A bench pause (stage 2 half acknowledged)',
      ],
    );
    const rolloutId = rolloutRows[0]!.id;
    // Stage by the rollout's stable hash (as insertRolloutDevices does); stage 1: 97% succeeded, 3% failed;
    // stage 2: half pending, 2% failed, the rest succeeded; stage 3 waiting.
    const rolloutDevices = await bench.fillTable(
      pool,
      'rollout_devices',
      `insert into rollout_devices (rollout_id, profile_id, stage, state, policy_version, previous_settings,
                                    applied_at, decided_at, message)
       select $1::uuid, id, stage,
              case when stage = 0 then case when rn % 33 = 0 then 'failed' else 'succeeded' end
                   when stage = 1 then case when rn % 2 = 0 then 'pending' when rn % 50 = 1 then 'failed'
                                            else 'succeeded' end
                   else 'waiting' end,
              case when stage < 2 then 2 end, case when stage < 2 then '{}'::jsonb end,
              case when stage < 2 then now() - interval '1 hour' end,
              case when stage < 2 and rn % 2 = 1 then now() - interval '30 minutes' end,
              case when stage < 2 and (rn % 33 = 0 or rn % 50 = 1) then 'Settings could not be applied (bench)' end
       from (
         select id, rn, case when rn <= $2 then 0 when rn <= $3 then 1 else 2 end::smallint as stage
         from (select id, row_number() over (order by md5($5::text || id::text), id) as rn
               from profiles where group_id = $4) ranked
       ) staged`,
      [rolloutId, cumulative[0], cumulative[1], group._id, rolloutId],
    );
    // Loaded with triggers off too: the rollout's kept counts are set as migration 0039 sets them.
    await pool.query(
      `insert into rollout_state_counts (rollout_id, stage, state, n)
       select rollout_id, stage, state, count(*) from rollout_devices where rollout_id = $1 group by 1, 2, 3`,
      [rolloutId],
    );
    await pool.query('vacuum (analyze) devices, profiles, rollout_devices');
    await pool.query('checkpoint').catch(() => undefined);
    const seedMs = performance.now() - t0;
    const { rows: stateRows } = await pool.query<{ state: RolloutDeviceState; n: number }>(
      'select state, count(*)::int as n from rollout_devices where rollout_id = $1 group by state',
      [rolloutId],
    );
    const states = Object.fromEntries(stateRows.map((r) => [r.state, r.n]));
    console.log(
      `(3) seeded ${n(opts.listDevices)} devices, ${n(groupSize)} in the group and its rollout ` +
        `(${JSON.stringify(states)}) in ${bench.seconds(seedMs)} s`,
    );
    return {
      groupId: group._id,
      rolloutId,
      groupSize,
      rolloutStates: states,
      seedSeconds: bench.seconds(seedMs),
      tables: { devices, profiles, rolloutDevices },
    };
  } finally {
    await pool.end();
  }
}

interface ListCase {
  id: string;
  title: string;
  get: () => Promise<{ ms: number; rows: number; problem: string | null }>;
  explain: (ctx: Runtime['ctx']) => Promise<unknown>;
}

async function listsPhase(rt: Runtime, api: Api, customerId: string, opts: Options) {
  const seeded = await seedLists(rt, api, customerId, opts);
  const { groupId, rolloutId } = seeded;
  const groupCase = (sort: 'created_at' | 'name'): ListCase => ({
    id: sort === 'created_at' ? 'group-devices' : 'group-devices-by-name',
    title: `Group's devices (profile/list?groupId=${sort === 'name' ? '&sort=name' : ''}), first page`,
    get: async () => {
      const r = await api(devicesApi.profileList, { query: { groupId, sort } });
      const rows = r.body.data;
      const problem =
        rows.length !== 25
          ? `${rows.length} rows`
          : rows.some((d) => d.group?._id !== groupId)
            ? 'a row of another group'
            : // The group's kept member count (migration 0038): exact, never capped.
              r.body.pagination.total !== seeded.groupSize || (r.body.pagination.totalCapped ?? false)
              ? `total ${r.body.pagination.total} (capped ${r.body.pagination.totalCapped}) for ${seeded.groupSize} devices`
              : null;
      return { ms: r.ms, rows: rows.length, problem };
    },
    explain: (ctx) => profileList(ctx, accountScope(customerId), profileListQuerySchema.parse({ groupId, sort })),
  });
  const rolloutCase = (state?: RolloutDeviceState): ListCase => ({
    id: state ? `rollout-devices-${state}` : 'rollout-devices',
    title: `Rollout's devices (rollouts/:id/devices${state ? `?state=${state}` : ''}), first page`,
    get: async () => {
      const r = await api(fleetApi.rolloutDevices, { params: { id: rolloutId }, query: { state } });
      const rows = r.body.data;
      const inState = state ? (seeded.rolloutStates[state] ?? 0) : seeded.groupSize;
      const expected = Math.min(25, inState);
      const problem =
        rows.length !== expected
          ? `${rows.length} rows, not ${expected}`
          : state && rows.some((d) => d.state !== state)
            ? `a row not ${state}`
            : // The rollout's kept counts (migration 0039): exact.
              r.body.pagination.total !== inState
              ? `total ${r.body.pagination.total}, not ${inState}`
              : null;
      return { ms: r.ms, rows: rows.length, problem };
    },
    explain: (ctx) =>
      listRolloutDevices(ctx, accountScope(customerId), rolloutId, rolloutDevicesQuerySchema.parse({ state })),
  });
  const cases = [
    groupCase('created_at'),
    groupCase('name'),
    rolloutCase(),
    rolloutCase('pending'),
    rolloutCase('succeeded'),
    rolloutCase('failed'),
    rolloutCase('waiting'),
  ];
  const measured = [];
  for (const c of cases) {
    const { latencyMs, problems } = await bench.timeRequests(c.get, opts);
    const statements = await bench.explainStatements(rt.ctx, c.explain);
    measured.push({
      id: c.id,
      title: c.title,
      latencyMs,
      met: latencyMs.p95 <= TARGET.listP95Ms,
      problems,
      statements: statements.map((s) => ({ executionMs: s.executionMs, sql: s.sql, plan: s.plan })),
    });
    console.log(
      `(3) ${c.title}: ${bench.fmtLatency(latencyMs)}; statements ${statements.map((s) => `${bench.round(s.executionMs, 2)} ms`).join(', ')}`,
    );
    for (const p of problems) console.log(`    PROBLEM ${p}`);
  }
  // Not a target of the issue, but the group page's header calls it: GET groups/:id (device and drift counts).
  const groupDetailMs: number[] = [];
  for (let i = 0; i < 3; i++) groupDetailMs.push((await api(fleetApi.groupDetail, { params: { id: groupId } })).ms);
  const groupDetail = summarise(groupDetailMs);
  console.log(`(3) GET groups/:id of the big group (not a target): ${bench.fmtLatency(groupDetail)}`);
  return { ...seeded, cases: measured, groupDetailMs: groupDetail };
}

// ---------------------------------------------------------------------------------------------------- main

async function main() {
  const opts = options();
  const signal = bench.interruptSignal();
  const startedAt = new Date();
  const load: Record<string, number[]> = { start: bench.loadAverage() };
  const { dataDir, baseUrl, config, logger } = await bench.benchInstallation('fd-bench-fleet-');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let rt: Runtime | null = null;
  let loader: LoadProcess | null = null;
  console.log(
    `Fleet benchmark: a stage of ${n(opts.devices)} devices, their acks (${opts.ackConcurrency} in flight), the ` +
      `lists at ${n(opts.listDevices)} devices; load average ${load.start!.join(' / ')}`,
  );
  const result: Record<string, unknown> = {
    benchmark: 'fleet',
    date: startedAt.toISOString(),
    settings: { ...opts, targets: TARGET },
  };
  try {
    const started = await bench.startProduct(config, logger, dataDir);
    rt = started.rt;
    const fetchLocal = loopbackFetch(agent, '127.0.0.1');
    result.machine = await bench.machineWithPostgres(
      rt.ctx.pool,
      'server, workers and PostgreSQL (embedded, default settings) with the bench in one process; the acking devices in a forked one; 2 shared cores',
    );
    result.server = { startSeconds: bench.seconds(started.startMs) };

    if (opts.phases.stage) {
      load.stage = bench.loadAverage();
      const { customer, token } = await bench.benchCustomer(rt, fetchLocal, 'bench-fleet@fleetdeck.local');
      const api = apiCaller(baseUrl, fetchLocal, token);
      const staged = await stagePhase(rt, api, customer.id, opts);
      result.stage = { seedSeconds: staged.seedSeconds, ...staged.stage };
      if (signal.aborted) throw new Error('interrupted');
      if (opts.phases.acks) {
        load.acks = bench.loadAverage();
        loader = new LoadProcess();
        Object.assign(result, await acksPhase(rt, api, loader, { baseUrl, dataDir }, staged.rolloutId, opts));
      }
    }
    if (signal.aborted) throw new Error('interrupted');
    if (opts.phases.lists) {
      load.lists = bench.loadAverage();
      const { customer, token } = await bench.benchCustomer(rt, fetchLocal, 'bench-fleet-lists@fleetdeck.local');
      result.lists = await listsPhase(rt, apiCaller(baseUrl, fetchLocal, token), customer.id, opts);
    }
    load.end = bench.loadAverage();
    result.loadAverage = load;
    const md = markdown(result as unknown as Result);
    console.log(`\n${md}`);
    if (opts.write) await bench.writeResults('fleet', startedAt, result, md);
    const problems = ((result as unknown as Result).lists?.cases ?? []).flatMap((c) =>
      c.problems.map((p) => `${c.id}: ${p}`),
    );
    if (problems.length) throw new Error(`wrong answers:\n${problems.join('\n')}`);
  } finally {
    loader?.stop();
    await bench.teardown(agent, rt, dataDir);
  }
}

// ------------------------------------------------------------------------------------------------- report

type Result = {
  date: string;
  machine: ReturnType<typeof bench.machineFacts> & { postgres: string };
  settings: Options;
  loadAverage: Record<string, number[]>;
  stage?: Awaited<ReturnType<typeof stagePhase>>['stage'] & { seedSeconds: number };
  acks?: Awaited<ReturnType<typeof acksPhase>>['acks'];
  pause?: Awaited<ReturnType<typeof acksPhase>>['pause'];
  lists?: Awaited<ReturnType<typeof listsPhase>>;
};

const verdict = (met: boolean) => (met ? 'met' : '**missed**');

function markdown(r: Result) {
  const load = (k: string) => (r.loadAverage[k] ? r.loadAverage[k].join(' / ') : '–');
  const lines = [
    `# Fleet operations benchmark (${r.date.slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `\`npm run bench -- fleet\` (bench/fleet.ts) on ${r.machine.cpus} × ${r.machine.cpuModel} (shared machine), ` +
      `node ${r.machine.node}, PostgreSQL ${r.machine.postgres} (embedded, default settings). Load average ` +
      `(1 / 5 / 15 min) at start ${load('start')}, at the end ${load('end')}.`,
    'The real server and its pg-boss workers in the bench process; the acking devices in a forked process ' +
      '(bench/device-load.ts); all over loopback HTTP.',
    '',
    '| Measure | Result | Target | |',
    '|---|---|---|---|',
  ];
  if (r.stage) {
    lines.push(
      `| A stage of ${n(r.stage.devices)} devices: from POST rollouts until every device's new policy version is ` +
        `written and its wake-up sent | **${r.stage.seconds} s** (written ${r.stage.allWrittenSeconds} s, ` +
        `woken ${r.stage.allWokenSeconds} s; the POST answered in ${r.stage.rolloutAnswerMs} ms) | ≤ ${TARGET.stageSeconds} s | ${verdict(r.stage.met)} |`,
    );
  }
  if (r.acks) {
    lines.push(
      `| Acks during the rollout (${n(r.acks.answered200)} Success, ${r.acks.concurrency} in flight), counters ` +
        `${r.acks.countersExact ? 'exact' : 'WRONG'} | **${n(r.acks.acksPerSecond)} acks/s** (${r.acks.seconds} s; ` +
        `p50 ${r.acks.latencyMs.p50} ms, p95 ${r.acks.latencyMs.p95} ms) | ≥ ${n(TARGET.acksPerSecond)}/s | ${verdict(r.acks.met)} |`,
    );
  }
  if (r.pause) {
    lines.push(
      `| Pause after the threshold is crossed (failure ${r.pause.failuresToCross} of ${n(r.pause.failures)} sent at ` +
        `${n(r.pause.failedAcksPerSecond)}/s) until GET rollouts/:id answers paused | **${r.pause.crossingToSeenPausedSeconds} s** ` +
        `(written by the worker after ${r.pause.crossingToPauseWrittenSeconds} s) | ≤ ${TARGET.pauseSeconds} s | ${verdict(r.pause.met)} |`,
    );
  }
  for (const c of r.lists?.cases ?? []) {
    lines.push(
      `| ${c.title} at ${n(r.settings.listDevices)} devices | **p95 ${c.latencyMs.p95} ms** (p50 ${c.latencyMs.p50}, ` +
        `p99 ${c.latencyMs.p99}, max ${c.latencyMs.max}, n=${c.latencyMs.count}) | p95 ≤ ${TARGET.listP95Ms} ms | ${verdict(c.met)} |`,
    );
  }
  lines.push('');
  if (r.stage) {
    lines.push(
      `**Stage** (load average ${load('stage')}): ${n(r.stage.devices)} seeded devices (one SQL statement per table, ` +
        `${r.stage.seedSeconds} s with the template and group made over HTTP) in one group; a rollout with one 100% ` +
        'stage started over HTTP; the `rollouts.advance` job applies the stage in one transaction (apply.ts) whose ' +
        '`device_wake` NOTIFYs are delivered at its commit. "Written": every profile holds the policy version its ' +
        'rollout row names (sampled every 20 ms); "woken": every device id heard on a LISTEN connection like an API ' +
        `process's (${r.stage.wakeNotifications} payloads). Progress (ms → written/woken): ` +
        r.stage.samples.map((s) => `${s.ms}→${s.written}/${s.woken}`).join(', ') +
        '. Database backends meanwhile (pg_stat_activity at each sample: wait event or CPU | statement):',
      '',
      ...Object.entries(r.stage.databaseWaits).map(([what, k]) => `- ${k} × \`${what.replaceAll('`', "'")}\``),
      '',
    );
  }
  if (r.acks && r.pause) {
    lines.push(
      `**Acks** (load average ${load('acks')}): \`POST policy/ack\` with each device's token, ${r.acks.concurrency} in ` +
        `flight, one per device (the device API's per-device limit allows 60 a minute), each device having fetched ` +
        '`GET policy` before (untimed, as a woken device does; its token is then in the device cache). Acks that ' +
        'arrive together are written by one transaction (ack-batch.ts). CPU per ack: server ' +
        `${r.acks.cpuPerAck.serverMs} ms, PostgreSQL ${r.acks.cpuPerAck.postgresMs} ms, the load process ` +
        `${r.acks.cpuPerAck.generatorMs} ms. ` +
        `Counters after the successes: ${JSON.stringify(r.acks.countersAfter)}${r.acks.errors.length ? `; errors: ${r.acks.errors.join('; ')}` : ''}. ` +
        'Database backends during the acks (pg_stat_activity every 100 ms: wait event or CPU | statement):',
      '',
      ...Object.entries(r.acks.databaseWaits).map(([what, k]) => `- ${k} × \`${what.replaceAll('`', "'")}\``),
      '',
      `**Pause** (rule: ${r.settings.failPercent}% failed of at least ${MIN_DEVICES} decided): the remaining devices answer Failed; the ` +
        `${r.pause.failuresToCross}th failure crosses the rule. Measured from the arrival of that failure's answer ` +
        `(its commit) to the first GET rollouts/:id (every ${r.settings.pollMs} ms, ${r.pause.statusPolls} polls) ` +
        `answering paused; from the failure's own decided_at (its transaction's start) ${r.pause.crossingDbToSeenPausedSeconds ?? '–'} s. ` +
        `The worker looks every ${r.pause.workerTickSeconds} s while devices are pending (rollouts-jobs.ts TICK_SECONDS, ` +
        `pg-boss polling 0.5 s). Reason shown: "${r.pause.pausedReason}". Final state ${r.pause.finalState}, counters ` +
        `${JSON.stringify(r.pause.finalCounts)} (${r.pause.finalCountersExact ? 'exact: every answer counted once' : 'WRONG'}).`,
      '',
    );
  }
  if (r.lists) {
    const l = r.lists;
    lines.push(
      `**Lists** (load average ${load('lists')}): ${n(r.settings.listDevices)} devices of one customer seeded with ` +
        `INSERT … SELECT generate_series (indexes dropped and built again), ${n(l.groupSize)} (${r.settings.groupShare}%) ` +
        `in one group with a template, and a paused rollout to that group (${JSON.stringify(l.rolloutStates)}); ` +
        `seeded in ${l.seedSeconds} s, then VACUUM (ANALYZE). One request at a time, ${r.settings.warmup} untimed then ` +
        `${r.settings.requests} timed per case (sent → whole body), page size 25, every answer checked ` +
        "(rows, group, state, and the exact total: the group's and the rollout's kept counts, migrations 0038 and 0039).",
      '',
      '| case | p50 | p95 | p99 | max | statements (EXPLAIN ANALYZE execution, ms) |',
      '|---|---:|---:|---:|---:|---|',
      ...l.cases.map(
        (c) =>
          `| ${c.title} | ${c.latencyMs.p50} | ${c.latencyMs.p95} | ${c.latencyMs.p99} | ${c.latencyMs.max} | ` +
          `${c.statements.map((s) => bench.round(s.executionMs, 2)).join(', ')} |`,
      ),
      '',
    );
    lines.push(
      `Not a target: the group page's header, GET groups/:id of that group (its device count and drift count over ` +
        `every member), 3 requests: ${bench.fmtLatency(l.groupDetailMs)}.`,
      '',
    );
    const problems = l.cases.flatMap((c) => c.problems.map((p) => `${c.id}: ${p}`));
    if (problems.length) lines.push(`**Wrong answers:** ${problems.join('; ')}`, '');
    for (const c of l.cases.filter((x) => !x.met)) {
      lines.push(`Plans of "${c.title}" (p95 over the target):`, '');
      for (const s of c.statements) lines.push('```', s.sql, '', s.plan, '```', '');
    }
  }
  return lines.join('\n');
}

bench.runBenchmark(main);
