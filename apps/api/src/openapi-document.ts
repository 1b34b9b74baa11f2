import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { createDb, createPool } from './db/client.ts';
import { createLogger } from './logger.ts';
import { createDeviceHotPath } from './modules/devices/hot-path.ts';
import { MAX_MESSAGES_PER_POLL } from './modules/policy/service.ts';
import { createWakeupHub } from './modules/policy/wakeup.ts';

/**
 * The application built without a database, for what needs only its routes: the OpenAPI document (`npm run openapi`)
 * and the API docs page. Building the routes never queries the database: the pool is created and never connects (a
 * call that would query it fails). The configuration is the defaults, not the shell's environment, so the document is
 * the same on every machine (CI checks the committed one is up to date).
 */
export async function appWithoutDatabase(env: Record<string, string> = {}): Promise<{
  app: FastifyInstance;
  close: () => Promise<void>;
}> {
  const databaseUrl = 'postgres://nobody@127.0.0.1:1/never-connected';
  const config = loadConfig({ DATABASE_URL: databaseUrl, ...env });
  const logger = createLogger('warn');
  const pool = createPool(databaseUrl);
  const ctx = {
    config,
    pool,
    db: createDb(pool),
    logger,
    wakeups: createWakeupHub({ connectionString: databaseUrl, logger }),
    hot: createDeviceHotPath({ pool, logger, live: () => false, maxMessagesPerPoll: MAX_MESSAGES_PER_POLL }),
  } as Partial<AppContext> as AppContext;
  const app = await buildApp(ctx, { serveWeb: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}

/** The OpenAPI document the application serves at `/api/docs/json`. */
export async function openApiDocument(): Promise<unknown> {
  const { app, close } = await appWithoutDatabase();
  try {
    return app.swagger();
  } finally {
    await close();
  }
}
