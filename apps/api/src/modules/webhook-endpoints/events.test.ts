import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENTS,
  commandsApi,
  devicesApi,
  fleetApi,
  policyApi,
  webhookEndpointsApi as api,
  type Command,
  type Rollout,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@fleetdeck/contract';
import { inTransaction } from '../../context.ts';
import { licenceGrants } from '../../db/schema.ts';
import { call } from '../../../test/support/call.ts';
import { pdGroup, pdTemplate, rolloutPausingOnFailure } from '../../../test/support/fleet.ts';
import { card, checkout, confirm } from '../../../test/support/payments.ts';
import { dataOf, fleetOwner, profileRow, type Device } from '../../../test/support/profiles.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startFileRuntime } from '../../../test/support/suites.ts';
import { startReceiver, type Receiver } from '../../../test/support/webhook-receiver.ts';
import { fanOutCommand } from '../commands/jobs.ts';
import { advanceRollout } from '../fleet/rollouts-jobs.ts';
import { refreshSeatSummary } from '../licences/seats.ts';

/**
 * Each event reaches an endpoint subscribed to it from where it happens (DECISIONS §13), signed and with its data:
 * device.logged_out, policy.applied / policy.failed, command.succeeded, rollout.paused / rollout.completed,
 * payment.succeeded / payment.failed, licences.exceeded. (device.enrolled: webhooks.test.ts.)
 */

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;
let receiver: Receiver;
let hook: WebhookEndpoint & { secret: string };

beforeAll(async () => {
  rt = await startFileRuntime();
  owner = await fleetOwner(rt, 10);
  receiver = await startReceiver();
  // Every event but enrolments (each test enrols devices; enrolment is checked by the webhook suite).
  const events = WEBHOOK_EVENTS.filter((e): e is WebhookEvent => e !== 'device.enrolled');
  hook = dataOf(await call(rt, api.webhookCreate, { token: owner.token, body: { url: receiver.url('/all'), events } }));
});
afterAll(async () => {
  await receiver?.close();
  await rt?.close();
});

/** The next event of `type` the receiver got, verified with the library. */
async function event(type: string, match: (data: Record<string, unknown>) => boolean = () => true) {
  const got = await receiver.waitFor((r) => {
    const body = JSON.parse(r.body) as { type: string; data: Record<string, unknown> };
    return body.type === type && match(body.data);
    // 30 s: the delivery is a worker job, and the CI machine runs the suite on 2 shared cores.
  }, 30_000);
  return new Webhook(hook.secret).verify(got.body, got.headers) as { type: string; data: Record<string, unknown> };
}

