import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/support/postgres.ts';
import { binariesDirectory, explainDatabaseLog } from './db/embedded.ts';
import { startupFailureMessage } from './startup-errors.ts';

/** Every start-up failure ends with one sentence naming the cause and the fix, never a stack trace (issue 15 §3). */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const STACK_LINE = /^\s+at .+[:(]/m;
const created: string[] = [];
afterAll(async () => {
  for (const dir of created) {
    await fs.chmod(dir, 0o700).catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  }
});

/** `npm start`'s server in a child process; resolves with its exit code and output once it stops. */
function startServer(env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: ROOT,
      env: { ...inherited, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not stop:\n${stdout}\n${stderr}`));
    }, 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm start when the database user cannot reach DATA_DIR', () => {
  it('stops with one sentence naming the directory and the fix, and no stack trace', { timeout: 90_000 }, async () => {
    // mkdtemp makes a 0700 directory: as root the database runs as "postgres", which cannot enter it; as another
    // user, a mode of 000 shuts this user out as well.
    const locked = await fs.mkdtemp(path.join(os.tmpdir(), 'fd-locked-'));
    created.push(locked);
    if (process.getuid?.() !== 0) await fs.chmod(locked, 0o000);
    const dataDir = path.join(locked, 'data');

    const result = await startServer({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
    });

    expect(result.code).toBe(1);
    const message = result.stderr.trim();
    expect(message.split('\n')).toHaveLength(1);
    if (message.includes(`on the way to ${binariesDirectory()}`)) {
      // This checkout itself is closed to the database user (e.g. cloned under mktemp -d): that is named first.
      expect(message).toMatch(/cannot enter .*chmod o\+x /);
    } else {
      expect(message).toContain(locked);
      expect(message).toMatch(process.getuid?.() === 0 ? /chmod o\+x .*DATA_DIR=/ : /DATA_DIR=/);
    }
    expect(result.stderr + result.stdout).not.toMatch(STACK_LINE);
    expect(result.stderr + result.stdout).not.toMatch(/EACCES/);
  });
});

describe('the embedded database programs', () => {
  it('are found before initdb runs, so a checkout the database user cannot enter is named, not a spawn crash', () => {
    // checkReachable walks the directories above initdb; a lookup that found nothing skipped that check, and a
    // checkout in a 0700 directory (mktemp -d) ended in "spawn …/initdb EACCES" with a stack trace.
    const dir = binariesDirectory();
    expect(dir).not.toBeNull();
    expect(existsSync(path.join(dir!, 'native', 'bin', 'initdb'))).toBe(true);
  });
});

describe('the other start-up failures, each one sentence', () => {
  const config = { port: 3000, host: '0.0.0.0', dataDir: '/srv/fleetdeck/data' };
  const errno = (code: string, extra: object = {}) => Object.assign(new Error(`${code} boom`), { code, ...extra });

  it('names the port in use and another one to use', () => {
    expect(startupFailureMessage(errno('EADDRINUSE', { syscall: 'listen', port: 3000 }), config)).toBe(
      'Port 3000 is already in use by another program (perhaps another npm start): stop it, or start on another port with PORT=3001 npm start.',
    );
  });

  it('recognises a full disk and a damaged data directory in the database log', () => {
    const dir = '/srv/fleetdeck/data/pg';
    expect(
      explainDatabaseLog(['FATAL:  could not write to file "pg_wal/xlogtemp.12": No space left on device'], dir),
    ).toMatch(/^The disk holding \/srv\/fleetdeck\/data\/pg is full: free some space/);
    expect(
      explainDatabaseLog(
        ['LOG:  invalid primary checkpoint record', 'PANIC:  could not locate a valid checkpoint record'],
        dir,
      ),
    ).toBe(
      'The embedded database in /srv/fleetdeck/data/pg is damaged or from another PostgreSQL version ("could not locate a valid checkpoint record"): restore it from a backup, or move it aside (mv /srv/fleetdeck/data/pg /srv/fleetdeck/data/pg.broken) to start with an empty one.',
    );
    expect(explainDatabaseLog(['LOG:  database system is ready'], dir)).toBeNull();
  });

  it('turns an unknown failure into one line without its stack', () => {
    const message = startupFailureMessage(new Error('something\nbroke.'), config);
    expect(message).toBe('Start-up failed: something broke. Set LOG_LEVEL=debug for details.');
    expect(message).not.toMatch(STACK_LINE);
    expect(startupFailureMessage(errno('ECONNREFUSED'), config)).toMatch(
      /^The database at DATABASE_URL cannot be reached/,
    );
  });
});
