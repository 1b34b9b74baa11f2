/**
 * An API key's cost per request (issue 28, DECISIONS §13; target: ≤ 10% more than a session): `GET profile/list`
 * with a session and with an API key, in the same run on the same account, interleaved in rounds so the machine's
 * other work weighs on both alike. A key's request makes one statement that finds the key, counts the request in its
 * per-minute counter (an upsert in `rate_limit_counters`) and touches `last_used_at` at most once a minute; a session's
 * is one prepared read. The key's limit is raised for the run (600 a minute would refuse the benchmark itself).
 *
 *   npm run bench -- api-keys [--requests 2000] [--rounds 4]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { apiKeysApi, devicesApi } from '@fleetdeck/contract';
import { summarise } from '@fleetdeck/device-sim';
import { apiCaller, loopbackFetch } from './http.ts';
import * as bench from './support.ts';
import type { Runtime } from '../apps/api/src/runtime.ts';

const { values: args } = parseArgs({
  options: { requests: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '4' } },
});
const opts = {
  requests: bench.intOption('requests', args.requests, 10, 1_000_000),
  rounds: bench.intOption('rounds', args.rounds, 1, 100),
};
/** A key's request may cost at most this much more than a session's (p50). */
const TARGET_RATIO = 1.1;

bench.runBenchmark(async () => {
  const startedAt = new Date();
  const loadAtStart = bench.loadAverage();
  const { dataDir, baseUrl, config, logger } = await bench.benchInstallation('fd-bench-apikeys-');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let rt: Runtime | null = null;
  try {
    rt = (await bench.startProduct(config, logger, dataDir)).rt;
    const customerFetch = loopbackFetch(agent, '127.0.0.1');
    const { customer, token } = await bench.benchCustomer(rt, customerFetch, 'bench-api-keys@fleetdeck.local');
    const created = await apiCaller(
      baseUrl,
      customerFetch,
      token,
    )(apiKeysApi.apiKeyCreate, {
      body: { name: 'Bench', scopes: ['devices:read'] },
    });
    const key = created.body.data.key;
    await rt.ctx.db.execute(sql`update api_keys set rate_limit = 1000000000 where customer_id = ${customer.id}`);

    const callers = {
      session: apiCaller(baseUrl, customerFetch, token),
      key: apiCaller(baseUrl, customerFetch, `Bearer ${key}`),
    };
    const samples = { session: [] as number[], key: [] as number[] };
    const roundP50s = { session: [] as number[], key: [] as number[] };
    const perRound = Math.ceil(opts.requests / opts.rounds);
    for (let round = 0; round < opts.rounds; round++) {
      for (const kind of round % 2 === 0 ? (['session', 'key'] as const) : (['key', 'session'] as const)) {
        const times: number[] = [];
        for (let i = -(round === 0 ? 200 : 20); i < perRound; i++) {
          const { ms, body } = await callers[kind](devicesApi.profileList, { query: {} });
          if (!Array.isArray(body.data)) throw new Error(`${kind}: no list in the answer`);
          if (i >= 0) times.push(ms);
        }
        samples[kind].push(...times);
        roundP50s[kind].push(summarise(times).p50);
      }
    }
    const session = summarise(samples.session);
    const keyed = summarise(samples.key);
    const ratio = { p50: bench.round(keyed.p50 / session.p50, 3), p95: bench.round(keyed.p95 / session.p95, 3) };
    const pass = ratio.p50 <= TARGET_RATIO;
    console.log(`session: ${bench.fmtLatency(session)}; rounds' p50 ${roundP50s.session.join(', ')} ms`);
    console.log(`API key: ${bench.fmtLatency(keyed)}; rounds' p50 ${roundP50s.key.join(', ')} ms`);
    console.log(
      `API key / session: p50 ×${ratio.p50}, p95 ×${ratio.p95} (target p50 ≤ ×${TARGET_RATIO}): ${pass ? 'met' : 'NOT met'}`,
    );
    const machine = await bench.machineWithPostgres(rt.ctx.pool, 'shared machine (other sessions running)');
    const loadAtEnd = bench.loadAverage();
    const result = {
      startedAt,
      machine,
      loadAverage: { start: loadAtStart, end: loadAtEnd },
      options: opts,
      endpoint: `${devicesApi.profileList.method} ${devicesApi.profileList.path}`,
      session,
      apiKey: keyed,
      roundP50s,
      ratio,
      targetRatio: TARGET_RATIO,
      pass,
    };
    const md = [
      '# API key vs session: `GET profile/list`',
      '',
      `${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${machine.node} · PostgreSQL ${machine.postgres} · ` +
        `${machine.cpus} CPUs (${machine.cpuModel}, shared) · load ${loadAtStart.join(' ')} at start, ${loadAtEnd.join(' ')} at the end`,
      '',
      'Produced by `npm run bench -- api-keys` (bench/api-keys.ts): the real product in-process on the embedded ' +
        `PostgreSQL, one account (no devices: the list is empty, so authentication is most of each request's work, the ` +
        `worst case for the ratio), ${opts.requests} requests of each kind one at a time over one keep-alive loopback ` +
        `socket, in ${opts.rounds} interleaved rounds (order alternating). A key's request finds the key, counts itself ` +
        "in its per-minute counter and touches `last_used_at` (at most once a minute) in one statement; the key's limit " +
        'was raised for the run.',
      '',
      `Target: a key's request costs ≤ ${Math.round((TARGET_RATIO - 1) * 100)}% more than a session's (p50). ` +
        `**${pass ? 'Met' : 'Not met'}**: ×${ratio.p50} at p50, ×${ratio.p95} at p95.`,
      '',
      "| authentication | p50 | p95 | p99 | max | n | rounds' p50 |",
      '|---|---:|---:|---:|---:|---:|---|',
      `| session | ${session.p50} ms | ${session.p95} ms | ${session.p99} ms | ${session.max} ms | ${session.count} | ${roundP50s.session.join(', ')} |`,
      `| API key | ${keyed.p50} ms | ${keyed.p95} ms | ${keyed.p99} ms | ${keyed.max} ms | ${keyed.count} | ${roundP50s.key.join(', ')} |`,
      '',
    ].join('\n');
    await bench.writeResults('api-keys', startedAt, result, md);
  } finally {
    await bench.teardown(agent, rt, dataDir);
  }
});
