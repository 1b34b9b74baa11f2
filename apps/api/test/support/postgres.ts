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
    return { adminUrl: external, stop: async () => undefined };
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

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `fd_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(7391004)'); // cloning needs the template to be idle
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
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
