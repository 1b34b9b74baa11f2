import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context.ts';
import { sha256 } from '../lib/crypto.ts';

/**
 * `GET /metrics` (issue 14, item 5): Prometheus text format, served only with `authorization: Bearer <METRICS_TOKEN>`
 * (a missing or wrong token answers 401); without METRICS_TOKEN the endpoint is off and answers 404.
 *
 * - `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route}` for every route
 *   (the route's template, never the raw URL: ids do not explode the label set);
 * - the device hot path: long-polls held, wake-ups delivered, polls refused by the cap, token and ETag cache
 *   hits and misses, coalesced status writes and their backlog;
 * - the job queue: jobs waiting and the age of the oldest, per queue (pg-boss, read at scrape time);
 * - the database pool: connections open, idle and requests waiting for one;
 * - Node's defaults (`process_resident_memory_bytes`, event-loop lag, heap…).
 *
 * One registry per app (tests build several apps in one process).
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext) {
  const token = ctx.config.metricsToken;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // The labelled series of each (method, route, status), looked up once: labelling hashes its labels on every call,
  // and a broadcast answers 20,000 polls at once (issue 14).
  const counted = new Map<string, { inc(): void }>();
  const timed = new Map<string, { observe(v: number): void }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    const status = reply.statusCode;
    // A long-poll's time is its wait, not its work: kept out of the latency histogram.
    if (route !== '/api/v1/device/events') {
      const key = `${method} ${route}`;
      let h = timed.get(key);
      if (!h) timed.set(key, (h = latency.labels({ method, route })));
      h.observe(reply.elapsedTime / 1000);
    }
    const key = `${method} ${route} ${status}`;
    let c = counted.get(key);
    if (!c) counted.set(key, (c = requests.labels({ method, route, status: String(status) })));
    c.inc();
    done();
  });

  const { wakeups, hot, pool } = ctx;
  new Gauge({
    name: 'fleetdeck_long_polls_held',
    help: 'Device long-polls (GET events) this process holds open now',
    registers: [registry],
    collect() {
      this.set(wakeups.waiterCount());
    },
  });
  new Gauge({
    name: 'fleetdeck_long_polls_max',
    help: 'Cap of open long-polls per process (MAX_LONG_POLLS); beyond it polls answer at once',
    registers: [registry],
    collect() {
      this.set(ctx.config.maxLongPolls);
    },
  });
  /** A counter read from a running total kept elsewhere. */
  const total = (name: string, help: string, read: () => number) => {
    let last = 0;
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const now = read();
        if (now > last) this.inc(now - last);
        last = now;
      },
    });
  };
  total('fleetdeck_device_wakeups_total', 'Long-polls woken by a notification', () => wakeups.wakeupsDelivered);
  total('fleetdeck_long_polls_over_cap_total', 'Polls answered at once because the cap was reached', () => {
    return wakeups.pollsOverCap;
  });
  total('fleetdeck_long_poll_reads_total', 'Statements reading what woken long-polls get (batched)', () => {
    return hot.events.batches;
  });
  total('fleetdeck_long_poll_reads_polls_total', 'Long-polls answered by those statements', () => hot.events.polls);
  const c = hot.counters;
  total('fleetdeck_device_token_cache_hits_total', 'Device tokens answered from the cache', () => c.authHits);
  total('fleetdeck_device_token_cache_misses_total', 'Device tokens looked up in the database', () => c.authMisses);
  total('fleetdeck_policy_etag_cache_hits_total', 'GET policy ETags answered from the cache', () => c.etagHits);
  total('fleetdeck_policy_etag_cache_misses_total', 'GET policy ETags read from the database', () => c.etagMisses);
  total('fleetdeck_device_cache_invalidations_total', 'device_cache notifications heard', () => c.invalidations);
  total('fleetdeck_device_status_writes_total', 'Coalesced device status UPDATE statements', () => c.statusWrites);
  total('fleetdeck_device_status_rows_written_total', 'Device rows those statements changed', () => {
    return c.statusRowsWritten;
  });
  total('fleetdeck_device_status_write_errors_total', 'Failed coalesced status writes (retried)', () => {
    return c.statusWriteErrors;
  });
  new Gauge({
    name: 'fleetdeck_device_status_backlog',
    help: 'Devices whose status waits for the next coalesced write',
    registers: [registry],
    collect() {
      this.set(hot.status.backlog);
    },
  });

  new Gauge({
    name: 'fleetdeck_db_pool_connections',
    help: 'Database pool: connections open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  const depth = new Gauge({
    name: 'fleetdeck_job_queue_depth',
    help: 'Jobs waiting to run (created or retry), by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const age = new Gauge({
    name: 'fleetdeck_job_queue_oldest_age_seconds',
    help: 'Age of the oldest job waiting to run, by queue (0: none waiting)',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const readQueues = async () => {
    const { rows } = await pool.query<{ name: string; waiting: string; age: number | null }>(
      `select name, count(*) as waiting, extract(epoch from now() - min(created_on))::float8 as age
       from pgboss.job where state in ('created', 'retry') and start_after <= now() group by name`,
    );
    depth.reset();
    age.reset();
    for (const r of rows) {
      depth.set({ queue: r.name }, Number(r.waiting));
      age.set({ queue: r.name }, r.age ?? 0);
    }
  };

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!token) {
      return reply.code(404).send({ respones_msg: 'Not found.', code: 'E_NOT_FOUND' });
    }
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
    if (!match?.[1] || !timingSafeEqual(Buffer.from(sha256(match[1]), 'hex'), Buffer.from(sha256(token), 'hex'))) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({
        respones_msg: 'Send the metrics token as "authorization: Bearer <METRICS_TOKEN>".',
        code: 'E_UNAUTHORIZED',
      });
    }
    try {
      await readQueues();
    } catch (err) {
      ctx.logger.warn({ err: (err as Error).message }, 'metrics: job queue not read');
    }
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
  return registry;
}
