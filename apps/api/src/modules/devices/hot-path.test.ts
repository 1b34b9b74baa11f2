import { MAX_MESSAGES_PER_POLL } from '../policy/service.ts';
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, policyApi, type ErrorResponse, type EventsResponse } from '@fleetdeck/contract';
import { buildApp } from '../../app.ts';
import type { AppContext } from '../../context.ts';
import { customerSeats, devices } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import { buy, daysFromNow } from '../../../test/support/ledger.ts';
import { enrolBody, enrolDevice, enrolmentToken, newCustomer, randomIp } from '../../../test/support/factory.ts';
import { OVER_CAP_RETRY_SECONDS, holdMs } from '../policy/routes.ts';
import { createWakeupHub, wakeDevice } from '../policy/wakeup.ts';
import { DEVICE_CACHE_CHANNEL, createDeviceHotPath } from './hot-path.ts';

/**
 * Issue 14, items 1, 2, 3 and 5: the device hot path (token and ETag caches revoked across processes, coalesced status
 * writes), the long-poll cap and jitter, the atomic seat counter, and `GET /metrics`.
 */
let rt: TestRuntime;
let enrolToken: string;
let customer: Awaited<ReturnType<typeof newCustomer>>;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  customer = await newCustomer(rt);
  await buy(rt.ctx.db, customer.id, 'PD', 100);
  enrolToken = await enrolmentToken(rt, customer.id);
});
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await rt?.close();
});

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A second API process on the same database: its own LISTEN connection, caches and status writer. */
async function secondInstance(overrides: Partial<AppContext['config']> = {}) {
  const logger = createLogger('silent');
  const wakeups = createWakeupHub({ connectionString: rt.databaseUrl, logger });
  const hot = createDeviceHotPath({
    pool: rt.ctx.pool,
    logger,
    live: () => wakeups.listening,
    maxMessagesPerPoll: MAX_MESSAGES_PER_POLL,
  });
  wakeups.subscribe(
    DEVICE_CACHE_CHANNEL,
    (p) => hot.cache.invalidate(p),
    () => hot.cache.clear(),
  );
  await wakeups.start();
  hot.status.start();
  const ctx: AppContext = { ...rt.ctx, config: { ...rt.ctx.config, ...overrides }, wakeups, hot };
  const app: FastifyInstance = await buildApp(ctx, { serveWeb: false });
  closers.push(async () => {
    wakeups.drain();
    await app.close();
    await hot.status.stop();
    await wakeups.stop();
  });
  return { app, ctx };
}

const newDevice = () => enrolDevice(rt, enrolToken, { deviceName: `Tablet ${crypto.randomUUID().slice(0, 8)}` });

