import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_MAX_ATTEMPTS,
  webhookEndpointsApi as api,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@fleetdeck/contract';
import { auditEntries, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, newMember } from '../../../test/support/factory.ts';
import { dataOf, failure, fleetOwner } from '../../../test/support/profiles.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startFileRuntime } from '../../../test/support/suites.ts';
import { startReceiver, type Receiver } from '../../../test/support/webhook-receiver.ts';
import { BACKOFF_SECONDS, sweepWebhooks } from './deliver.ts';
import { emitWebhookEvent } from './events.ts';

/**
 * Webhooks end to end (DECISIONS §13), against a real receiver on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE_URLS=1 as every
 * test runtime): a real event signed as Standard Webhooks (checked with the `standardwebhooks` library, not our code),
 * retries with backoff and the log, the final failure, the 3-day disable with the Owners' email, the test event,
 * retry now, the endpoint limit, bad input, other accounts and roles.
 */

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;
let receiver: Receiver;

beforeAll(async () => {
  rt = await startFileRuntime();
  owner = await fleetOwner(rt, 20);
  receiver = await startReceiver((r) => (r.path.startsWith('/fail') ? 500 : 200));
});
afterAll(async () => {
  await receiver?.close();
  await rt?.close();
});

type Created = WebhookEndpoint & { secret: string };

async function create(path: string, events = ['device.enrolled'], token = owner.token): Promise<Created> {
  return dataOf<Created>(
    await call(rt, api.webhookCreate, { token, body: { url: receiver.url(path), events, description: path } }),
  );
}

async function deliveries(endpointId: string, query: Record<string, string | number> = {}) {
  const res = await call(rt, api.webhookDeliveries, { token: owner.token, params: { id: endpointId }, query });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as {
    data: WebhookDelivery[];
    pagination: { page: number; limit: number; total: number };
  };
}

