import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, licencesApi, policyApi, usersApi } from '@fleetdeck/contract';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startRuntime, type Runtime } from './runtime.ts';
import { call } from '../test/support/call.ts';
import { customerWithSeats, enrolDevice, enrolmentToken, randomIp } from '../test/support/factory.ts';
import { createTestDatabase, freePort, withDatabase } from '../test/support/postgres.ts';
import type { TestRuntime } from '../test/support/runtime.ts';
import { startSmtpServer } from '../test/support/smtp.ts';

/**
 * Issue 12, Prove 5: `npm run db:backup` while the product runs, `npm run db:restore` into a fresh data directory (and,
 * on an external server, a new empty database), and the restored product serves the same customers, devices and
 * licences: the customer signs in with the same password, the device's token still works, the enrolment token decrypts
 * to the same value (the installation keys came along) and uploaded files are back. The suite runs on the embedded
 * database and on an external one (CI: Debian's PostgreSQL 15), so both kinds of backup are tested.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

/** `npm run <script> -- <args>` with this environment; resolves with its output once it exits 0. */
function npmRun(script: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ...inherited } = process.env;
  return new Promise<string>((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], {
      cwd: ROOT,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} exited ${code}:\n${out}`))));
  });
}

async function tempDir(prefix: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.chmod(dir, 0o755); // as root the embedded database runs as "postgres", which must enter it
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An empty database on the external server (not a clone of the migrated template). */
async function emptyDatabase(adminUrl: string) {
  const name = `fd_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return withDatabase(adminUrl, name);
}

describe(`db:backup and db:restore (issue 12, Prove 5) on ${external ? 'an external' : 'the embedded'} database`, () => {
  it('a backup taken while the product runs, restored into a fresh data directory, serves the same customers, devices and licences', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const adminUrl = inject('pgAdminUrl');
    const envFor = async (dataDir: string, databaseUrl: string | null): Promise<Record<string, string>> => ({
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { EMBEDDED_PG_PORT: String(await freePort()) }),
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://localhost:3000',
      ADMIN_EMAIL: 'root@fleetdeck.test',
      ADMIN_PASSWORD: 'Staff-Password-123',
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const boot = async (env: Record<string, string>) => {
      const runtime: Runtime = await startRuntime(loadConfig(env), createLogger('warn'), {
        listen: false,
        serveWeb: false,
      });
      cleanups.push(() => runtime.stop());
      return { ...runtime, app: runtime.app!, smtp } as unknown as TestRuntime & Runtime;
    };

    // The installation to back up, with a customer, seats, an enrolled device and an uploaded file.
    const sourceDir = await tempDir('fd-backup-src-');
    const sourceDb = external ? await createTestDatabase(adminUrl) : null;
    if (sourceDb) cleanups.push(() => sourceDb.drop());
    const sourceEnv = await envFor(sourceDir, sourceDb?.url ?? null);
    const source = await boot(sourceEnv);
    const customer = await customerWithSeats(source, 'PD', 3);
    const device = await enrolDevice(source, customer);
    const image = Buffer.from(`picture ${Math.random()}`);
    await fs.mkdir(path.join(sourceDir, 'upload', 'blog'), { recursive: true });
    await fs.writeFile(path.join(sourceDir, 'upload', 'blog', 'kept.webp'), image);
    const read = async (rt: TestRuntime, token: string) => ({
      detail: (await call(rt, usersApi.detail, { token })).data().data,
      licences: (await call(rt, licencesApi.summary, { token })).data().data,
      devices: (await call(rt, devicesApi.profileList, { token, query: { appName: 'PD' } })).data().data,
    });
    const before = await read(source, customer.token);
    const enrolmentBefore = await enrolmentToken(source, customer.id);

    // Backed up while it runs.
    const file = path.join(await tempDir('fd-backup-file-'), 'fleetdeck.tar.gz');
    const said = await npmRun('db:backup', [file], sourceEnv);
    expect(said).toMatch(/Backup written to/);
    expect((await fs.stat(file)).mode & 0o077).toBe(0); // it holds the keys
    await source.stop();

    // Restored into a fresh data directory (and an empty database), then started.
    const targetDir = await tempDir('fd-backup-dst-');
    const targetEnv = await envFor(targetDir, external ? await emptyDatabase(adminUrl) : null);
    await npmRun('db:restore', [file], targetEnv);
    const restored = await boot(targetEnv);

    const login = await call(restored, usersApi.login, {
      body: { email: customer.email, password: customer.password },
      ip: randomIp(),
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.data().data!.token!;
    const after = await read(restored, token);
    expect(after).toEqual(before);
    expect(JSON.stringify(after.devices)).toContain(device.serialNumber);
    expect((await call(restored, policyApi.policy, { token: device.auth })).statusCode).toBe(200);
    expect(await enrolmentToken(restored, customer.id)).toBe(enrolmentBefore);
    expect(await fs.readFile(path.join(targetDir, 'upload', 'blog', 'kept.webp'))).toEqual(image);

    // A restore never overwrites a database.
    await expect(npmRun('db:restore', [file], targetEnv)).rejects.toThrow(/not empty|already holds a database/);
  }, 180_000);
});
