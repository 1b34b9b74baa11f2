import { MAX_MESSAGES_PER_POLL } from './modules/policy/service.ts';
import type { Agent } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import { startupWarnings, type Config } from './config.ts';
import type { AppContext } from './context.ts';
import { DB_STATEMENT_TIMEOUT_MS, createDb, createPool, runMigrations } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { startQueue } from './jobs/queue.ts';
import { startWorkers } from './jobs/workers.ts';
import { setPasswordHashCost } from './lib/crypto.ts';
import { loadSecrets } from './lib/secrets.ts';
import { seedCatalogue } from './modules/catalogue/seed.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { createPushSender, readServiceAccount } from './modules/policy/push.ts';
import { createWakeupHub } from './modules/policy/wakeup.ts';
import { DEVICE_CACHE_CHANNEL, createDeviceHotPath } from './modules/devices/hot-path.ts';
import { bootstrapStaff } from './modules/staff/bootstrap.ts';
import { startStaffWorkers } from './modules/staff/workers.ts';

/** How long a stop lets requests in flight finish before it cuts the remaining connections. */
export const SHUTDOWN_GRACE_MS = 5_000;

export interface Runtime {
  ctx: AppContext;
  app: FastifyInstance | null;
  url: string | null;
  stop(): Promise<void>;
}

/**
 * Start-up order of every process: database (embedded unless DATABASE_URL), migrations, keys,
 * catalogue, first staff account, job queue, workers (ROLE all|worker), device wake-up listener and HTTP
 * (ROLE all|api). Stop: open long-polls answer, HTTP closes, the listener, jobs, then the database.
 */
export async function startRuntime(
  config: Config,
  logger: Logger,
  opts: { listen?: boolean; serveWeb?: boolean; mailer?: Mailer; pushAgent?: Agent } = {},
): Promise<Runtime> {
  // A wrong FCM_CREDENTIALS file stops start-up before anything starts.
  if (config.fcmCredentials) readServiceAccount(config.fcmCredentials);
  setPasswordHashCost(config.passwordHashCost);
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
    databaseUrl = embedded.url;
  }
  const pool = createPool(databaseUrl, config.dbPoolSize, {
    statementTimeoutMs: DB_STATEMENT_TIMEOUT_MS,
  });
  const wakeups = createWakeupHub({ connectionString: databaseUrl, logger });
  // The caches believe only what notifications can revoke: nothing is cached while the LISTEN connection is down.
  const hot = createDeviceHotPath({
    pool,
    logger,
    live: () => wakeups.listening,
    maxMessagesPerPoll: MAX_MESSAGES_PER_POLL,
  });
  wakeups.subscribe(
    DEVICE_CACHE_CHANNEL,
    (payload) => hot.cache.invalidate(payload),
    () => hot.cache.clear(),
  );
  const cleanup = async () => {
    await hot.status.stop();
    await wakeups.stop();
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
  };
  try {
    await pool.query('select 1');
    await runMigrations(pool);
    const db = createDb(pool);
    const secrets = await loadSecrets(db);
    await seedCatalogue(db, config.productName, config.apkBaseUrl);
    await bootstrapStaff(db, config, logger);

    const runsWorkers = config.role !== 'api';
    const { boss, queue, drain } = await startQueue(pool, logger, {
      supervise: runsWorkers,
      pollSeconds: config.jobPollSeconds,
    });
    const ctx: AppContext = { config, pool, db, logger, secrets, queue, wakeups, hot };
    const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
    for (const warning of startupWarnings(config)) logger.warn(warning);
    // Push wake-ups are sent by the workers only (one tickle per change, whichever API process made it).
    const push = runsWorkers ? createPushSender(config, logger, { httpAgent: opts.pushAgent }) : null;
    if (runsWorkers) {
      await startWorkers(ctx, boss, mailer, push);
      await startStaffWorkers(ctx, boss);
    }

    let app: FastifyInstance | null = null;
    let url: string | null = null;
    if (config.role !== 'worker') {
      await wakeups.start();
      hot.status.start();
      app = await buildApp(ctx, { serveWeb: opts.serveWeb ?? true });
      if (opts.listen ?? true) {
        url = await app.listen({ port: config.port, host: config.host });
      } else {
        await app.ready();
      }
    }

    let stopped = false;
    return {
      ctx,
      app,
      url,
      async stop() {
        if (stopped) return;
        stopped = true;
        wakeups.drain();
        if (app) {
          // Requests in flight get a grace period; then sockets that never sent a request (pre-connects, clients
          // that went away) are cut, so a stop never waits for Node's 60 s header timeout.
          const closing = app.close();
          const cut = setTimeout(() => app?.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
          cut.unref();
          await closing;
          clearTimeout(cut);
        }
        // The last status reports of the devices are written before anything closes (never lost on a clean stop).
        await hot.status.stop();
        await wakeups.stop();
        await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
        await drain();
        await push?.close();
        mailer.close();
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
