import type { Agent } from 'node:http';
import { loadConfig } from '../../src/config.ts';
import { startRuntime, type Runtime } from '../../src/runtime.ts';
import { createTestDatabase } from './postgres.ts';
import { memoryLogger } from './memory-log.ts';
import { startSmtpServer } from './smtp.ts';
import { STRONG_PASSWORD } from './helpers.ts';

export type TestRuntime = Awaited<ReturnType<typeof startTestRuntime>>;

/** scrypt's cost (log2 N) of the passwords a test runtime hashes. */
export const TEST_PASSWORD_HASH_COST = 10;

/**
 * The real product on a fresh database with a real SMTP peer. Only the log goes to memory, so tests
 * can read it (and check that no secret ever reaches it).
 */
/** Values every test file sends (passwords, the sandbox's test cards); none may reach the log. */
const SUITE_SECRETS: [string, string][] = [
  ['the factory password', STRONG_PASSWORD],
  ['the first SuperAdmin password', 'Staff-Password-123'],
  ['the test card 4242…', '4242424242424242'],
  ['the declined test card 4000…0002', '4000000000000002'],
];

export async function startTestRuntime(
  adminUrl: string,
  opts: { env?: Record<string, string>; listen?: boolean; serveWeb?: boolean; pushAgent?: Agent } = {},
) {
  const database = await createTestDatabase(adminUrl, { prefetch: true });
  const smtp = await startSmtpServer();
  const config = loadConfig({
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://localhost:3000',
    ADMIN_EMAIL: 'root@fleetdeck.test',
    ADMIN_PASSWORD: 'Staff-Password-123',
    LOG_LEVEL: 'info',
    PORT: '0',
    HOST: '127.0.0.1',
    // Tests seed log rows with fixed past dates; the partition job's retention must not delete them meanwhile.
    LOG_RETENTION_MONTHS: '120',
    // Cheap password hashes (scrypt N = 2^10 instead of 2^15): every login of the suite verifies one. The product's
    // cost is tested in test/test-knobs.test.ts.
    TEST_PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    // The queues poll as the product's do (TEST_JOB_POLL_SECONDS unset): settle() wakes the workers of due jobs, so
    // nothing waits for a poll, and every idle runtime of the run polls less (issue 23: the API project 309 → 292 CPU-s).
    // Webhooks to the test's own receivers on 127.0.0.1 (the SSRF guard's tests turn it off).
    WEBHOOK_ALLOW_PRIVATE_URLS: '1',
    // Four connections, not the product's 20 (issue 23): the pool of a file's runtime grew to 20 at its start, and
    // every new connection to a fresh database is a PostgreSQL process that loads the catalogue again. Measured on 15
    // API files, one worker: 326 → 109 connections, 61 → 46 CPU-s, 0.73 → 0.47 million page faults. A file that
    // needs more sets its own.
    DB_POOL_SIZE: '4',
    ...opts.env,
  });
  const { logger, lines: logLines } = memoryLogger(config.logLevel);
  let runtime: Runtime;
  try {
    runtime = await startRuntime(config, logger, {
      listen: opts.listen ?? false,
      serveWeb: opts.serveWeb ?? false,
      ...(opts.pushAgent ? { pushAgent: opts.pushAgent } : {}),
    });
  } catch (err) {
    await smtp.close();
    await database.drop();
    throw err;
  }
  const rt = {
    ...runtime,
    app: runtime.app!,
    config,
    smtp,
    logLines,
    databaseUrl: database.url,
    /**
     * Waits until nothing runs behind the test's back: the coalesced device-status writes are flushed and the job
     * queue holds no job that is waiting, retrying or running (e.g. a sandbox payment's webhook, a mail, an Apply).
     */
    async settle(timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        await runtime.ctx.hot.status.flush();
        const { rows } = await runtime.ctx.pool.query<{ name: string; n: number }>(
          `select name, count(*)::int as n from pgboss.job
            where state in ('created', 'retry', 'active') and start_after <= now() group by name`,
        );
        const due = rows.reduce((sum, r) => sum + r.n, 0);
        if (due === 0) return;
        if (Date.now() > until) throw new Error(`settle: ${due} jobs still due after ${timeoutMs} ms`);
        // The queues' workers fetch now instead of at their next poll (up to 2 s away), and pg-boss's due cron jobs
        // are sent now instead of at its cron worker's poll (up to 5 s away; jobs/queue.ts, CRON_SEND_QUEUE): settle()
        // waits for the work to be done, not for the poll, and every file waits here before its first test (issue 23).
        for (const { name } of rows) runtime.ctx.queue.wake?.(name);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await runtime.stop();
      await smtp.close();
      await database.drop();
      // Issue 12, Prove 6 over the whole suite: every test file's log is searched, when its runtime closes, for the
      // secrets every file uses (secrets-never-logged.test.ts plants the rest, one of each kind, at debug level).
      const leaked = SUITE_SECRETS.filter(([, value]) => logLines.some((line) => line.includes(value)));
      if (leaked.length > 0) {
        throw new Error(`Secrets found in this test file's server log: ${leaked.map(([what]) => what).join(', ')}`);
      }
    },
  };
  // What the start queued (partition upkeep and the like) is done before the first test: the factory no longer waits
  // for a verification email, which used to give it that time, and a test may look at what runs in its database.
  await rt.settle();
  return rt;
}
