import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { createLogger } from '../apps/api/src/logger.ts';
import { freePort } from '../apps/api/test/support/postgres.ts';

/** What both benchmarks share: Ctrl-C handling and the throwaway installation they start. */

/** Aborts on the first Ctrl-C (the benchmark stops and cleans up); a second one quits at once. */
export function interruptSignal(): AbortSignal {
  const interrupted = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    if (++interrupts > 1) process.exit(130);
    console.error('\nInterrupted: stopping the benchmark (Ctrl-C again to quit at once)…');
    interrupted.abort();
  });
  return interrupted.signal;
}

/**
 * The configuration of a benchmark's own installation: an embedded database in a fresh temporary folder (remove
 * `dataDir` when done) and the API on a free loopback port.
 */
export async function benchInstallation(tmpPrefix: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), tmpPrefix));
  await fs.chmod(dataDir, 0o755); // as root, the embedded database runs as the postgres user
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench-admin@fleetdeck.local',
    ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
  });
  return { dataDir, baseUrl, config, logger: createLogger(config.logLevel) };
}
