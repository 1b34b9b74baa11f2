import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';

export interface JobQueue {
  send(name: string, data: object, options?: PgBoss.SendOptions): Promise<void>;
  /**
   * Wakes this process's workers of the queue now instead of at their next poll (up to 0.5 s later): for a job sent
   * after its data committed whose latency counts (a command's fan-out). Nothing when the process works no such queue.
   * pg-boss's own queue of due cron jobs (`CRON_SEND_QUEUE`) is moved on at once (`sendDueCronJobs`).
   */
  wake?(name: string): void;
}

/** Every queue the product uses; pg-boss v10 needs them created before send/work. */
export const QUEUES = [
  'email.send',
  'email.sweep',
  'auth.reset-link',
  'maintenance.hourly',
  'payments.sandbox-deliver',
  'payments.sweep',
  'device.push',
  'rollup.logins',
  'seats.sweep',
  'notifications.fanout',
  'rollup.payments',
  'partitions.maintain',
  'devices.wake-family',
  'pricing.price-changed',
  'rollouts.advance',
  'rollouts.rollback',
  'rollouts.sweep',
  'bulk-actions.run',
  'commands.fanout',
  'commands.sweep',
  'webhooks.deliver',
  'webhooks.sweep',
] as const;

/**
 * pg-boss's own queue of due cron jobs (its timekeeper's SEND_IT): each job's data is a job to send. pg-boss polls it
 * every 5 s with a worker this process cannot wake, so a test's `settle()` waited up to 5 s after every start that
 * found a schedule due (about half the test files' starts).
 */
export const CRON_SEND_QUEUE = '__pgboss__send-it';

type JobHandler = (jobs: unknown) => Promise<unknown>;

/** How pg-boss's job-ending commands end (its plans.js): their answer is one row with the count of jobs affected. */
const COUNTED_COMMAND = /SELECT COUNT\(\*\) FROM results\s*;?\s*$/i;

/**
 * pg-boss on the application's own pool, in its own schema.
 *
 * `drain` is the last step of a stop, after `boss.stop`: pg-boss stops waiting for running handlers after its timeout,
 * but a handler still running then records its end (complete or fail) without awaiting it, on a pool the runtime is
 * about to end: an unhandled rejection (seen on CI: "Cannot use a pool after calling end on the pool"). `drain` waits
 * for every running handler (bounded), then turns later queue SQL into a logged no-op: a job whose end was not
 * recorded runs again once its lease expires, as after a crash.
 */
export async function startQueue(
  pool: pg.Pool,
  logger: Logger,
  opts: { supervise: boolean; pollSeconds?: number | null },
) {
  let drained = false;
  const running = new Set<Promise<unknown>>();
  const boss = new PgBoss({
    // The default of the workers that name no interval of their own (pg-boss's 2 s unless a test run sets one).
    ...(opts.pollSeconds ? { pollingIntervalSeconds: opts.pollSeconds } : {}),
    db: {
      executeSql: async (text, values) => {
        if (drained) {
          logger.warn({ sql: text.slice(0, 80) }, 'job queue SQL after the queue stopped: not run');
          // pg-boss reads `rows[0].count` of the commands that end a job (complete, fail, cancel…): "no job affected"
          // for those, no rows for the rest (a late `send` then returns no id).
          const rows = COUNTED_COMMAND.test(text) ? [{ count: '0' }] : [];
          return { rows, rowCount: rows.length } as unknown as pg.QueryResult;
        }
        return pool.query(text, values);
      },
    },
    schema: 'pgboss',
    supervise: opts.supervise,
    schedule: opts.supervise,
    migrate: true,
  });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  // Every handler registered through `boss.work` (its last argument) is tracked while it runs.
  const work = boss.work.bind(boss) as (...args: unknown[]) => Promise<string>;
  // The workers of this process by queue (`wake`).
  const workers = new Map<string, string[]>();
  (boss as unknown as { work: (...args: unknown[]) => Promise<string> }).work = async (...args) => {
    const handler = args.pop() as JobHandler;
    const id = await work(...args, (jobs: unknown) => {
      const run = Promise.resolve().then(() => handler(jobs));
      running.add(run);
      run.then(
        () => running.delete(run),
        () => running.delete(run),
      );
      return run;
    });
    const name = String(args[0]);
    workers.set(name, [...(workers.get(name) ?? []), id]);
    return id;
  };
  await boss.start();
  // The queues a start finds are left as they are: one read instead of a create_queue call (a plpgsql function that
  // tries an insert) per queue at every start of every process.
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  for (const name of QUEUES) if (!existing.has(name)) await boss.createQueue(name);
  const queue: JobQueue = {
    async send(name, data, options) {
      await boss.send(name, data, options ?? {});
    },
    wake(name) {
      if (name === CRON_SEND_QUEUE) {
        sendDueCronJobs().catch((err: unknown) => logger.error({ err }, 'due cron jobs not sent'));
        return;
      }
      for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
    },
  };
  /**
   * What pg-boss's cron worker does with a batch (timekeeper.js: `insert(jobs.map(i => i.data))`), through its public
   * calls: `fetch` takes each due job once (its worker may take the others), then the jobs are sent and it completes.
   */
  async function sendDueCronJobs() {
    const jobs = await boss.fetch<PgBoss.JobInsert>(CRON_SEND_QUEUE, { batchSize: 50 });
    if (!jobs || jobs.length === 0) return;
    await boss.insert(jobs.map((job) => job.data));
    await boss.complete(
      CRON_SEND_QUEUE,
      jobs.map((job) => job.id),
    );
  }
  const drain = async (timeoutMs = 30_000) => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.allSettled([...running]), timedOut]);
    clearTimeout(timer);
    // pg-boss records a handler's end one tick after it settles: let that query start before the pool ends.
    await new Promise((resolve) => setImmediate(resolve));
    if (running.size > 0) logger.warn({ running: running.size }, 'job handlers still running at stop');
    drained = true;
  };
  return { boss, queue, drain };
}
