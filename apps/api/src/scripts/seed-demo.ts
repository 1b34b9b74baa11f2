import { MAX_MESSAGES_PER_POLL } from '../modules/policy/service.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '../config.ts';
import type { AppContext } from '../context.ts';
import { createDb, createPool, runMigrations } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { createLogger } from '../logger.ts';
import { loadSecrets } from '../lib/secrets.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { seedCatalogue } from '../modules/catalogue/seed.ts';
import { createDeviceHotPath } from '../modules/devices/hot-path.ts';
import { createWakeupHub } from '../modules/policy/wakeup.ts';
import { runningDatabasePort, runningServer } from '../running-server.ts';
import { seedDemoData } from './demo-data.ts';

/**
 * `npm run seed:demo`: writes the demo customer and its data into the same database `npm start` uses
 * (DATABASE_URL, or the embedded one in DATA_DIR), then prints the credentials. Safe to run again: nothing
 * is duplicated, and the password is set anew (DEMO_PASSWORD fixes it; otherwise a random one).
 * Works while the server runs: it then connects to the server's embedded database instead of starting it.
 * The demo devices speak the device API of an app built here, in process (no port): see demo-data.ts.
 */

/** The device API sends no background jobs; anything that tries is a bug worth hearing about. */
const noJobs: JobQueue = {
  send(name) {
    return Promise.reject(new Error(`seed:demo runs no background jobs (asked for ${name})`));
  },
};

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);

  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    const passwordFile = path.join(config.dataDir, '.pg-password');
    // The database of *this* DATA_DIR, on the port it really runs on (its postmaster.pid), not whatever answers on
    // the default port (another checkout's server, say).
    const runningPort = runningDatabasePort(config.dataDir);
    if (existsSync(passwordFile) && runningPort !== null) {
      // `npm start` is running: use its database rather than stopping it.
      const pw = readFileSync(passwordFile, 'utf8').trim();
      url = `postgres://fleetdeck:${encodeURIComponent(pw)}@127.0.0.1:${runningPort}/fleetdeck`;
    } else {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
      url = embedded.url;
    }
  }
  const pool = createPool(url, 4);
  // Not listening: a device's wake-up (its logout) reaches a running server through Postgres NOTIFY.
  const wakeups = createWakeupHub({ connectionString: url, logger });
  // Nothing cached (no invalidations heard); the devices' status reports are written before the script ends.
  const hot = createDeviceHotPath({ pool, logger, live: () => false, maxMessagesPerPoll: MAX_MESSAGES_PER_POLL });
  try {
    await runMigrations(pool);
    const db = createDb(pool);
    const secrets = await loadSecrets(db);
    await seedCatalogue(db, config.productName, config.apkBaseUrl);
    const ctx: AppContext = { config, pool, db, logger, secrets, queue: noJobs, wakeups, hot };
    const demo = await seedDemoData(ctx, db, { password: process.env.DEMO_PASSWORD });
    // The address of the server running on this DATA_DIR (its PUBLIC_URL), else where `npm start` would serve it.
    const server = runningServer(config.dataDir);
    process.stdout.write(
      [
        '',
        'Demo data is ready.',
        server
          ? `  Sign in at ${server.publicUrl}/login`
          : `  Start the console with \`npm start\` (same DATA_DIR), then sign in at ${config.publicUrl}/login`,
        `  Email:    ${demo.email}`,
        `  Password: ${demo.password}`,
        `  Team:     ${demo.technicianEmail} (a Technician limited to the Front desks group), same password`,
        `  Devices:  ${demo.devicesEnrolled} simulated devices reported through the device API`,
        '  (Running `npm run seed:demo` again adds nothing and sets a new password; set DEMO_PASSWORD to choose it.)',
        '',
      ].join('\n'),
    );
  } finally {
    await hot.status.stop();
    await wakeups.stop();
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`seed:demo failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
