import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';

export interface JobQueue {
  send(name: string, data: object, options?: PgBoss.SendOptions): Promise<void>;
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
] as const;

/** pg-boss on the application's own pool, in its own schema. */
export async function startQueue(
  pool: pg.Pool,
  logger: Logger,
  opts: { supervise: boolean; pollSeconds?: number | null },
) {
  const boss = new PgBoss({
    // The default of the workers that name no interval of their own (pg-boss's 2 s unless a test run sets one).
    ...(opts.pollSeconds ? { pollingIntervalSeconds: opts.pollSeconds } : {}),
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: 'pgboss',
    supervise: opts.supervise,
    schedule: opts.supervise,
    migrate: true,
  });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  for (const name of QUEUES) await boss.createQueue(name);
  const queue: JobQueue = {
    async send(name, data, options) {
      await boss.send(name, data, options ?? {});
    },
  };
  return { boss, queue };
}
