/**
 * `npm run bench -- webhooks`: the webhook dispatcher (DECISIONS §13, issue 28).
 *
 * Starts the real product in this process (embedded PostgreSQL in a throwaway DATA_DIR, its pg-boss workers) with
 * WEBHOOK_ALLOW_PRIVATE_URLS on, and two receivers on 127.0.0.1 (node:http, in this process): one answering 200, one
 * answering 500. One customer has an endpoint on each, both subscribed to the measured event. First --retries (5,000)
 * events only the 500 endpoint takes are sent and fail once; their retries are all made due at once, so the retry sweep
 * runs flat out during the measurement. Then --events events (10,000) are emitted as the product emits them
 * (`emitWebhookEvents` in transactions of --batch events, the dispatcher queued after each commit). Measured on the 200 endpoint: events delivered per second (first
 * emit to last arrival) and each event's latency (emit commit → arrival); and the retries sent meanwhile.
 * Writes bench/results/webhooks-<date>.json and bench/results/latest-webhooks.md.
 *
 * Options: --events 10000 --batch 500 --retries 5000 --no-write
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { webhookEndpointsApi } from '@fleetdeck/contract';
import { summarise } from '@fleetdeck/device-sim';
import type { Runtime } from '../apps/api/src/runtime.ts';
import { inTransaction } from '../apps/api/src/context.ts';
import { emitWebhookEvents } from '../apps/api/src/modules/webhook-endpoints/events.ts';
import { apiCaller, loopbackFetch } from './http.ts';
import * as bench from './support.ts';

const TARGET = { eventsPerSecond: 500 } as const;

function options() {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '10000' },
      batch: { type: 'string', default: '500' },
      retries: { type: 'string', default: '5000' },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log('npm run bench -- webhooks [--events 10000] [--batch 500] [--retries 5000] [--no-write]');
    process.exit(0);
  }
  return {
    events: bench.intOption('events', values.events, 100, 1_000_000),
    batch: bench.intOption('batch', values.batch, 1, 1000),
    retries: bench.intOption('retries', values.retries, 0, 1_000_000),
    write: !values['no-write'],
  };
}

/** A receiver answering `status`, calling `onEvent` with the event's sequence number and the arrival time. */
async function receiver(status: number, onEvent: (seq: number, at: number) => void) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { seq: number } };
      onEvent(body.data.seq, performance.now());
      res.writeHead(status).end(status === 200 ? 'ok' : 'failing on purpose');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

