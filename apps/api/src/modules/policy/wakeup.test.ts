import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { policyApi, type EventsResponse } from '@fleetdeck/contract';
import { buildApp } from '../../app.ts';
import { EventsBatcher } from './events-batch.ts';
import { createLogger } from '../../logger.ts';
import { memoryLogger } from '../../../test/support/memory-log.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import { buy } from '../../../test/support/ledger.ts';
import {
  MAX_WAITERS_PER_DEVICE,
  WAKE_CHANNEL,
  createWakeupHub,
  enqueueDeviceMessage,
  notifyInTransaction,
  wakeDevice,
  type Wait,
  type WakeupHub,
  type WakeupHubOptions,
} from './wakeup.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, enrolDevice, enrolmentToken } from '../../../test/support/factory.ts';

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof newCustomer>>;
let ownerEnrolmentToken: string;
const hubs: WakeupHub[] = [];

beforeAll(async () => {
  // A real listening server too: the abandoned-poll test needs a socket to close.
  rt = await startTestRuntime(inject('pgAdminUrl'), { listen: true });
  owner = await newCustomer(rt);
  await buy(rt.ctx.db, owner.id, 'PD', 50);
  ownerEnrolmentToken = await enrolmentToken(rt, owner.id);
});
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.stop()));
});
afterAll(async () => rt?.close());

/** Another API process's listener on the same database (what a second `ROLE=api` process runs). */
async function otherHub(opts: Partial<WakeupHubOptions> = {}) {
  const { logger, lines } = memoryLogger();
  const hub = createWakeupHub({ connectionString: rt.databaseUrl, logger, ...opts });
  hubs.push(hub);
  await hub.start();
  return { hub, lines };
}

const newDevice = () => enrolDevice(rt, ownerEnrolmentToken, { appName: 'PD' });

