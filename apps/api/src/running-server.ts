import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What a running `npm start` leaves in its DATA_DIR so the developer tools started beside it (`npm run seed:demo`)
 * find *that* server and its database, whatever PORT, PUBLIC_URL and EMBEDDED_PG_PORT it was given, instead of
 * whatever answers on the default ports.
 */
export interface RunningServer {
  pid: number;
  /** Where people sign in (PUBLIC_URL). */
  publicUrl: string;
}

const FILE = '.server.json';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export async function recordRunningServer(dataDir: string, server: RunningServer): Promise<() => Promise<void>> {
  const file = path.join(dataDir, FILE);
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(server)}\n`);
  return () => fs.rm(file, { force: true });
}

/** The server running on this DATA_DIR, if its process is still alive. */
export function runningServer(dataDir: string): RunningServer | null {
  try {
    const found = JSON.parse(readFileSync(path.join(dataDir, FILE), 'utf8')) as RunningServer;
    return Number.isInteger(found.pid) && typeof found.publicUrl === 'string' && alive(found.pid) ? found : null;
  } catch {
    return null;
  }
}

/**
 * The port of the embedded database running on this DATA_DIR, from its own `postmaster.pid` (line 4), if that
 * process is alive; null when it is not running.
 */
export function runningDatabasePort(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  try {
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return Number.isInteger(pid) && pid > 0 && Number.isInteger(port) && port > 0 && alive(pid) ? port : null;
  } catch {
    return null;
  }
}
