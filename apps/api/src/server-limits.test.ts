import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EVENTS_MAX_WAIT_SECONDS } from '@fleetdeck/contract';
import { startTestRuntime, type TestRuntime } from '../test/support/runtime.ts';

/** Issue 12, item 7: timeouts and caps on the HTTP server and the database. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'), { listen: true });
});
afterAll(async () => rt?.close());

describe('timeouts and caps (issue 12, item 7)', () => {
  it('bounds how long a request may take to arrive, how long a socket may idle, and how many sockets are open', () => {
    const server = rt.app.server;
    expect(server.requestTimeout).toBe(30_000);
    // 10,000 besides the long-polls the process may hold (MAX_LONG_POLLS, issue 14: 20,000 by default).
    expect(server.maxConnections).toBe(rt.config.maxLongPolls + 10_000);
    // Long-polls are unaffected: an idle socket lives longer than the longest wait.
    expect(server.timeout).toBeGreaterThan(EVENTS_MAX_WAIT_SECONDS * 1000);
  });

  it('waits 10 s at most for a database connection and stops any statement after 30 s', async () => {
    expect((rt.ctx.pool as unknown as { options: { connectionTimeoutMillis: number } }).options).toMatchObject({
      connectionTimeoutMillis: 10_000,
    });
    const { rows } = await rt.ctx.pool.query<{ statement_timeout: string }>('show statement_timeout');
    expect(rows[0]!.statement_timeout).toBe('30s');
  });
});
