import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { memoryLogger } from '../../test/support/memory-log.ts';
import { createTestDatabase, type TestDatabase } from '../../test/support/postgres.ts';
import { createPool } from '../db/client.ts';
import { CRON_SEND_QUEUE, QUEUES, startQueue } from './queue.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('pgAdminUrl'));
});
afterAll(async () => database?.drop());

describe('the job queue at stop', () => {
  // A handler pg-boss stopped waiting for ends after the drain: pg-boss records that end (here a failure) on the
  // queue's no-op, which must answer as a command that affected no job. Its answer without rows made pg-boss throw
  // from its own `fail` ("Cannot read properties of undefined (reading 'count')"), an unhandled rejection that
  // failed a whole test run from whichever file was running then.
  it('lets a handler that outlives the drain end without an unhandled rejection, and leaves its job to run again', async () => {
    const pool = createPool(database.url, 4);
    const { logger, lines: logLines } = memoryLogger();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { boss, queue, drain } = await startQueue(pool, logger, { supervise: false, pollSeconds: 0.5 });
      let started!: () => void;
      const handlerStarted = new Promise<void>((resolve) => (started = resolve));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await boss.work('webhooks.sweep', async () => {
        started();
        await gate;
        throw new Error('the handler failed after the stop');
      });
      await queue.send('webhooks.sweep', {});
      queue.wake?.('webhooks.sweep');
      await handlerStarted;

      await boss.stop({ graceful: true, wait: true, timeout: 200 });
      await drain(100);
      release();
      await expect
        .poll(() => logLines.filter((l) => l.includes('job queue SQL after the queue stopped')).length)
        .toBeGreaterThan(0);
      // pg-boss's `fail` has had its answer; a rejection would surface within a few ticks.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);

      // The handler's failure was not recorded (pg-boss itself put the job back for a retry when its stop timed out):
      // the job runs again, as after a crash.
      const { rows } = await pool.query<{ state: string; output: unknown }>(
        `select state, output from pgboss.job where name = 'webhooks.sweep'`,
      );
      expect(rows).toHaveLength(1);
      expect(['active', 'retry']).toContain(rows[0]!.state);
      expect(JSON.stringify(rows[0]!.output ?? null)).not.toContain('the handler failed after the stop');
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await pool.end();
    }
  });
});

describe('the job queue at start', () => {
  it('creates the queues a database lacks (a release that adds one) and leaves the others as they are', async () => {
    const pool = createPool(database.url, 4);
    const { logger } = memoryLogger();
    try {
      const first = await startQueue(pool, logger, { supervise: false });
      // A queue without jobs: pg-boss refuses to delete one that holds some (the test above left a webhooks.sweep job).
      await first.boss.deleteQueue('auth.reset-link');
      const kept = await first.boss.getQueue('email.send');
      await first.boss.stop({ graceful: false, wait: true });

      const second = await startQueue(pool, logger, { supervise: false });
      const queues = await second.boss.getQueues();
      expect(queues.map((q) => q.name).sort()).toEqual([...QUEUES].sort());
      expect(await second.boss.getQueue('email.send')).toEqual(kept);
      await second.boss.stop({ graceful: false, wait: true });
    } finally {
      await pool.end();
    }
  });
});

describe("pg-boss's due cron jobs", () => {
  // pg-boss moves a due schedule through its own queue, polled every 5 s by a worker nothing can wake: a test's
  // settle() after a start waited for that poll (test/support/runtime.ts).
  it('are sent at once when their queue is woken, each once, and the cron job completes', async () => {
    const pool = createPool(database.url, 4);
    const { logger } = memoryLogger();
    // No timekeeper (schedule off with supervise): only the wake moves the job on.
    const { boss, queue } = await startQueue(pool, logger, { supervise: false });
    try {
      // pg-boss's timekeeper creates its queue at its first start; this one has none.
      if (!(await boss.getQueue(CRON_SEND_QUEUE))) await boss.createQueue(CRON_SEND_QUEUE);
      await boss.insert([
        { name: CRON_SEND_QUEUE, data: { name: 'seats.sweep', data: { from: 'cron' } }, singletonKey: 'seats.sweep' },
      ]);
      queue.wake?.(CRON_SEND_QUEUE);
      queue.wake?.(CRON_SEND_QUEUE);
      const states = async () =>
        (
          await pool.query<{ name: string; state: string; data: unknown }>(
            `select name, state, data from pgboss.job where name in ($1, 'seats.sweep') order by name`,
            [CRON_SEND_QUEUE],
          )
        ).rows;
      await expect.poll(states).toEqual([
        { name: CRON_SEND_QUEUE, state: 'completed', data: { name: 'seats.sweep', data: { from: 'cron' } } },
        { name: 'seats.sweep', state: 'created', data: { from: 'cron' } },
      ]);
    } finally {
      await boss.stop({ graceful: false, wait: true });
      await pool.end();
    }
  });
});
