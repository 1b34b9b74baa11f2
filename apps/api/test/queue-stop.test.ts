import { afterAll, expect, inject, it } from 'vitest';
import { createPool } from '../src/db/client.ts';
import { startQueue } from '../src/jobs/queue.ts';
import { createLogger } from '../src/logger.ts';
import { createTestDatabase, type TestDatabase } from './support/postgres.ts';

let database: TestDatabase | undefined;
afterAll(async () => database?.drop());

/**
 * A stop while a job outlasts pg-boss's stop timeout: pg-boss records that handler's end (fail) without awaiting it.
 * Before `drain`, the runtime then ended the pool and that late query became an unhandled rejection ("Cannot use a
 * pool after calling end on the pool", CI of 2026-11-29). Now the stop waits for the handler and nothing is rejected.
 */
it('a job still running when the queue stops ends before the pool does, with no unhandled rejection', async () => {
  database = await createTestDatabase(inject('pgAdminUrl'));
  const pool = createPool(database.url, 4);
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    const { boss, drain } = await startQueue(pool, createLogger('silent'), { supervise: false });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finished = false;
    await boss.work('maintenance.hourly', { pollingIntervalSeconds: 0.5 }, async () => {
      started();
      // Outlasts the stop's 1 s timeout below, then fails as a handler does when its work is cut short.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      finished = true;
      throw new Error('cut short by the stop');
    });
    await boss.send('maintenance.hourly', {});
    await running;
    await boss.stop({ graceful: true, wait: true, timeout: 1_000 });
    expect(finished).toBe(false);
    await drain();
    expect(finished).toBe(true);
    await pool.end();
    // An unhandled rejection is reported on a later turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});