async function main() {
  const opts = options();
  const startedAt = new Date();
  const { dataDir, baseUrl, config, logger } = await bench.benchInstallation('fd-bench-webhooks-');
  config.webhookAllowPrivateUrls = true;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let rt: Runtime | null = null;
  const emittedAt = new Map<number, number>();
  const arrivedAt = new Map<number, number>();
  let failingHits = 0;
  const good = await receiver(200, (seq, at) => {
    if (!arrivedAt.has(seq)) arrivedAt.set(seq, at);
  });
  const bad = await receiver(500, () => failingHits++);
  const load: Record<string, number[]> = { start: bench.loadAverage() };
  try {
    const started = await bench.startProduct(config, logger, dataDir);
    rt = started.rt;
    const { ctx } = rt;
    const fetchLocal = loopbackFetch(agent, '127.0.0.1');
    const { customer, token } = await bench.benchCustomer(rt, fetchLocal, 'bench-webhooks@fleetdeck.local');
    const api = apiCaller(baseUrl, fetchLocal, token);
    await api(webhookEndpointsApi.webhookCreate, { body: { url: good.url, events: ['command.succeeded'] } });
    await api(webhookEndpointsApi.webhookCreate, {
      body: { url: bad.url, events: ['command.succeeded', 'command.failed'] },
    });
    console.log(
      `Webhooks benchmark: ${opts.events} events to a 200 endpoint and a 500 endpoint, while ${opts.retries} retries ` +
        'to the 500 endpoint are due',
    );

    // The retry backlog: events only the 500 endpoint takes; once each first try failed, every retry is made due now.
    const backlog = Array.from({ length: opts.retries }, (_, i) => i);
    for (let i = 0; i < backlog.length; i += opts.batch) {
      await inTransaction(ctx.db, (tx, afterCommit) =>
        emitWebhookEvents(
          ctx,
          tx,
          backlog
            .slice(i, i + opts.batch)
            .map((n) => ({ customerId: customer.id, type: 'command.failed' as const, data: { seq: -1 - n } })),
          afterCommit,
        ),
      );
    }
    const backlogDeadline = Date.now() + 120_000;
    while (failingHits < opts.retries && Date.now() < backlogDeadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500));
    const due = await ctx.pool.query(
      `update webhook_deliveries set next_retry_at = now() where state = 'pending' and attempts > 0`,
    );
    const retriesMadeDue = due.rowCount ?? 0;
    const hitsBefore = failingHits;

    const first = performance.now();
    for (let seq = 0; seq < opts.events; seq += opts.batch) {
      const seqs = Array.from({ length: Math.min(opts.batch, opts.events - seq) }, (_, i) => seq + i);
      await inTransaction(ctx.db, (tx, afterCommit) =>
        emitWebhookEvents(
          ctx,
          tx,
          seqs.map((s) => ({ customerId: customer.id, type: 'command.succeeded' as const, data: { seq: s } })),
          afterCommit,
        ),
      );
      const now = performance.now();
      for (const s of seqs) emittedAt.set(s, now);
    }
    const emitSeconds = bench.seconds(performance.now() - first);
    load.run = bench.loadAverage();
    const deadline = Date.now() + 120_000;
    while (arrivedAt.size < opts.events && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (arrivedAt.size < opts.events) throw new Error(`only ${arrivedAt.size} of ${opts.events} events arrived`);
    const last = Math.max(...arrivedAt.values());
    const failingDuringRun = failingHits - hitsBefore;
    const seconds = (last - first) / 1000;
    const perSecond = Math.round(opts.events / seconds);
    const latency = summarise([...arrivedAt].map(([seq, at]) => Math.max(0, Math.round(at - emittedAt.get(seq)!))));
    const states = await ctx.pool.query<{ state: string; attempts: number; n: number }>(
      `select state, attempts, count(*)::int as n from webhook_deliveries group by 1, 2 order by 1, 2`,
    );
    const result = {
      benchmark: 'webhooks',
      date: startedAt.toISOString(),
      settings: { ...opts, targets: TARGET },
      machine: await bench.machineWithPostgres(
        ctx.pool,
        'server, workers, PostgreSQL (embedded, default settings), the two receivers and the emitter in one process; 2 shared cores',
      ),
      load,
      emitSeconds,
      delivered: {
        events: opts.events,
        seconds: bench.round(seconds, 2),
        perSecond,
        met: perSecond >= TARGET.eventsPerSecond,
      },
      latencyMs: latency,
      failingEndpoint: { requestsDuringRun: failingDuringRun, retriesMadeDue },
      deliveryStates: states.rows,
    };
    console.log(
      `Delivered ${opts.events} events in ${result.delivered.seconds} s: ${perSecond}/s (target ≥ ${TARGET.eventsPerSecond}/s); ` +
        `latency ${bench.fmtLatency(latency)}; meanwhile the 500 endpoint got ${failingDuringRun} requests ` +
        `(${retriesMadeDue} retries were due at the start)`,
    );
    const md = [
      `# Webhooks benchmark (${startedAt.toISOString().slice(0, 10)})`,
      '',
      '| What | Result | Target | Met |',
      '|---|---|---|---|',
      `| ${opts.events} events to a 200 endpoint while a 500 endpoint's retries run | **${perSecond} events/s** ` +
        `(${result.delivered.seconds} s from the first emit to the last arrival) | ≥ ${TARGET.eventsPerSecond}/s | ` +
        `${result.delivered.met ? 'yes' : 'NO'} |`,
      `| Latency of a fresh event (emit commit → arrival) | ${bench.fmtLatency(latency)} | — | — |`,
      '',
      `Events emitted as the product does (\`emitWebhookEvents\`, ${opts.batch} per transaction, the dispatcher queued ` +
        `after each commit) in ${emitSeconds} s. Before them, ${opts.retries} events only the 500 endpoint takes were ` +
        `sent and failed once, and their ${retriesMadeDue} retries were all made due at once: during the run the 500 ` +
        `endpoint received ${failingDuringRun} requests (each measured event's first try in the fresh lane, and the ` +
        `sweep's retries in the retry lane). Load average ${load.start!.join(' / ')} at the start, ` +
        `${load.run!.join(' / ')} after the emits. Everything (server, workers, PostgreSQL, receivers, emitter) on one ` +
        'machine of 2 shared cores.',
      '',
      'Deliveries by state and attempts at the end:',
      '',
      ...states.rows.map((r) => `- ${r.state}, ${r.attempts} attempt(s): ${r.n}`),
      '',
    ].join('\n');
    if (opts.write) await bench.writeResults('webhooks', startedAt, result, md);
    if (!result.delivered.met)
      throw new Error(`${perSecond} events/s is under the target of ${TARGET.eventsPerSecond}/s`);
  } finally {
    good.server.closeAllConnections();
    bad.server.closeAllConnections();
    good.server.close();
    bad.server.close();
    await bench.teardown(agent, rt, dataDir);
  }
}

bench.runBenchmark(main);