/** Settles with the outcome, or 'pending' if the wait is still open after `ms`. */
async function outcomeWithin(w: Wait, ms: number) {
  return Promise.race([w.promise, new Promise<'pending'>((r) => setTimeout(() => r('pending'), ms))]);
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('WakeupHub across processes (LISTEN/NOTIFY)', () => {
  it('a wait on hub B is woken by wakeDevice sent through process A; other devices keep waiting', async () => {
    const { hub: b } = await otherHub();
    expect(b.listening).toBe(true);
    const deviceId = crypto.randomUUID();
    const otherId = crypto.randomUUID();
    const onB = b.wait(deviceId, 20_000);
    const onA = rt.ctx.wakeups.wait(deviceId, 20_000);
    const other = b.wait(otherId, 20_000);
    expect(b.waiterCount()).toBe(2);

    const started = Date.now();
    await wakeDevice(rt.ctx, deviceId);
    expect(await outcomeWithin(onB, 5_000)).toBe('woken');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await outcomeWithin(onA, 5_000)).toBe('woken');
    expect(b.waiterCount(deviceId)).toBe(0);
    expect(await outcomeWithin(other, 300)).toBe('pending');
    expect(b.waiterCount(otherId)).toBe(1);
    other.cancel();
    other.cancel();
    expect(await other.promise).toBe('cancelled');
    expect(b.waiterCount()).toBe(0);
  });

  it('one notification carrying several device ids (a fan-out batch) wakes each of them, and no other', async () => {
    const { hub: b } = await otherHub();
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const otherId = crypto.randomUUID();
    const waits = ids.map((id) => b.wait(id, 20_000));
    const other = b.wait(otherId, 20_000);
    await rt.ctx.pool.query('select pg_notify($1, $2)', [
      WAKE_CHANNEL,
      [ids[0], crypto.randomUUID(), ...ids.slice(1)].join(','),
    ]);
    for (const w of waits) expect(await outcomeWithin(w, 5_000)).toBe('woken');
    expect(await outcomeWithin(other, 300)).toBe('pending');
    other.cancel();
  });

  it('a notify inside a transaction wakes on commit and never on rollback', async () => {
    const { hub: b } = await otherHub();
    const deviceId = crypto.randomUUID();
    const w = b.wait(deviceId, 20_000);
    await expect(
      rt.ctx.db.transaction(async (tx) => {
        await notifyInTransaction(tx, deviceId);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await outcomeWithin(w, 500)).toBe('pending');

    let committed = false;
    await rt.ctx.db.transaction(async (tx) => {
      await notifyInTransaction(tx, deviceId);
      // Not before the commit.
      expect(await outcomeWithin(w, 300)).toBe('pending');
      committed = true;
    });
    expect(committed).toBe(true);
    expect(await outcomeWithin(w, 5_000)).toBe('woken');
  });

  it('an Apply served by process A wakes a long-poll held by process B within 1 s', async () => {
    const { hub: b } = await otherHub();
    let appB: FastifyInstance | null = null;
    try {
      appB = await buildApp({ ...rt.ctx, wakeups: b }, { serveWeb: false });
      const d = await newDevice();
      let answeredAt = 0;
      const pollOnB = call({ app: appB }, policyApi.events, { token: d.auth, query: { wait: 30, version: 0 } }).then(
        (res) => {
          answeredAt = Date.now();
          return res;
        },
      );
      await until(() => b.waiterCount(d.deviceId) === 1, 'the poll on B');
      expect(rt.ctx.wakeups.waiterCount(d.deviceId)).toBe(0);

      const applyStarted = Date.now();
      const applied = await call(rt, policyApi.apply, { token: owner.token, query: { profileId: d.profileId } });
      expect(applied.statusCode).toBe(200);
      const res = await pollOnB;
      expect(answeredAt - applyStarted).toBeLessThan(1000);
      expect(res.statusCode).toBe(200);
      expect(jsonOf<EventsResponse>(res).data).toEqual({
        policyVersion: 1,
        policyChanged: true,
        messages: [],
        logout: false,
      });
    } finally {
      await appB?.close();
    }
  });
});

describe('WakeupHub connection loss', () => {
  it('after simulateConnectionLoss it reconnects and wakes every waiter once, then listens again', async () => {
    const { hub, lines } = await otherHub({ backoff: { initialMs: 50, maxMs: 200 } });
    const dev1 = crypto.randomUUID();
    const dev2 = crypto.randomUUID();
    const waits = [hub.wait(dev1, 30_000), hub.wait(dev1, 30_000), hub.wait(dev2, 30_000)];

    hub.simulateConnectionLoss();
    expect(hub.listening).toBe(false);
    // Notifications sent now are lost: waking everyone on reconnect makes each poll look again.
    await wakeDevice(rt.ctx, crypto.randomUUID());
    const outcomes = await Promise.all(waits.map((w) => outcomeWithin(w, 5_000)));
    expect(outcomes).toEqual(['woken', 'woken', 'woken']);
    expect(hub.listening).toBe(true);
    expect(hub.waiterCount()).toBe(0);
    expect(lines.join('')).toContain('wake-up listener lost its connection; reconnecting');
    expect(lines.filter((l) => l.includes('wake-up listener reconnected'))).toHaveLength(1);

    // Once: a wait opened after the reconnect is not woken by it…
    const later = hub.wait(dev1, 30_000);
    const bystander = hub.wait(dev2, 30_000);
    expect(await outcomeWithin(later, 500)).toBe('pending');
    // …and the new connection LISTENs: a notification reaches it.
    await wakeDevice(rt.ctx, dev1);
    expect(await outcomeWithin(later, 5_000)).toBe('woken');
    expect(await outcomeWithin(bystander, 300)).toBe('pending');
  });

  it('a LISTEN connection terminated by the server is opened again', async () => {
    const { hub, lines } = await otherHub({ backoff: { initialMs: 50, maxMs: 200 } });
    const deviceId = crypto.randomUUID();
    const w = hub.wait(deviceId, 30_000);
    const killed = await rt.ctx.pool.query<{ ok: boolean }>(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query = $1`,
      [`LISTEN ${WAKE_CHANNEL}`],
    );
    // The runtime's own listener and this hub's.
    expect(killed.rows.length).toBeGreaterThanOrEqual(2);
    expect(await outcomeWithin(w, 10_000)).toBe('woken');
    await until(() => hub.listening && rt.ctx.wakeups.listening, 'both listeners back');
    expect(lines.join('')).toContain('wake-up listener reconnected');

    const again = hub.wait(deviceId, 30_000);
    const onRuntime = rt.ctx.wakeups.wait(deviceId, 30_000);
    await wakeDevice(rt.ctx, deviceId);
    expect(await outcomeWithin(again, 5_000)).toBe('woken');
    expect(await outcomeWithin(onRuntime, 5_000)).toBe('woken');
  });

  it('start() rejects when the database cannot be reached', async () => {
    const url = new URL(rt.databaseUrl);
    url.port = '1';
    const hub = createWakeupHub({ connectionString: url.toString(), logger: createLogger('silent') });
    hubs.push(hub);
    await expect(hub.start()).rejects.toThrow();
    expect(hub.listening).toBe(false);
  });
});

describe('WakeupHub waits', () => {
  it('drain() answers open waits with shutdown and refuses new ones; stop() closes the listener for good', async () => {
    const { hub } = await otherHub({ backoff: { initialMs: 20, maxMs: 50 } });
    const a = hub.wait(crypto.randomUUID(), 30_000);
    const b = hub.wait(crypto.randomUUID(), 30_000);
    hub.drain();
    expect(await outcomeWithin(a, 1_000)).toBe('shutdown');
    expect(await outcomeWithin(b, 1_000)).toBe('shutdown');
    expect(hub.waiterCount()).toBe(0);
    const late = hub.wait(crypto.randomUUID(), 30_000);
    expect(await outcomeWithin(late, 100)).toBe('shutdown');
    expect(hub.waiterCount()).toBe(0);
    // Draining does not close the listener (stop does).
    expect(hub.listening).toBe(true);

    await hub.stop();
    expect(hub.listening).toBe(false);
    hub.simulateConnectionLoss();
    await new Promise((r) => setTimeout(r, 200));
    expect(hub.listening).toBe(false);
    expect(await outcomeWithin(hub.wait(crypto.randomUUID(), 30_000), 100)).toBe('shutdown');
  });

  it(`more than ${MAX_WAITERS_PER_DEVICE} waits of one device supersede the oldest`, async () => {
    const { hub } = await otherHub();
    const deviceId = crypto.randomUUID();
    const otherId = crypto.randomUUID();
    const unrelated = hub.wait(otherId, 30_000);
    const waits = Array.from({ length: MAX_WAITERS_PER_DEVICE + 2 }, () => hub.wait(deviceId, 30_000));
    // The two oldest answer at once, the newest stay.
    expect(await outcomeWithin(waits[0]!, 100)).toBe('superseded');
    expect(await outcomeWithin(waits[1]!, 100)).toBe('superseded');
    for (const w of waits.slice(2)) expect(await outcomeWithin(w, 50)).toBe('pending');
    expect(hub.waiterCount(deviceId)).toBe(MAX_WAITERS_PER_DEVICE);
    expect(await outcomeWithin(unrelated, 50)).toBe('pending');

    hub.wakeLocal(deviceId);
    for (const w of waits.slice(2)) expect(await w.promise).toBe('woken');
    expect(hub.waiterCount()).toBe(1);
    unrelated.cancel();

    const { hub: single } = await otherHub({ maxWaitersPerDevice: 1 });
    const first = single.wait(deviceId, 30_000);
    const second = single.wait(deviceId, 30_000);
    expect(await outcomeWithin(first, 100)).toBe('superseded');
    expect(await outcomeWithin(second, 50)).toBe('pending');
  });

  it('a wait times out after its time, and cancel answers cancelled once', async () => {
    const { hub } = await otherHub();
    const deviceId = crypto.randomUUID();
    const started = Date.now();
    const w = hub.wait(deviceId, 150);
    expect(await w.promise).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(hub.waiterCount(deviceId)).toBe(0);

    const c = hub.wait(deviceId, 30_000);
    c.cancel();
    expect(await c.promise).toBe('cancelled');
    // A wake-up after the end changes nothing.
    hub.wakeLocal(deviceId);
    expect(await c.promise).toBe('cancelled');
    expect(hub.waiterCount()).toBe(0);
  });
});

describe('GET /api/v1/device/events over a real connection', () => {
  it('a poll abandoned while its first read queued takes none of the messages queued meanwhile', async () => {
    // Under load the first read of a poll can run after the device hung up (the flake this test pins down).
    const d = await newDevice();
    const { id } = await enqueueDeviceMessage(rt.ctx, rt.ctx.db, d.deviceId, 'notification', { title: 'Kept' });
    const request = { deviceId: d.deviceId, profileId: d.profileId, knownVersion: 0, takeMessages: true };
    const abandoned = await rt.ctx.hot.events.read({ ...request, stillWanted: () => false });
    expect(abandoned.messages).toEqual([]);
    const next = await rt.ctx.hot.events.read(request);
    expect(next.messages.map((m) => m._id)).toEqual([id]);
  });

  it('a poll abandoned while its read waited for a database connection takes none of the messages queued meanwhile', async () => {
    // The pool opening a connection can take hundreds of milliseconds on a loaded machine: whether the poll is still
    // wanted is asked once the connection is in hand, not before (events-batch.ts).
    const d = await newDevice();
    let openConnection!: () => void;
    const connectionOpened = new Promise<void>((resolve) => (openConnection = resolve));
    const slowPool = {
      connect: async () => {
        await connectionOpened;
        return rt.ctx.pool.connect();
      },
    } as unknown as pg.Pool;
    const batcher = new EventsBatcher(slowPool, { maxMessages: 10 });
    let connectionOpen = true;
    const request = { deviceId: d.deviceId, profileId: d.profileId, knownVersion: 0, takeMessages: true };
    const abandoned = batcher.read({ ...request, stillWanted: () => connectionOpen });
    await new Promise((r) => setTimeout(r, 20)); // the batch window (3 ms) has passed: its run waits on connect()
    connectionOpen = false;
    const { id } = await enqueueDeviceMessage(rt.ctx, rt.ctx.db, d.deviceId, 'notification', { title: 'Kept' });
    openConnection();
    expect((await abandoned).messages).toEqual([]);
    const next = await rt.ctx.hot.events.read(request);
    expect(next.messages.map((m) => m._id)).toEqual([id]);
  });

  it('a poll the device abandons stops waiting and leaves its messages for the next poll', async () => {
    const d = await newDevice();
    const controller = new AbortController();
    const abandoned = fetch(`${rt.url}${policyApi.events.path}?wait=30&version=0`, {
      headers: { authorization: d.auth },
      signal: controller.signal,
    }).catch((err: unknown) => err);
    await until(() => rt.ctx.wakeups.waiterCount(d.deviceId) === 1, 'the poll to wait');
    controller.abort();
    expect(await abandoned).toBeInstanceOf(Error);
    await until(() => rt.ctx.wakeups.waiterCount(d.deviceId) === 0, 'the abandoned wait to end', 5_000);

    const { id } = await enqueueDeviceMessage(rt.ctx, rt.ctx.db, d.deviceId, 'notification', { title: 'Still here' });
    const next = await fetch(`${rt.url}${policyApi.events.path}?wait=30&version=0`, {
      headers: { authorization: d.auth },
    });
    expect(next.status).toBe(200);
    const body = (await next.json()) as EventsResponse;
    expect(body.data.messages.map((m) => m._id)).toEqual([id]);
  });

  it('the ETag round-trip works over HTTP: 304 with no body', async () => {
    const d = await newDevice();
    const first = await fetch(`${rt.url}${policyApi.policy.path}`, { headers: { authorization: d.auth } });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toBe(`"${d.profileId}:0"`);
    const second = await fetch(`${rt.url}${policyApi.policy.path}`, {
      headers: { authorization: d.auth, 'if-none-match': etag },
    });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
  });

  // Last: it drains the runtime's hub, as shutdown does.
  it('draining at shutdown answers an open long-poll at once without taking messages', async () => {
    const d = await newDevice();
    let answeredAt = 0;
    const poll = fetch(`${rt.url}${policyApi.events.path}?wait=30&version=0`, {
      headers: { authorization: d.auth },
    }).then((res) => {
      answeredAt = Date.now();
      return res;
    });
    await until(() => rt.ctx.wakeups.waiterCount(d.deviceId) === 1, 'the poll to wait');
    // The wait is registered before the poll's first look at the database: let that look finish first.
    await new Promise((r) => setTimeout(r, 300));
    // A message lands without a wake-up (as if the notification were lost)…
    await rt.ctx.pool.query(
      `insert into device_messages (device_id, kind, payload) values ($1, 'notification', '{}')`,
      [d.deviceId],
    );
    const drained = Date.now();
    rt.ctx.wakeups.drain();
    const res = await poll;
    expect(answeredAt - drained).toBeLessThan(5_000);
    expect(res.status).toBe(200);
    const body = (await res.json()) as EventsResponse;
    // …and stays for the device's next poll (at the next process).
    expect(body.data).toEqual({ policyVersion: 0, policyChanged: false, messages: [], logout: false });
    const rows = await rt.ctx.pool.query<{ delivered_at: Date | null }>(
      'select delivered_at from device_messages where device_id = $1',
      [d.deviceId],
    );
    expect(rows.rows).toEqual([{ delivered_at: null }]);
  });
});