describe('device token cache (issue 14, item 1)', () => {
  it('a token cached by two processes stops working on both as soon as the device is logged out on one', async () => {
    const b = await secondInstance();
    const d = await newDevice();
    const status = (app: FastifyInstance) =>
      call({ app }, devicesApi.status, { token: d.auth, body: { batteryLevel: 50 } });
    // Both processes have looked the token up once; the next calls are answered from their caches.
    for (const app of [rt.app, b.app, rt.app, b.app]) expect((await status(app)).statusCode).toBe(200);
    const hitsA = rt.ctx.hot.counters.authHits;
    const hitsB = b.ctx.hot.counters.authHits;
    expect((await status(rt.app)).statusCode).toBe(200);
    expect((await status(b.app)).statusCode).toBe(200);
    expect(rt.ctx.hot.counters.authHits).toBe(hitsA + 1);
    expect(b.ctx.hot.counters.authHits).toBe(hitsB + 1);

    const logout = await call(rt, devicesApi.logout, {
      token: customer.token,
      query: { serialNumber: d.serialNumber },
    });
    expect(logout.statusCode).toBe(200);
    const loggedOutAt = Date.now();
    // A: at once (same process); B: on the commit's notification — far sooner than the cache's 30 s.
    const onA = await status(rt.app);
    expect(onA.statusCode).toBe(401);
    expect(jsonOf<ErrorResponse>(onA)).toMatchObject({ code: 'E_DEVICE_LOGGED_OUT', is_logout: 1 });
    await until(async () => (await status(b.app)).statusCode === 401, 'B to refuse the token', 2_000);
    expect(Date.now() - loggedOutAt).toBeLessThan(2_000);
    expect(jsonOf<ErrorResponse>(await status(b.app)).code).toBe('E_DEVICE_LOGGED_OUT');
  });

  it('a re-enrolment replaces the token: the old one stops working on the other process too', async () => {
    const b = await secondInstance();
    const d = await newDevice();
    expect((await call({ app: b.app }, policyApi.policy, { token: d.auth })).statusCode).toBe(200);
    const again = await call(rt, devicesApi.enrol, {
      body: enrolBody(enrolToken, { serialNumber: d.serialNumber }),
      headers: { authorization: d.auth },
      ip: randomIp(),
    });
    expect(again.statusCode).toBe(200);
    await until(
      async () => (await call({ app: b.app }, policyApi.policy, { token: d.auth })).statusCode === 401,
      'the old token to be refused on B',
      2_000,
    );
  });

  it('caches nothing while the LISTEN connection is down (a revocation could be missed)', async () => {
    const b = await secondInstance();
    const d = await newDevice();
    await b.ctx.wakeups.stop();
    const misses = b.ctx.hot.counters.authHits;
    for (let i = 0; i < 3; i++) {
      expect((await call({ app: b.app }, policyApi.policy, { token: d.auth })).statusCode).toBe(200);
    }
    expect(b.ctx.hot.counters.authHits).toBe(misses);
  });
});

describe('GET policy 304 from the ETag cache (issue 14, item 1)', () => {
  it('answers 304 without the database, and the Apply on another process invalidates it', async () => {
    const b = await secondInstance();
    const d = await newDevice();
    const policyOnB = (etag?: string) =>
      call({ app: b.app }, policyApi.policy, { token: d.auth, headers: etag ? { 'if-none-match': etag } : {} });
    const first = await policyOnB();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const hits = b.ctx.hot.counters.etagHits;
    const same = await policyOnB(etag);
    expect(same.statusCode).toBe(304);
    expect(same.headers.etag).toBe(etag);
    expect(b.ctx.hot.counters.etagHits).toBe(hits + 1);

    const applied = await call(rt, policyApi.apply, { token: customer.token, query: { profileId: d.profileId } });
    expect(applied.statusCode).toBe(200);
    const appliedAt = Date.now();
    await until(async () => (await policyOnB(etag)).statusCode === 200, 'B to serve the new policy', 2_000);
    expect(Date.now() - appliedAt).toBeLessThan(2_000);
    const after = await policyOnB(etag);
    expect(after.headers.etag).toBe(`"${d.profileId}:1"`);
    expect((await policyOnB(after.headers.etag as string)).statusCode).toBe(304);
  });
});

