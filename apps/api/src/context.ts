import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db, DbOrTx } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Secrets } from './lib/secrets.ts';
import type { DeviceHotPath } from './modules/devices/hot-path.ts';
import type { WakeupHub } from './modules/policy/wakeup.ts';

/** What every service needs, built once at start-up and handed down (no globals). */
export interface AppContext {
  config: Config;
  pool: pg.Pool;
  db: Db;
  logger: Logger;
  secrets: Secrets;
  queue: JobQueue;
  /** Device long-poll waiters, woken through Postgres LISTEN/NOTIFY (listening in ROLE all|api only). */
  wakeups: WakeupHub;
  /** The device check-in hot path: token and policy ETag caches, coalesced status writes (issue 14, item 1). */
  hot: DeviceHotPath;
}

/**
 * Runs `work` in one transaction; `afterCommit` callbacks (job dispatch) run only once it committed,
 * so a job never points at a row that was rolled back.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: DbOrTx, afterCommit: (fn: () => Promise<void>) => void) => Promise<T>,
): Promise<T> {
  const pending: (() => Promise<void>)[] = [];
  const result = await db.transaction((tx) => work(tx, (fn) => pending.push(fn)));
  for (const fn of pending) await fn();
  return result;
}