describe('events from where they happen', () => {
  it('device.logged_out', async () => {
    const d = await owner.enrol('PD');
    const res = await call(rt, devicesApi.logout, { token: owner.token, query: { serialNumber: d.serialNumber } });
    expect(res.statusCode, res.body).toBe(200);
    const e = await event('device.logged_out', (x) => x.deviceId === d.deviceId);
    expect(e.data).toMatchObject({ serialNumber: d.serialNumber });
  });

  it('policy.applied and policy.failed from the device acks', async () => {
    const a = await owner.enrol('PD');
    const b = await owner.enrol('PD');
    const version = (await profileRow(rt, a.profileId)).policyVersion;
    const ok = await call(rt, policyApi.ack, { token: a.auth, body: { version, result: 'Success', message: '' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const vb = (await profileRow(rt, b.profileId)).policyVersion;
    const bad = await call(rt, policyApi.ack, {
      token: b.auth,
      body: { version: vb, result: 'Failed', message: 'No kiosk' },
    });
    expect(bad.statusCode, bad.body).toBe(200);
    expect((await event('policy.applied', (x) => x.deviceId === a.deviceId)).data).toMatchObject({ version });
    expect((await event('policy.failed', (x) => x.deviceId === b.deviceId)).data).toMatchObject({
      message: 'No kiosk',
    });
  });

  it('command.succeeded from the device result', async () => {
    const d = await owner.enrol('PD', { capabilities: ['ring'] });
    const created = dataOf<Command>(
      await call(rt, commandsApi.commandCreate, {
        token: owner.token,
        body: { type: 'ring', profileIds: [d.profileId] },
      }),
    );
    await fanOutCommand(rt.ctx, created._id, 2);
    await rt.settle();
    const messages = (await call(rt, policyApi.events, { token: d.auth, query: { wait: 0 } })).data().data.messages;
    const m = messages.find((x) => x.kind === 'command');
    expect(m, JSON.stringify(messages)).toBeTruthy();
    const res = await call(rt, commandsApi.commandResult, {
      token: d.auth,
      params: { id: m!._id },
      body: { state: 'succeeded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const e = await event('command.succeeded', (x) => x.deviceId === d.deviceId);
    expect(e.data).toMatchObject({ commandId: created._id, type: 'ring', state: 'succeeded' });
  });

  it('rollout.paused when too many devices fail, rollout.completed when one finishes', async () => {
    const fleet: Device[] = [await owner.enrol('PD')];
    const template = await pdTemplate(rt, owner.id, 'Strict', '1111');
    const group = await pdGroup(rt, owner.id, 'Warehouse', [fleet[0]!.profileId]);
    const rollout = await rolloutPausingOnFailure(rt, owner.token, template, group);
    const version = (await profileRow(rt, fleet[0]!.profileId)).policyVersion;
    const ack = await call(rt, policyApi.ack, {
      token: fleet[0]!.auth,
      body: { version, result: 'Failed', message: 'nope' },
    });
    expect(ack.statusCode, ack.body).toBe(200);
    // This step or the worker's own chain (whichever takes the rollout's lock first) pauses it.
    await advanceRollout(rt.ctx, rollout._id, { wait: true });
    const state = await rt.ctx.db.execute<{ state: string }>(sql`select state from rollouts where id = ${rollout._id}`);
    expect(state.rows[0]?.state).toBe('paused');
    const paused = await event('rollout.paused', (x) => x.rolloutId === rollout._id);
    expect(String(paused.data.reason)).toMatch(/fail/i);

    const other = await owner.enrol('PD');
    const template2 = await pdTemplate(rt, owner.id, 'Easy', '2222');
    const group2 = await pdGroup(rt, owner.id, 'Office', [other.profileId]);
    const second = dataOf<Rollout>(
      await call(rt, fleetApi.rolloutCreate, {
        token: owner.token,
        body: { templateId: template2.id, groupId: group2.id, stages: [{ percent: 100, soakSeconds: 0 }] },
      }),
    );
    await advanceRollout(rt.ctx, second._id, { wait: true });
    const v2 = (await profileRow(rt, other.profileId)).policyVersion;
    await call(rt, policyApi.ack, { token: other.auth, body: { version: v2, result: 'Success', message: '' } });
    for (let i = 0; i < 5; i++) await advanceRollout(rt.ctx, second._id, { wait: true });
    await event('rollout.completed', (x) => x.rolloutId === second._id);
  });

  it('payment.succeeded and payment.failed from the payment provider', async () => {
    const paid = await checkout(rt, owner.token, { priceId: 'SLOT', qty: 1 });
    expect((await confirm(rt, paid.clientSecret, card('4242424242424242'))).statusCode).toBe(200);
    const ok = await event('payment.succeeded');
    expect(ok.data).toMatchObject({ qty: 1 });
    const declined = await checkout(rt, owner.token, { priceId: 'SLOT', qty: 1 });
    expect((await confirm(rt, declined.clientSecret, card('4000000000000002'))).statusCode).toBe(402);
    const failed = await event('payment.failed');
    expect(failed.data).toMatchObject({ qty: 1 });
  });

  it('licences.exceeded when the seats under the devices go (once, on the change)', async () => {
    await owner.enrol('PD');
    // Every PD seat revoked while devices are enrolled on them.
    await rt.ctx.db
      .update(licenceGrants)
      .set({ revokedAt: sql`now()` })
      .where(eq(licenceGrants.id, owner.grants.get('PD')!));
    await inTransaction(rt.ctx.db, (tx) => refreshSeatSummary(tx, owner.id));
    const e = await event('licences.exceeded', (x) => x.family === 'PD');
    expect(e.data).toMatchObject({ purchased: 0 });
    // A recount that finds it still over sends nothing new.
    await inTransaction(rt.ctx.db, (tx) => refreshSeatSummary(tx, owner.id));
    await rt.settle();
    const count = await rt.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from webhook_deliveries where event_type = 'licences.exceeded' and customer_id = ${owner.id}`,
    );
    expect(count.rows[0]!.n).toBe(1);
  });
});