describe('coalesced POST status (issue 14, item 1)', () => {
  it('writes many reports of many devices in one statement, only rows that changed, and never loses the last one at shutdown', async () => {
    const own = await startTestRuntime(inject('pgAdminUrl'));
    closers.push(() => own.close());
    const c = await newCustomer(own);
    await buy(own.ctx.db, c.id, 'PD', 5);
    const token = await enrolmentToken(own, c.id);
    const ds = [await enrolDevice(own, token), await enrolDevice(own, token), await enrolDevice(own, token)];
    // The writer's own timer (a flush a second) is stopped: on a busy machine the nine reports below take longer than
    // a second, and the test counts the statements of its own flushes. The shutdown below still flushes what is left.
    await own.ctx.hot.status.stop();
    await own.ctx.hot.status.flush();
    const writes = own.ctx.hot.counters.statusWrites;
    const rows = own.ctx.hot.counters.statusRowsWritten;
    for (const [i, d] of ds.entries()) {
      for (const battery of [10, 20, 30 + i]) {
        const res = await call(own, devicesApi.status, { token: d.auth, body: { batteryLevel: battery } });
        expect(res.statusCode).toBe(200);
      }
    }
    await own.ctx.hot.status.flush();
    expect(own.ctx.hot.counters.statusWrites).toBe(writes + 1);
    expect(own.ctx.hot.counters.statusRowsWritten).toBe(rows + 3);
    // The same values again: nothing to write (the rows are untouched).
    for (const [i, d] of ds.entries()) {
      await call(own, devicesApi.status, { token: d.auth, body: { batteryLevel: 30 + i } });
    }
    await own.ctx.hot.status.flush();
    expect(own.ctx.hot.counters.statusRowsWritten).toBe(rows + 3);

    // The last reports, then a clean stop before the next interval: they are in the database afterwards.
    await call(own, devicesApi.status, {
      token: ds[0]!.auth,
      body: { batteryLevel: 77, localIpAddress: '10.7.7.7', location: { latitude: 1, longitude: 2 } },
    });
    await call(own, devicesApi.status, { token: ds[1]!.auth, body: { batteryLevel: 66, location: null } });
    expect(own.ctx.hot.status.backlog).toBe(2);
    await own.stop();
    const client = new pg.Client({ connectionString: own.databaseUrl });
    await client.connect();
    try {
      const { rows: stored } = await client.query<{ id: string; battery_level: number; local_ip_address: string }>(
        'select id, battery_level, local_ip_address, location from devices where id = any($1) order by battery_level',
        [[ds[0]!.deviceId, ds[1]!.deviceId, ds[2]!.deviceId]],
      );
      expect(stored).toEqual([
        { id: ds[2]!.deviceId, battery_level: 32, local_ip_address: '192.168.1.20', location: null },
        { id: ds[1]!.deviceId, battery_level: 66, local_ip_address: '192.168.1.20', location: null },
        {
          id: ds[0]!.deviceId,
          battery_level: 77,
          local_ip_address: '10.7.7.7',
          location: { latitude: 1, longitude: 2 },
        },
      ]);
    } finally {
      await client.end();
    }
  });
});

