import { ConfigError, loadConfig } from './config.ts';
import { DatabaseStartError } from './db/embedded.ts';
import { createLogger } from './logger.ts';
import { startRuntime } from './runtime.ts';

/** Starts the product: `npm start` runs this. Everything else lives in runtime.ts and app.ts. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nFix the environment and start again.\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const started = Date.now();
  let runtime;
  try {
    runtime = await startRuntime(config, logger);
  } catch (err) {
    if (err instanceof DatabaseStartError) {
      logger.fatal('the database did not start');
      process.stderr.write(`\n${err.message}\n`);
    } else {
      logger.fatal({ err }, 'start-up failed');
    }
    process.exit(1);
  }
  const readyMs = Date.now() - started;
  if (runtime.url) {
    logger.info({ readyMs }, `${config.productName} is ready on ${config.publicUrl} (role ${config.role})`);
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
    logger.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
