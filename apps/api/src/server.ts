import { loadConfigOrExit } from './config.ts';
import { createLogger } from './logger.ts';
import { recordRunningServer } from './running-server.ts';
import { startRuntime } from './runtime.ts';
import { startupFailureMessage } from './startup-errors.ts';

/** Starts the product: `npm start` runs this. Everything else lives in runtime.ts and app.ts. */
async function main() {
  const config = loadConfigOrExit('Fix the environment and start again.\n');
  const logger = createLogger(config.logLevel);
  const started = Date.now();
  // A failure start-up did not expect (an 'error' event nobody listens to) ends it with a sentence too.
  const onCrash = (err: unknown) => fail(err);
  const fail = (err: unknown): never => {
    logger.fatal(config.logLevel === 'debug' || config.logLevel === 'trace' ? { err } : {}, 'start-up failed');
    process.stderr.write(`\n${startupFailureMessage(err, config)}\n`);
    process.exit(1);
  };
  process.once('uncaughtException', onCrash);
  let runtime: Awaited<ReturnType<typeof startRuntime>>;
  try {
    runtime = await startRuntime(config, logger);
  } catch (err) {
    return fail(err);
  }
  process.off('uncaughtException', onCrash);
  const readyMs = Date.now() - started;
  let forget = async () => undefined as void;
  if (runtime.url) {
    logger.info({ readyMs }, `${config.productName} is ready on ${config.publicUrl} (role ${config.role})`);
    // For `npm run seed:demo` beside it: which server (and URL) runs on this DATA_DIR.
    forget = await recordRunningServer(config.dataDir, { pid: process.pid, publicUrl: config.publicUrl }).catch(
      () => forget,
    );
  } else {
    logger.info({ readyMs }, `${config.productName} worker started`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await runtime.stop();
    await forget().catch(() => undefined);
    logger.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