describe('long-poll (issue 14, item 2)', () => {
  it('holds up to 300 s, 60 s by default, and ends long waits up to 10 % early (jitter)', async () => {
    expect(holdMs(300, 0)).toBe(300_000);
    expect(holdMs(300, 0.999)).toBeGreaterThanOrEqual(270_000);
    expect(holdMs(60, 0.5)).toBe(57_000);
    expect(holdMs(5, 0.9)).toBe(5_000);
    // Whole seconds (few distinct timer durations in a process holding thousands of polls).
    for (const r of [0.123, 0.5, 0.987]) expect(holdMs(45, r) % 1000).toBe(0);
    const d = await newDevice();
    const poll = call(rt, policyApi.events, { token: d.auth });
    await until(() => rt.ctx.wakeups.waiterCount(d.deviceId) === 1, 'the default wait to hold the poll');
    await wakeDevice(rt.ctx, d.deviceId);
    expect((await poll).statusCode).toBe(200);
    const longest = call(rt, policyApi.events, { token: d.auth, query: { wait: 300, version: 0 } });
    await until(() => rt.ctx.wakeups.waiterCount(d.deviceId) === 1, 'a 300 s poll');
    await wakeDevice(rt.ctx, d.deviceId);
    expect((await longest).statusCode).toBe(200);
  });

  it('beyond the process-wide cap a poll answers at once, as with wait=0, with retry-after', async () => {
    const b = await secondInstance({ maxLongPolls: 1 });
    const [d1, d2] = [await newDevice(), await newDevice()];
    const held = call({ app: b.app }, policyApi.events, { token: d1.auth, query: { wait: 30, version: 0 } });
    await until(() => b.ctx.wakeups.waiterCount() === 1, 'the first poll to hold');
    const started = Date.now();
    const over = await call({ app: b.app }, policyApi.events, { token: d2.auth, query: { wait: 30, version: 0 } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(over.statusCode).toBe(200);
    expect(over.headers['retry-after']).toBe(String(OVER_CAP_RETRY_SECONDS));
    expect(jsonOf<EventsResponse>(over).data).toEqual({
      policyVersion: 0,
      policyChanged: false,
      messages: [],
      logout: false,
    });
    expect(b.ctx.wakeups.pollsOverCap).toBe(1);
    expect(b.ctx.wakeups.waiterCount()).toBe(1);
    await wakeDevice(rt.ctx, d1.deviceId);
    expect((await held).statusCode).toBe(200);
  });
});

describe('atomic seat counter (issue 14, item 3)', () => {
  it('enrolments of one family run side by side, take exactly the seats bought, and one more is refused', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'SL', 8);
    const token = await enrolmentToken(rt, c.id);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(rt, devicesApi.enrol, { body: enrolBody(token, { appName: 'SL' }), ip: randomIp() }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(8);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(jsonOf<ErrorResponse>(r)).toMatchObject({ code: 'E_NO_LICENCE' });
    const one = await call(rt, devicesApi.enrol, { body: enrolBody(token, { appName: 'SL' }), ip: randomIp() });
    expect(one.statusCode).toBe(402);
    const [row] = await rt.ctx.db
      .select()
      .from(customerSeats)
      .where(and(eq(customerSeats.customerId, c.id), eq(customerSeats.family, 'SL')));
    expect(row).toMatchObject({ purchased: 8, used: 8 });
    const active = await rt.ctx.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.customerId, c.id), eq(devices.family, 'SL')));
    expect(active).toHaveLength(8);
  });

  it('a grant that expired since the last count is not sold: the ledger is asked again', async () => {
    const c = await newCustomer(rt);
    await buy(rt.ctx.db, c.id, 'KM', 1, { expiresAt: new Date(Date.now() + 1_500) });
    await buy(rt.ctx.db, c.id, 'KM', 1, { expiresAt: daysFromNow(30) });
    const token = await enrolmentToken(rt, c.id);
    expect(
      (await call(rt, devicesApi.enrol, { body: enrolBody(token, { appName: 'KM' }), ip: randomIp() })).statusCode,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 2_000));
    const late = await call(rt, devicesApi.enrol, { body: enrolBody(token, { appName: 'KM' }), ip: randomIp() });
    expect(late.statusCode).toBe(402);
    expect(jsonOf<ErrorResponse>(late).code).toBe('E_NO_LICENCE');
  });
});

describe('GET /metrics (issue 14, item 5)', () => {
  const TOKEN = 'metrics-token-for-the-test-0123';

  it('is off (404) without METRICS_TOKEN', async () => {
    expect(rt.config.metricsToken).toBeNull();
    const res = await rt.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('answers only the bearer of METRICS_TOKEN, in Prometheus text format', async () => {
    const m = await secondInstance({ metricsToken: TOKEN });
    const d = await newDevice();
    await call({ app: m.app }, policyApi.policy, { token: d.auth });
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-00', TOKEN, `Device ${TOKEN}`]) {
      const res = await m.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
    }
    const res = await m.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/v1\/device\/policy",status="200"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/api\/v1\/device\/policy"/);
    for (const name of [
      'fleetdeck_long_polls_held',
      'fleetdeck_device_wakeups_total',
      'fleetdeck_job_queue_depth',
      'fleetdeck_job_queue_oldest_age_seconds',
      'fleetdeck_db_pool_connections{state="total"}',
      'fleetdeck_db_pool_connections{state="waiting"}',
      'fleetdeck_device_token_cache_hits_total',
      'process_resident_memory_bytes',
    ]) {
      expect(text, name).toContain(name);
    }
  });
});