/** Waits until `check` answers a value (the worker records outcomes just after the receiver answers). */
async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('until: timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const endpointRow = async (id: string) =>
  (await rt.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

/** Makes the endpoint's pending retries due now and runs the sweep (as the worker does every few seconds). */
async function retryDueNow(endpointId: string) {
  await rt.ctx.db
    .update(webhookDeliveries)
    .set({ nextRetryAt: sql`now()` })
    .where(sql`${webhookDeliveries.endpointId} = ${endpointId} and ${webhookDeliveries.state} = 'pending'`);
  await sweepWebhooks(rt.ctx);
}

describe('a real event', () => {
  it('enrolling a device POSTs device.enrolled, signed as Standard Webhooks, and the log shows it succeeded', async () => {
    const hook = await create('/enrolled');
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    expect(hook.secretPrefix).toBe(`${hook.secret.slice(0, 10)}…`);
    // The secret is answered once: never in the list.
    const list = dataOf<WebhookEndpoint[]>(await call(rt, api.webhookList, { token: owner.token }));
    expect(list.find((h) => h._id === hook._id)).not.toHaveProperty('secret');
    expect(JSON.stringify(list)).not.toContain(hook.secret);

    const device = await owner.enrol('PD');
    const got = await receiver.waitFor((r) => r.path === '/enrolled');
    expect(got.headers['content-type']).toBe('application/json');
    // The library's own verification (throws on a bad signature or an old timestamp).
    const verified = new Webhook(hook.secret).verify(got.body, got.headers) as {
      id: string;
      type: string;
      created_at: string;
      data: { deviceId: string; serialNumber: string };
    };
    expect(verified.type).toBe('device.enrolled');
    expect(verified.id).toBe(got.headers['webhook-id']);
    expect(verified.data.deviceId).toBe(device.deviceId);
    expect(verified.data.serialNumber).toBe(device.serialNumber);
    expect(Object.keys(verified).sort()).toEqual(['created_at', 'data', 'id', 'type']);
    // Another secret does not verify it.
    expect(() =>
      new Webhook('whsec_' + Buffer.alloc(24, 1).toString('base64')).verify(got.body, got.headers),
    ).toThrow();

    const log = await until(async () => {
      const d = (await deliveries(hook._id)).data[0];
      return d?.state === 'succeeded' && d;
    });
    expect(log).toMatchObject({ event: 'device.enrolled', eventId: verified.id, attempts: 1, lastStatus: 200 });
    expect(log.nextRetryAt).toBeNull();
    expect((await endpointRow(hook._id)).lastSuccessAt).not.toBeNull();
  });

  it('sends only the events an endpoint subscribed to, and nothing for a rolled-back change', async () => {
    const hook = await create('/only-logout', ['device.logged_out']);
    await owner.enrol('PD');
    await rt.settle();
    expect((await deliveries(hook._id)).pagination.total).toBe(0);
    // An event written in a transaction that rolls back leaves no delivery.
    await expect(
      rt.ctx.db.transaction(async (tx) => {
        await emitWebhookEvent(rt.ctx, tx, owner.id, 'device.logged_out', { deviceId: 'x' }, () => undefined);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await deliveries(hook._id)).pagination.total).toBe(0);
  });
});

describe('retries', () => {
  it('a 500 is retried after the backoff; the next try succeeds with the same event id; the log tells', async () => {
    let calls = 0;
    const hook = await create('/flaky');
    receiver.answerWith((r) =>
      r.path === '/flaky' ? (++calls === 1 ? 500 : 200) : r.path.startsWith('/fail') ? 500 : 200,
    );
    await owner.enrol('PD');
    const first = await until(async () => {
      const d = (await deliveries(hook._id)).data[0];
      return d && d.attempts === 1 && d;
    });
    expect(first).toMatchObject({ state: 'pending', lastStatus: 500, lastResponse: 'receiver says 500' });
    const wait = (Date.parse(first.nextRetryAt!) - Date.parse(first.lastAttemptAt!)) / 1000;
    expect(wait).toBeGreaterThanOrEqual(BACKOFF_SECONDS[0] - 1);
    expect(wait).toBeLessThanOrEqual(BACKOFF_SECONDS[0] + 1);
    expect((await endpointRow(hook._id)).failingSince).not.toBeNull();

    await retryDueNow(hook._id);
    const [second] = (await deliveries(hook._id)).data;
    expect(second).toMatchObject({ state: 'succeeded', attempts: 2, lastStatus: 200, nextRetryAt: null });
    const tries = receiver.received.filter((r) => r.path === '/flaky');
    expect(tries).toHaveLength(2);
    expect(tries[1]!.headers['webhook-id']).toBe(tries[0]!.headers['webhook-id']);
    const row = await endpointRow(hook._id);
    expect(row.failingSince).toBeNull();
    expect(row.lastSuccessAt).not.toBeNull();
    receiver.answerWith((r) => (r.path.startsWith('/fail') ? 500 : 200));
  });

  it(`fails for good after ${WEBHOOK_MAX_ATTEMPTS} tries, waiting longer each time`, async () => {
    const hook = await create('/fail-always');
    await owner.enrol('PD');
    await until(async () => (await deliveries(hook._id)).data[0]?.attempts === 1);
    const waits: number[] = [];
    for (let n = 1; n < WEBHOOK_MAX_ATTEMPTS; n++) {
      const [d] = (await deliveries(hook._id)).data;
      expect(d).toMatchObject({ state: 'pending', attempts: n });
      waits.push(Math.round((Date.parse(d!.nextRetryAt!) - Date.parse(d!.lastAttemptAt!)) / 1000));
      await retryDueNow(hook._id);
    }
    expect(waits).toEqual([...BACKOFF_SECONDS]);
    // About 24 h in all.
    const total = waits.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20 * 3600);
    expect(total).toBeLessThan(28 * 3600);
    const [last] = (await deliveries(hook._id)).data;
    expect(last).toMatchObject({ state: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, lastStatus: 500, nextRetryAt: null });
    expect(receiver.received.filter((r) => r.path === '/fail-always')).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    // The state filter and retry now: a failed delivery gets a fresh round.
    expect((await deliveries(hook._id, { state: 'failed' })).data).toHaveLength(1);
    expect((await deliveries(hook._id, { state: 'succeeded' })).data).toHaveLength(0);
    receiver.answerWith(() => 200);
    const retried = dataOf<WebhookDelivery>(
      await call(rt, api.webhookDeliveryRetry, { token: owner.token, params: { id: hook._id, deliveryId: last!._id } }),
    );
    expect(retried).toMatchObject({ state: 'pending', attempts: 0 });
    const done = await until(async () => {
      const d = (await deliveries(hook._id)).data[0];
      return d?.state === 'succeeded' && d;
    });
    expect(done.attempts).toBe(1);
    receiver.answerWith((r) => (r.path.startsWith('/fail') ? 500 : 200));
  });

  it('an endpoint failing for 3 days is disabled with the reason in words, and the Owner is emailed', async () => {
    const admin = await newMember(rt, owner, 'Admin');
    const hook = await create('/fail-for-days');
    await owner.enrol('PD');
    await until(async () => (await deliveries(hook._id)).data[0]?.attempts === 1);
    // Failing for a little over 3 days; the next failed try disables it.
    await rt.ctx.db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '3 days 1 minute'` })
      .where(eq(webhookEndpoints.id, hook._id));
    await retryDueNow(hook._id);
    const row = await endpointRow(hook._id);
    expect(row.enabled).toBe(false);
    expect(row.disabledReason).toMatch(/^Failing since \d{4}-\d\d-\d\d \d\d:\d\d UTC: disabled after 3 days/);
    const mail = await rt.smtp.waitFor(owner.email, (m) => m.subject.includes('webhook endpoint was disabled'));
    expect(mail.text).toContain(receiver.url('/fail-for-days'));
    // Owners only.
    const outbox = await rt.ctx.db.execute<{ to_address: string }>(
      sql`select to_address from email_outbox where template = 'webhook-disabled'`,
    );
    expect(outbox.rows.map((r) => r.to_address)).toEqual([owner.email]);
    expect(outbox.rows.map((r) => r.to_address)).not.toContain(admin.email);

    // Disabled: new events are not written for it; its pending delivery is not sent.
    await owner.enrol('PD');
    await rt.settle();
    expect((await deliveries(hook._id)).pagination.total).toBe(1);
    await retryDueNow(hook._id);
    expect((await deliveries(hook._id)).data[0]).toMatchObject({ state: 'failed' });
    // Turned back on: a fresh start.
    const on = dataOf<WebhookEndpoint>(
      await call(rt, api.webhookUpdate, { token: owner.token, params: { id: hook._id }, body: { enabled: true } }),
    );
    expect(on).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });
});

describe('the calls', () => {
  it('test sends webhook.test to that endpoint only; the log pages newest first', async () => {
    const a = await create('/test-a', ['payment.failed']);
    const b = await create('/test-b', ['payment.failed']);
    const queued = dataOf<WebhookDelivery>(
      await call(rt, api.webhookTest, { token: owner.token, params: { id: a._id } }),
    );
    expect(queued).toMatchObject({ event: 'webhook.test', state: 'pending', attempts: 0 });
    const got = await receiver.waitFor((r) => r.path === '/test-a');
    expect((new Webhook(a.secret).verify(got.body, got.headers) as { type: string }).type).toBe('webhook.test');
    await rt.settle();
    expect(receiver.received.filter((r) => r.path === '/test-b')).toHaveLength(0);
    expect((await deliveries(b._id)).pagination.total).toBe(0);

    for (let i = 0; i < 11; i++) await call(rt, api.webhookTest, { token: owner.token, params: { id: a._id } });
    await until(async () => (await deliveries(a._id, { state: 'succeeded' })).pagination.total === 12);
    const page1 = await deliveries(a._id, { page: 1, limit: 10 });
    const page2 = await deliveries(a._id, { page: 2, limit: 10 });
    expect(page1.pagination).toEqual({ page: 1, limit: 10, total: 12 });
    expect(page1.data).toHaveLength(10);
    expect(page2.data).toHaveLength(2);
    expect(page2.data[1]!._id).toBe(queued._id);
    const times = [...page1.data, ...page2.data].map((d) => Date.parse(d.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('rotate answers a new secret once; the old one no longer verifies; update and delete; all audited', async () => {
    const hook = await create('/rotate', ['payment.succeeded']);
    const rotated = dataOf<Created>(
      await call(rt, api.webhookRotateSecret, { token: owner.token, params: { id: hook._id } }),
    );
    expect(rotated.secret).not.toBe(hook.secret);
    await call(rt, api.webhookTest, { token: owner.token, params: { id: hook._id } });
    const got = await receiver.waitFor((r) => r.path === '/rotate');
    expect(() => new Webhook(rotated.secret).verify(got.body, got.headers)).not.toThrow();
    expect(() => new Webhook(hook.secret).verify(got.body, got.headers)).toThrow();

    const updated = dataOf<WebhookEndpoint>(
      await call(rt, api.webhookUpdate, {
        token: owner.token,
        params: { id: hook._id },
        body: {
          url: receiver.url('/rotate-2'),
          events: ['payment.failed', 'licences.exceeded'],
          description: 'Billing',
        },
      }),
    );
    expect(updated).toMatchObject({ url: receiver.url('/rotate-2'), events: ['payment.failed', 'licences.exceeded'] });
    dataOf(await call(rt, api.webhookDelete, { token: owner.token, params: { id: hook._id } }));
    failure(await call(rt, api.webhookDelete, { token: owner.token, params: { id: hook._id } }), 404, 'E_NOT_FOUND');
    const audits = await rt.ctx.db
      .select({ message: auditEntries.message })
      .from(auditEntries)
      .where(sql`${auditEntries.customerId} = ${owner.id} and ${auditEntries.subType} = 'Webhooks'`);
    const messages = audits.map((a) => a.message).join('\n');
    expect(messages).toContain(`Webhook endpoint ${receiver.url('/rotate')} created`);
    expect(messages).toContain('signing secret rotated');
    expect(messages).toContain(`URL ${receiver.url('/rotate')} → ${receiver.url('/rotate-2')}`);
    expect(messages).toContain(`Webhook endpoint ${receiver.url('/rotate-2')} deleted`);
    expect(messages).not.toContain(rotated.secret);
  });

  it('bad input answers 400 with what is wrong', async () => {
    const bad = async (body: unknown, words: RegExp) => {
      const res = await call(rt, api.webhookCreate, { token: owner.token, body });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.parse(res.body).respones_msg).toMatch(words);
    };
    await bad({ url: 'not a url', events: ['device.enrolled'] }, /url/);
    await bad({ url: 'ftp://example.com/x', events: ['device.enrolled'] }, /url/);
    await bad({ url: receiver.url(), events: [] }, /events.*at least one/);
    await bad({ url: receiver.url(), events: ['device.exploded'] }, /events/);
    await bad({ url: receiver.url(), events: ['device.enrolled', 'device.enrolled'] }, /twice/);
    await bad({ url: 'http://no-such-host.invalid/x', events: ['device.enrolled'] }, /does not resolve/);
    const res = await call(rt, api.webhookUpdate, {
      token: owner.token,
      params: { id: crypto.randomUUID() },
      body: {},
    });
    expect(res.statusCode, res.body).toBe(400);
    const page = await call(rt, api.webhookDeliveries, {
      token: owner.token,
      params: { id: crypto.randomUUID() },
      query: { state: 'lost' },
    });
    expect(page.statusCode, page.body).toBe(400);
  });

  it(`an account holds at most ${MAX_WEBHOOK_ENDPOINTS} endpoints`, async () => {
    const other = await newCustomer(rt);
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) await create(`/limit-${i}`, ['device.enrolled'], other.token);
    const res = await call(rt, api.webhookCreate, {
      token: other.token,
      body: { url: receiver.url('/one-more'), events: ['device.enrolled'] },
    });
    failure(res, 409, 'E_CONFLICT');
  });

  it("another account's endpoints and deliveries answer 404; a Technician gets 403", async () => {
    const hook = await create('/mine', ['payment.failed']);
    const delivery = dataOf<WebhookDelivery>(
      await call(rt, api.webhookTest, { token: owner.token, params: { id: hook._id } }),
    );
    const other = await newCustomer(rt);
    const params = { id: hook._id };
    const t = other.token;
    failure(await call(rt, api.webhookUpdate, { token: t, params, body: { description: 'x' } }), 404, 'E_NOT_FOUND');
    failure(await call(rt, api.webhookDelete, { token: t, params }), 404, 'E_NOT_FOUND');
    failure(await call(rt, api.webhookRotateSecret, { token: t, params }), 404, 'E_NOT_FOUND');
    failure(await call(rt, api.webhookTest, { token: t, params }), 404, 'E_NOT_FOUND');
    failure(await call(rt, api.webhookDeliveries, { token: t, params }), 404, 'E_NOT_FOUND');
    failure(
      await call(rt, api.webhookDeliveryRetry, { token: t, params: { ...params, deliveryId: delivery._id } }),
      404,
      'E_NOT_FOUND',
    );
    expect(dataOf<WebhookEndpoint[]>(await call(rt, api.webhookList, { token: t }))).toEqual([]);

    const technician = await newMember(rt, owner, 'Technician');
    failure(await call(rt, api.webhookList, { token: technician.token }), 403, 'E_FORBIDDEN');
    failure(
      await call(rt, api.webhookCreate, {
        token: technician.token,
        body: { url: receiver.url('/tech'), events: ['device.enrolled'] },
      }),
      403,
      'E_FORBIDDEN',
    );
    const admin = await newMember(rt, owner, 'Admin');
    expect(dataOf<WebhookEndpoint[]>(await call(rt, api.webhookList, { token: admin.token })).length).toBeGreaterThan(
      0,
    );
  });
});
