import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordRunningServer, runningDatabasePort, runningServer } from './running-server.ts';

describe('the running server of a DATA_DIR (what seed:demo connects to and prints)', () => {
  it('reads the database port from its own postmaster.pid and the sign-in URL the server recorded', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fd-running-'));
    try {
      expect(runningDatabasePort(dataDir)).toBeNull();
      expect(runningServer(dataDir)).toBeNull();

      await fs.mkdir(path.join(dataDir, 'pg'));
      const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
      await fs.writeFile(pidFile, `${process.pid}\n${dataDir}/pg\n1700000000\n54400\n\n127.0.0.1\n`);
      expect(runningDatabasePort(dataDir)).toBe(54400);
      await fs.writeFile(pidFile, `999999999\n${dataDir}/pg\n1700000000\n54400\n`);
      expect(runningDatabasePort(dataDir)).toBeNull(); // a crash left it behind

      const forget = await recordRunningServer(dataDir, { pid: process.pid, publicUrl: 'http://localhost:3100' });
      expect(runningServer(dataDir)).toEqual({ pid: process.pid, publicUrl: 'http://localhost:3100' });
      await forget();
      expect(runningServer(dataDir)).toBeNull();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
