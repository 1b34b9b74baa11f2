import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createLogger } from '../../src/logger.ts';
import { startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { createDb, createPool, runMigrations } from '../../src/db/client.ts';
import { startQueue } from '../../src/jobs/queue.ts';

/**
 * A Postgres server for a test run: embedded (in a temporary folder) by default, or the server in
 * TEST_DATABASE_URL / DATABASE_URL (CI runs the suite a second time on Debian's PostgreSQL 15).
 * A template database is migrated once; every test file clones its own database from it.
 */
export const TEMPLATE_DB = 'fd_test_template';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export async function startTestPostgres(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const logger = createLogger('silent');
  if (external) {
    await prepareTemplate(external);
    return { adminUrl: external, stop: () => dropRunDatabases(external) };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fd-test-pg-'));
  await fs.chmod(dataDir, 0o755);
  const db = await startEmbeddedPostgres({ dataDir, port: await freePort(), logger });
  const adminUrl = withDatabase(db.url, 'postgres');
  await tuneForTests(adminUrl);
  await prepareTemplate(adminUrl);
  return {
    adminUrl,
    stop: async () => {
      await db.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A throwaway server needs no durability: without fsync a `create database … template` or `drop database` (each a
 * checkpoint) takes milliseconds instead of 1–2 s, and every commit is cheaper. Only for the embedded server the run
 * started itself (`.ci/run` starts its PostgreSQL 15 with the same settings).
 */
async function tuneForTests(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const setting of ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']) {
      await admin.query(`alter system set ${setting}`);
    }
    await admin.query('select pg_reload_conf()');
  } finally {
    await admin.end();
  }
}

async function prepareTemplate(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Several projects of one run may prepare at once: take turns.
    await admin.query('select pg_advisory_lock(7391003)');
    await admin.query(`drop database if exists ${TEMPLATE_DB}`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    const pool = createPool(withDatabase(adminUrl, TEMPLATE_DB), 4);
    await runMigrations(pool);
    const { boss } = await startQueue(pool, createLogger('silent'), { supervise: false });
    await boss.stop({ graceful: false, wait: true });
    void createDb;
    await pool.end();
  } finally {
    await admin.query('select pg_advisory_unlock(7391003)');
    await admin.end();
  }
}

export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

/**
 * The next database of this worker, cloned from the template while the current file's tests run: a clone takes
 * 0.5-1 s and clones take turns on the template, so a file no longer waits for its own. Left over at the end of the
 * run: the embedded server goes with it; on an external server the run's `stop` drops what is left.
 */
let prefetched: { adminUrl: string; database: Promise<TestDatabase> } | null = null;

/**
 * A fresh database for one test file, cloned from the migrated template; with `prefetch` (the test runtimes) the
 * worker's next one is cloned meanwhile.
 */
export async function createTestDatabase(adminUrl: string, opts: { prefetch?: boolean } = {}): Promise<TestDatabase> {
  if (!opts.prefetch) return cloneTemplate(adminUrl);
  let database: Promise<TestDatabase>;
  if (prefetched?.adminUrl === adminUrl) {
    database = prefetched.database;
  } else {
    void prefetched?.database.then(
      (d) => d.drop(),
      () => undefined,
    );
    database = cloneTemplate(adminUrl);
  }
  prefetched = { adminUrl, database: cloneTemplate(adminUrl) };
  // A clone that failed is reported to the file that takes it.
  prefetched.database.catch(() => undefined);
  return database;
}

/**
 * The prefix of this run's test databases: the run's process id, set before the workers start (they inherit it), so
 * the run's `stop` drops its own leftovers and nothing of another run on the same server.
 */
const runPrefix = () => `fd_t_${(process.env.FD_TEST_RUN ??= String(process.pid))}_`;

/** Drops this run's databases left on an external server (the workers' last clones, ahead of a next file). */
async function dropRunDatabases(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database');
    for (const { datname } of rows.filter((r) => r.datname.startsWith(runPrefix()))) {
      await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
    }
  } finally {
    await admin.end();
  }
}

async function cloneTemplate(adminUrl: string): Promise<TestDatabase> {
  const name = `${runPrefix()}${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(7391004)'); // cloning needs the template to be idle
    // FILE_COPY, not PostgreSQL 15's default WAL_LOG, which writes every page of the template through the WAL: 10
    // clones of the 15 MB template took 4.6 CPU-s that way, 1.7 CPU-s as a file copy (its checkpoint is cheap on a
    // server without fsync, which a test server is: tuneForTests and .ci/run).
    await admin.query(`create database ${name} template ${TEMPLATE_DB} strategy file_copy`);
    await admin.query('select pg_advisory_unlock(7391004)');
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await c.end();
    },
  };
}
