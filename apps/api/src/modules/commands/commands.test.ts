import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPABILITIES_UNKNOWN_REASON,
  COMMAND_TYPES,
  LOGGED_OUT_REASON,
  NOT_CAPABLE_REASONS,
  activityApi,
  commandsApi,
  devicesApi,
  policyApi,
  profilesApi,
  type Command,
  type CommandCreateRequest,
} from '@fleetdeck/contract';
import { sql } from 'drizzle-orm';
import { call } from '../../../test/support/call.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { pdGroup } from '../../../test/support/fleet.ts';
import { dataOf, failure, type Device, type fleetOwner } from '../../../test/support/profiles.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startWithFleetOwner } from '../../../test/support/suites.ts';
import { fanOutCommand, fanOutLanes, sweepCommands } from './jobs.ts';
import { accountScope } from '../../lib/device-scope.ts';
import { cancelQueued, ensureLanes, findCommand, insertCommand } from './repository.ts';
import { resultBatcherOf } from './results-batch.ts';
import { returnUnsentMessages } from '../policy/service.ts';
import type { DeviceInfo } from '../devices/device-info.ts';

/**
 * Remote commands (DECISIONS §11): params checked per type, the preflight, idempotent create, the fan-out into the
 * ledger (driven directly here, with small batches), delivery through GET events (lock ahead of the queue), the
 * device's result, cancel, expiry, lost mode on the device's page, and another customer's ids refused.
 */

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;
const ALL = [...COMMAND_TYPES];
/** A device whose app says it can run these types (all by default). */
const capable = (caps: string[] = ALL) => owner.enrol('PD', { capabilities: caps });

beforeAll(async () => ({ rt, owner } = await startWithFleetOwner(100)));
afterAll(async () => rt?.close());

const send = (body: CommandCreateRequest, headers: Record<string, string> = {}, token = owner.token) =>
  call(rt, commandsApi.commandCreate, { token, body, headers });

/** Sends, then writes the ledger (the job's work) and answers the command as the console then sees it. */
async function sent(body: CommandCreateRequest) {
  const created = dataOf<Command>(await send(body));
  await fanOutCommand(rt.ctx, created._id, 2);
  // The job may have taken the command first (its worker is woken by the send): wait for it too.
  await rt.settle();
  return detail(created._id);
}

const detail = async (id: string) =>
  dataOf<Command>(await call(rt, commandsApi.commandDetail, { token: owner.token, params: { id } }));

const ledger = async (id: string, state?: string) =>
  (
    await call(rt, commandsApi.commandDevices, {
      token: owner.token,
      params: { id },
      query: { limit: 50, ...(state ? { state } : {}) },
    })
  ).data();

const poll = async (d: Device) =>
  (await call(rt, policyApi.events, { token: d.auth, query: { wait: 0 } })).data().data.messages;

const report = (d: Device, messageId: string, body: unknown) =>
  call(rt, commandsApi.commandResult, { token: d.auth, params: { id: messageId }, body });

describe('params, per type', () => {
  it.each([
    ['ring', { seconds: 0 }, 'params.seconds: must be from 1 to 300 seconds'],
    ['ring', { seconds: 301 }, 'params.seconds: must be from 1 to 300 seconds'],
    ['ring', { seconds: 2.5 }, 'params.seconds: must be a whole number of seconds from 1 to 300'],
    ['clear_app_data', {}, 'params.packageName'],
    ['lost_mode', { message: 'Call me' }, 'params.enabled: must be true (turn lost mode on) or false (turn it off)'],
    ['lock', { message: 'x'.repeat(201) }, 'params.message: must be at most 200 characters'],
    ['reboot', { force: true }, 'params'],
    ['locate', { accuracy: 5 }, 'params'],
  ] as const)('%s %j is refused naming the field', async (type, params, message) => {
    const d = await capable();
    const body = failure(await send({ type, profileIds: [d.profileId], params }), 400, 'E_VALIDATION');
    expect(body.respones_msg).toContain(message);
    // Nothing was written.
    const list = (
      await call(rt, commandsApi.commandList, { token: owner.token, query: { profileId: d.profileId } })
    ).data();
    expect(list.pagination.total).toBe(0);
  });

  it('fills the defaults: ring 30 s, expiry by type', async () => {
    const d = await capable();
    const ring = dataOf<Command>(await send({ type: 'ring', profileIds: [d.profileId] }));
    expect(ring.params).toEqual({ seconds: 30 });
    const minutes = (c: Command) => (Date.parse(c.expires_at) - Date.parse(c.created_at)) / 60_000;
    expect(Math.round(minutes(ring))).toBe(10);
    const lock = dataOf<Command>(await send({ type: 'lock', profileIds: [d.profileId] }));
    expect(Math.round(minutes(lock))).toBe(7 * 24 * 60);
    const own = dataOf<Command>(await send({ type: 'sync', profileIds: [d.profileId], expiresInSeconds: 120 }));
    expect(Math.round(minutes(own))).toBe(2);
  });

  it('answers 400 for neither or both targets, 404 for devices or groups of another customer', async () => {
    const d = await capable();
    failure(await send({ type: 'sync' }), 400, 'E_VALIDATION');
    const other = await newCustomer(rt);
    failure(await send({ type: 'sync', profileIds: [d.profileId] }, {}, other.token), 404, 'E_NOT_FOUND');
    const g = await pdGroup(rt, owner.id, 'Not yours', [d.profileId]);
    failure(await send({ type: 'sync', groupId: g.id }, {}, other.token), 404, 'E_NOT_FOUND');
  });
});

describe('preflight', () => {
  it('counts the devices that can run the type and the others by reason, as the ledger then records them', async () => {
    const can = await capable();
    const cannot = await capable(['lock', 'sync']);
    const unknown = await owner.enrol('PD');
    const gone = await capable();
    await rt.ctx.db.execute(
      sql`update devices set logged_out_at = now(), token_hash = null where id = ${gone.deviceId}`,
    );
    const profileIds = [can, cannot, unknown, gone].map((d) => d.profileId);
    const pre = dataOf<{ total: number; capable: number; notCapable: { reason: string; count: number }[] }>(
      await call(rt, commandsApi.commandPreflight, { token: owner.token, body: { type: 'reboot', profileIds } }),
    );
    expect(pre.total).toBe(4);
    expect(pre.capable).toBe(1);
    expect(pre.notCapable.sort((a, b) => a.reason.localeCompare(b.reason))).toEqual(
      [
        { reason: NOT_CAPABLE_REASONS.reboot, count: 1 },
        { reason: CAPABILITIES_UNKNOWN_REASON, count: 1 },
        { reason: LOGGED_OUT_REASON, count: 1 },
      ].sort((a, b) => a.reason.localeCompare(b.reason)),
    );

    const c = await sent({ type: 'reboot', profileIds });
    expect(c.counts).toMatchObject({ queued: 1, unsupported: 3 });
    const rows = (await ledger(c._id, 'unsupported')).data;
    expect(rows.map((r) => r.message).sort()).toEqual(pre.notCapable.map((n) => n.reason).sort());
    // Only the capable device gets a message.
    expect(await poll(cannot)).toEqual([]);
    expect((await poll(can)).map((m) => m.payload)).toEqual([{ commandId: c._id, type: 'reboot', params: {} }]);
  });
});

describe('idempotency', () => {
  it('replays the same key and body (nothing sent twice), refuses another body under the key with 422', async () => {
    const d = await capable();
    const key = { 'idempotency-key': `lock-${crypto.randomUUID()}` };
    const body: CommandCreateRequest = { type: 'lock', profileIds: [d.profileId], params: { message: 'Found?' } };
    const first = await send(body, key);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send(body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(dataOf<Command>(again)._id).toBe(dataOf<Command>(first)._id);
    await rt.settle();
    expect(await poll(d)).toHaveLength(1);
    const other = failure(await send({ ...body, params: { message: 'Other' } }, key), 422, 'E_IDEMPOTENCY');
    expect(other.respones_msg).toContain('Idempotency-Key');
    // After 24 hours the key is free again: another body under it is a new command.
    await rt.ctx.db.execute(
      sql`update commands set created_at = now() - interval '25 hours' where id = ${dataOf<Command>(first)._id}`,
    );
    await rt.ctx.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key['idempotency-key']}`,
    );
    const later = await send({ ...body, params: { message: 'Other' } }, key);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(dataOf<Command>(later)._id).not.toBe(dataOf<Command>(first)._id);
    // Without a key every call is a new command.
    const a = dataOf<Command>(await send(body));
    const b = dataOf<Command>(await send(body));
    expect(a._id).not.toBe(b._id);
  });
});

/** A group of `count` devices written straight to the tables (no enrolment), each able to `sync`. */
async function groupOfSyncDevices(name: string, serialPrefix: string, count: number) {
  const g = await pdGroup(rt, owner.id, name, []);
  await rt.ctx.db.execute(sql`
    with d as (
      insert into devices (customer_id, family, app_name, serial_number, device_name, token_hash, capabilities)
      select ${owner.id}, 'PD', 'PD', ${serialPrefix} || '-' || i, 'Device ' || i, md5(random()::text || i),
             array['sync']
      from generate_series(1, ${count}) i
      returning id, serial_number, device_name
    )
    insert into profiles (customer_id, device_id, name, profile_name, app_name, family, group_id)
    select ${owner.id}, id, serial_number, device_name, 'PD', 'PD', ${g.id} from d`);
  return g;
}

describe('fan-out', () => {
  it("writes a row for each of a group's 1,200 devices: queued with a message, or unsupported with the reason", async () => {
    const g = await pdGroup(rt, owner.id, 'Warehouse', []);
    // 1,200 devices: a third can reboot, a third cannot, a third never said; every 100th is logged out.
    await rt.ctx.db.execute(sql`
      with d as (
        insert into devices (customer_id, family, app_name, serial_number, device_name, token_hash, capabilities,
                             logged_out_at)
        select ${owner.id}, 'PD', 'PD', 'BULK-' || i, 'Bulk ' || i,
               case when i % 100 = 0 then null else md5(random()::text || i) end,
               case i % 3 when 0 then array['reboot', 'sync'] when 1 then array['sync'] end,
               case when i % 100 = 0 then now() end
        from generate_series(1, 1200) i
        returning id, serial_number, device_name
      )
      insert into profiles (customer_id, device_id, name, profile_name, app_name, family, group_id)
      select ${owner.id}, id, serial_number, device_name, 'PD', 'PD', ${g.id} from d`);
    const created = dataOf<Command>(await send({ type: 'reboot', groupId: g.id }));
    expect(created.total).toBe(1200);
    expect(await fanOutCommand(rt.ctx, created._id, 250)).toBeLessThanOrEqual(1200);
    await rt.settle();
    const c = await detail(created._id);
    expect(c.fanningOut).toBe(false);
    // i % 3 = 0 and not i % 100 = 0: 400 less the 4 logged out of them (300, 600, 900, 1200).
    expect(c.counts).toMatchObject({ queued: 396, unsupported: 804 });
    const [rows] = (
      await rt.ctx.db.execute<{ ledger: number; messages: number; distinct_devices: number }>(sql`
        select (select count(*)::int from command_devices where command_id = ${c._id}) as ledger,
               (select count(*)::int from device_messages where payload->>'commandId' = ${c._id}) as messages,
               (select count(distinct device_id)::int from command_devices where command_id = ${c._id}) as distinct_devices`)
    ).rows;
    expect(rows).toEqual({ ledger: 1200, messages: 396, distinct_devices: 1200 });
    const page = await ledger(c._id, 'queued');
    expect(page.pagination.total).toBe(396);
    expect(page.data[0]!.serialNumber).toMatch(/^BULK-/);
    // Cancelled in chunks of 100 (the product's are 20,000): every queued row once, their messages gone.
    const row = await findCommand(rt.ctx.db, accountScope(owner.id), c._id);
    expect(await cancelQueued(rt.ctx.db, owner.id, row!, 100)).toBe(396);
    expect((await detail(c._id)).counts).toMatchObject({ queued: 0, cancelled: 396, unsupported: 804 });
    const [left] = (
      await rt.ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from device_messages where payload->>'commandId' = ${c._id}`,
      )
    ).rows;
    expect(left!.n).toBe(0);
  });

  it('writes its lanes side by side: a lane another worker holds is left to it, and the fan-out ends with the last lane', async () => {
    const g = await groupOfSyncDevices('Loading bay', 'LANE', 600);
    // Written straight to the table: no job is queued, so this test alone runs the fan-out.
    const command = await insertCommand(rt.ctx.db, {
      customerId: owner.id,
      type: 'sync',
      groupId: g.id,
      total: 600,
      createdBy: 'lanes@example.com',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const id = command!.id;
    expect(await ensureLanes(rt.ctx.db, id, 2)).toEqual([{ lane: 0 }, { lane: 1 }]);
    const held = await rt.ctx.pool.connect();
    let first: number;
    try {
      await held.query('begin');
      await held.query('select 1 from command_fanout_lanes where command_id = $1 and lane = 1 for update', [id]);
      first = await fanOutCommand(rt.ctx, id, 100, 2);
      // Lane 0 holds the ids below 8…: about half of 600 random ids.
      expect(first).toBeGreaterThan(200);
      expect(first).toBeLessThan(400);
      expect((await detail(id)).fanningOut).toBe(true);
    } finally {
      await held.query('rollback');
      held.release();
    }
    expect(await fanOutCommand(rt.ctx, id, 100, 2)).toBe(600 - first);
    const c = await detail(id);
    expect(c.fanningOut).toBe(false);
    expect(c.counts.queued).toBe(600);
    const [rows] = (
      await rt.ctx.db.execute<{ ledger: number; devices: number; fanned_out: number; lane_rows: string }>(sql`
        select (select count(*)::int from command_devices where command_id = ${id}) as ledger,
               (select count(distinct device_id)::int from command_devices where command_id = ${id}) as devices,
               (select fanned_out from commands where id = ${id}) as fanned_out,
               (select string_agg(lane || ':' || (done_at is not null), ',' order by lane)
                from command_fanout_lanes where command_id = ${id}) as lane_rows`)
    ).rows;
    expect(rows).toEqual({ ledger: 600, devices: 600, fanned_out: 600, lane_rows: '0:true,1:true' });
    // Complete: a job run again writes nothing and creates no lanes.
    expect(await fanOutCommand(rt.ctx, id, 100, 2)).toBe(0);
  });

  it('gives a command one lane per 25,000 devices it targets, two at most', async () => {
    expect([0, 1, 25_000, 25_001, 50_000, 100_000].map(fanOutLanes)).toEqual([1, 1, 1, 2, 2, 2]);
    const g = await groupOfSyncDevices('Lane count', 'LANES', 40);
    // `total` is what the send counted: the fan-out takes its lanes from it.
    const fannedOut = async (total: number) => {
      const command = await insertCommand(rt.ctx.db, {
        customerId: owner.id,
        type: 'sync',
        groupId: g.id,
        total,
        createdBy: 'lanes@example.com',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      expect(await fanOutCommand(rt.ctx, command!.id, 10)).toBe(40);
      const [row] = (
        await rt.ctx.db.execute<{ lanes: string }>(sql`
          select string_agg(lane || ':' || (done_at is not null), ',' order by lane) as lanes
          from command_fanout_lanes where command_id = ${command!.id}`)
      ).rows;
      return row!.lanes;
    };
    expect(await fannedOut(40)).toBe('0:true');
    expect(await fannedOut(30_000)).toBe('0:true,1:true');
  });
});

describe('delivery and results', () => {
  it('hands a lock out ahead of what was queued before it, marks rows delivered, records each result', async () => {
    const d = await capable();
    const sync = await sent({ type: 'sync', profileIds: [d.profileId] });
    const lock = await sent({ type: 'lock', profileIds: [d.profileId], params: { message: 'Return to desk 4' } });
    const messages = await poll(d);
    expect(messages.map((m) => (m.payload as { type: string }).type)).toEqual(['lock', 'sync']);
    expect(messages[0]!.payload).toEqual({
      commandId: lock._id,
      type: 'lock',
      params: { message: 'Return to desk 4' },
    });
    const [row] = (await ledger(lock._id)).data;
    expect(row).toMatchObject({ _id: messages[0]!._id, state: 'delivered', channel: 'long-poll' });
    expect(row!.delivered_at).not.toBeNull();

    const done = dataOf<{ state: string; finished_at: string }>(
      await report(d, messages[0]!._id, { state: 'succeeded' }),
    );
    expect(done.state).toBe('succeeded');
    dataOf(await report(d, messages[1]!._id, { state: 'failed', message: 'No network' }));
    expect((await detail(lock._id)).counts).toMatchObject({ succeeded: 1, delivered: 0, queued: 0 });
    const [failed] = (await ledger(sync._id)).data;
    expect(failed).toMatchObject({ state: 'failed', message: 'No network' });
    // A second report on a decided row: 409.
    failure(await report(d, messages[0]!._id, { state: 'failed' }), 409, 'E_CONFLICT');
    // The device's history shows each command.
    const logs = (
      await call(rt, activityApi.deviceLogList, { token: owner.token, query: { serialNumber: d.serialNumber } })
    ).data();
    const lines = logs.data.data.map((l) => `${l.deviceActivity}: ${l.activityResult}`);
    expect(lines).toEqual(expect.arrayContaining(['Lock: succeeded', 'Sync: failed: No network']));
    // And the commands it received, newest first.
    const history = (
      await call(rt, commandsApi.commandList, { token: owner.token, query: { profileId: d.profileId } })
    ).data();
    expect(history.data.map((c) => c._id)).toEqual([lock._id, sync._id]);
  });

  it("refuses a report on another device's message (404) and a locate without a position (400)", async () => {
    const d = await capable();
    const thief = await capable();
    const c = await sent({ type: 'locate', profileIds: [d.profileId] });
    const [m] = await poll(d);
    failure(
      await report(thief, m!._id, { state: 'succeeded', result: { latitude: 1, longitude: 2 } }),
      404,
      'E_NOT_FOUND',
    );
    const bad = failure(
      await report(d, m!._id, { state: 'succeeded', result: { latitude: 91, longitude: 2 } }),
      400,
      'E_VALIDATION',
    );
    expect(bad.respones_msg).toContain('result.latitude');
    failure(await report(d, m!._id, { state: 'succeeded' }), 400, 'E_VALIDATION');
    dataOf(await report(d, m!._id, { state: 'succeeded', result: { latitude: 51.5, longitude: -0.12, accuracy: 8 } }));
    const [row] = (await ledger(c._id)).data;
    expect(row!.result).toEqual({ latitude: 51.5, longitude: -0.12, accuracy: 8 });
    // A notification's id is not a command.
    const [note] = (
      await rt.ctx.db.execute<{ id: string }>(sql`
        insert into device_messages (device_id, kind, payload) values (${d.deviceId}, 'notification', '{}') returning id`)
    ).rows;
    failure(await report(d, note!.id, { state: 'succeeded' }), 404, 'E_NOT_FOUND');
    // Located positions are cleared after 30 days.
    await rt.ctx.db.execute(
      sql`update command_devices set finished_at = now() - interval '31 days' where command_id = ${c._id}`,
    );
    expect((await sweepCommands(rt.ctx)).cleared).toBeGreaterThanOrEqual(1);
    expect((await ledger(c._id)).data[0]!.result).toBeNull();
  });

  it('answers a held long-poll as soon as the batch that queued its command commits', async () => {
    const d = await capable();
    const started = Date.now();
    const held = call(rt, policyApi.events, { token: d.auth, query: { wait: 20 } });
    // The poll is waiting before the command is sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const c = await sent({ type: 'lock', profileIds: [d.profileId] });
    const answer = (await held).data().data;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answer.messages.map((m) => m.payload.commandId)).toEqual([c._id]);
    expect((await ledger(c._id)).data[0]).toMatchObject({ state: 'delivered', channel: 'long-poll' });
  });

  it('names FCM as the channel of a row whose device was woken by FCM, not by an open long-poll', async () => {
    const d = await capable();
    const c = await sent({ type: 'sync', profileIds: [d.profileId] });
    // What the fan-out records when push is configured, the device has a token and was not seen for 5 minutes.
    await rt.ctx.db.execute(sql`update command_devices set via_fcm = true where command_id = ${c._id}`);
    expect(await poll(d)).toHaveLength(1);
    expect((await ledger(c._id)).data[0]).toMatchObject({ state: 'delivered', channel: 'fcm' });
  });

  it('marks a row delivered by the delivered acknowledgement too', async () => {
    const d = await capable();
    const c = await sent({ type: 'ring', profileIds: [d.profileId] });
    const [row] = (await ledger(c._id)).data;
    expect(row!.state).toBe('queued');
    dataOf(await call(rt, policyApi.messageDelivered, { token: d.auth, params: { id: row!._id } }));
    expect((await ledger(c._id)).data[0]).toMatchObject({ state: 'delivered', channel: 'long-poll' });
  });

  it('puts a command taken for a device that hung up back in the queue, for its next poll', async () => {
    const d = await capable();
    const c = await sent({ type: 'ring', profileIds: [d.profileId] });
    const [taken] = await poll(d);
    expect((await ledger(c._id)).data[0]).toMatchObject({ _id: taken!._id, state: 'delivered' });
    // What GET events does when the connection closed while the message was taken (policy/routes.ts).
    expect(await returnUnsentMessages(rt.ctx, d.deviceId, [taken!])).toBe(1);
    expect((await ledger(c._id)).data[0]).toMatchObject({ state: 'queued', channel: null, delivered_at: null });
    expect((await detail(c._id)).counts).toMatchObject({ queued: 1, delivered: 0 });
    expect(await countsDrift()).toEqual([]);
    expect((await poll(d)).map((m) => m._id)).toEqual([taken!._id]);
    expect((await ledger(c._id)).data[0]).toMatchObject({ state: 'delivered', channel: 'long-poll' });

    // A message the device has opened (so it did arrive) stays delivered; another device's message is not touched.
    const [note] = (
      await rt.ctx.db.execute<{ id: string }>(sql`
        insert into device_messages (device_id, kind, payload) values (${d.deviceId}, 'notification', '{}') returning id`)
    ).rows;
    const [handed] = await poll(d);
    expect(handed!._id).toBe(note!.id);
    dataOf(await call(rt, policyApi.messageOpened, { token: d.auth, params: { id: note!.id } }));
    const other = await capable();
    expect(await returnUnsentMessages(rt.ctx, other.deviceId, [handed!])).toBe(0);
    expect(await returnUnsentMessages(rt.ctx, d.deviceId, [handed!])).toBe(0);
    expect(await poll(d)).toEqual([]);
  });
});

describe('cancel and expiry', () => {
  it('cancels rows not yet delivered: the device never receives them, its report answers 409', async () => {
    const d = await capable();
    const early = await capable();
    const c = await sent({ type: 'reboot', profileIds: [d.profileId, early.profileId] });
    const [m] = await poll(early);
    const res = (await call(rt, commandsApi.commandCancel, { token: owner.token, params: { id: c._id } })).data();
    expect(res.cancelled).toBe(1);
    expect(res.data.counts).toMatchObject({ cancelled: 1, delivered: 1, queued: 0 });
    expect(await poll(d)).toEqual([]);
    const [row] = (await ledger(c._id, 'cancelled')).data;
    const refused = failure(await report(d, row!._id, { state: 'succeeded' }), 409, 'E_CONFLICT');
    expect(refused.respones_msg).toBe('This command was cancelled.');
    // The delivered one still reports.
    dataOf(await report(early, m!._id, { state: 'succeeded' }));
    // Nothing left: 0.
    expect(
      (await call(rt, commandsApi.commandCancel, { token: owner.token, params: { id: c._id } })).data().cancelled,
    ).toBe(0);
  });

  it('expires queued and delivered rows past their expiry; the device is told 409', async () => {
    const d = await capable();
    const late = await capable();
    const c = await sent({ type: 'ring', profileIds: [d.profileId, late.profileId] });
    const [m] = await poll(d);
    await rt.ctx.db.execute(
      sql`update command_devices set expires_at = now() - interval '1 second' where command_id = ${c._id}`,
    );
    expect((await sweepCommands(rt.ctx)).expired).toBeGreaterThanOrEqual(2);
    expect((await detail(c._id)).counts).toMatchObject({ expired: 2, queued: 0, delivered: 0 });
    const refused = failure(await report(d, m!._id, { state: 'succeeded' }), 409, 'E_CONFLICT');
    expect(refused.respones_msg).toContain('expired');
  });
});

describe('lost mode and capabilities on the device page', () => {
  it('shows lost mode once the device confirms it, until it confirms it is off', async () => {
    const d = await capable();
    dataOf(await call(rt, devicesApi.status, { token: d.auth, body: { capabilities: ['lost_mode', 'lock'] } }));
    await rt.ctx.hot.status.flush();
    const page = async () =>
      dataOf<{ capabilities: string[] | null; lostMode: unknown }>(
        await call(rt, profilesApi.deviceDetail, { token: owner.token, query: { profileId: d.profileId } }),
      );
    expect(await page()).toMatchObject({ capabilities: ['lost_mode', 'lock'], lostMode: null });
    await sent({
      type: 'lost_mode',
      profileIds: [d.profileId],
      params: { enabled: true, message: 'Lost', phone: '+447700900123' },
    });
    const [on] = await poll(d);
    dataOf(await report(d, on!._id, { state: 'succeeded' }));
    const shown = await page();
    expect(shown.lostMode).toMatchObject({ message: 'Lost', phone: '+447700900123' });
    await sent({ type: 'lost_mode', profileIds: [d.profileId], params: { enabled: false } });
    const [off] = await poll(d);
    dataOf(await report(d, off!._id, { state: 'succeeded' }));
    expect((await page()).lostMode).toBeNull();
  });
});

describe("another customer's commands", () => {
  it('answer 404 on detail, devices and cancel, and are not listed', async () => {
    const d = await capable();
    const c = await sent({ type: 'sync', profileIds: [d.profileId] });
    const other = await newCustomer(rt);
    for (const endpoint of [commandsApi.commandDetail, commandsApi.commandDevices, commandsApi.commandCancel]) {
      failure(await call(rt, endpoint, { token: other.token, params: { id: c._id } }), 404, 'E_NOT_FOUND');
    }
    expect((await call(rt, commandsApi.commandList, { token: other.token })).data().pagination.total).toBe(0);
    expect((await detail(c._id)).counts.cancelled).toBe(0);
  });
});

/** Every (command, state) whose kept count differs from the ledger counted row by row (none: exact). */
async function countsDrift() {
  const drift = await rt.ctx.db.execute(sql`
    select coalesce(k.command_id, l.command_id) as command_id, coalesce(k.state, l.state) as state,
           k.n as kept, l.n as counted
    from (select command_id, state, sum(n)::int as n from command_state_counts group by 1, 2) k
    full join (select command_id, state, count(*)::int as n from command_devices group by 1, 2) l
      on l.command_id = k.command_id and l.state = k.state
    where coalesce(k.n, 0) <> coalesce(l.n, 0)`);
  return drift.rows;
}

/** The device as the device guard hands it to the service (`customerId` replaceable to break a batch). */
const infoOf = (d: Device, customerId = owner.id): DeviceInfo => ({
  deviceId: d.deviceId,
  customerId,
  family: 'PD',
  appName: 'PD',
  serialNumber: d.serialNumber,
  deviceName: '',
  profileId: d.profileId,
});

/** The device's log lines since its enrolment ("Ring: succeeded"). */
const deviceLogLines = async (d: Device) =>
  (
    await rt.ctx.db.execute<{ line: string }>(sql`
      select device_activity || ': ' || activity_result as line from device_logs
      where device_id = ${d.deviceId} and device_activity <> 'Enrolled'
      order by created_at, id`)
  ).rows.map((r) => r.line);

describe('results written together (results-batch.ts)', () => {
  it('concurrent results share transactions, and each is answered as if alone: 200, 404, 409 and 400 mixed', async () => {
    const ringing = await Promise.all(Array.from({ length: 16 }, () => capable()));
    const [twice, lost, finder, lostFinder, stranger] = await Promise.all(Array.from({ length: 5 }, () => capable()));
    const ring = await sent({ type: 'ring', profileIds: [...ringing, twice!].map((d) => d.profileId) });
    const lostMode = await sent({
      type: 'lost_mode',
      profileIds: [lost!.profileId],
      params: { enabled: true, message: 'Please call', phone: '+447700900124' },
    });
    const locate = await sent({ type: 'locate', profileIds: [finder!.profileId, lostFinder!.profileId] });
    const messageOf = async (d: Device) => (await poll(d))[0]!;
    const rung = await Promise.all(ringing.map(async (d) => ({ d, m: await messageOf(d) })));
    const [twiceMessage, lostMessage, locateMessage, unlocatedMessage] = await Promise.all(
      [twice!, lost!, finder!, lostFinder!].map(messageOf),
    );
    // One ringing device reported before: its second report is refused whichever batch it lands in.
    const [early, ...rest] = rung;
    dataOf(await report(early!.d, early!.m._id, { state: 'succeeded' }));

    const batcher = resultBatcherOf(rt.ctx);
    const before = { ...batcher.written };
    const answers = await Promise.all([
      ...rest.map(({ d, m }, i) =>
        report(d, m._id, i % 2 ? { state: 'failed', message: 'Muted' } : { state: 'succeeded' }),
      ),
      report(early!.d, early!.m._id, { state: 'failed' }),
      // The same row twice in the same moment: the first decides it, the second is told 409.
      report(twice!, twiceMessage!._id, { state: 'succeeded' }),
      report(twice!, twiceMessage!._id, { state: 'failed', message: 'Second' }),
      // Another device's message, and an id that names nothing.
      report(stranger!, lostMessage!._id, { state: 'succeeded' }),
      report(stranger!, crypto.randomUUID(), { state: 'succeeded' }),
      // A locate without a position (400) beside one with it (200).
      report(lostFinder!, unlocatedMessage!._id, { state: 'succeeded', result: { latitude: 95, longitude: 0 } }),
      report(finder!, locateMessage!._id, { state: 'succeeded', result: { latitude: 48.85, longitude: 2.35 } }),
      report(lost!, lostMessage!._id, { state: 'succeeded' }),
    ]);
    const after = batcher.written;

    const codes = answers.map((a) => a.statusCode);
    const [earlyAgain, first, second, foreign, unknown, noPosition, located, lostDone] = answers.slice(rest.length);
    expect(codes.slice(0, rest.length)).toEqual(rest.map(() => 200));
    expect(failure(earlyAgain!, 409, 'E_CONFLICT').respones_msg).toBe('This command already has its result.');
    // Which of the two came first is the order they reached the server in; exactly one was recorded.
    const pair = [first!, second!];
    expect(pair.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = pair.find((a) => a.statusCode === 200)!;
    const loser = pair.find((a) => a.statusCode === 409)!;
    expect(failure(loser, 409, 'E_CONFLICT').respones_msg).toBe('This command already has its result.');
    failure(foreign!, 404, 'E_NOT_FOUND');
    failure(unknown!, 404, 'E_NOT_FOUND');
    expect(failure(noPosition!, 400, 'E_VALIDATION').respones_msg).toContain('result.latitude');
    const locatedAnswer = dataOf<{ _id: string; state: string; finished_at: string }>(located!);
    expect(locatedAnswer).toMatchObject({ _id: locateMessage!._id, state: 'succeeded' });
    dataOf(lostDone!);

    // Fewer transactions than results: they arrived in the same moment.
    expect(after.items - before.items).toBe(answers.length);
    expect(after.batches - before.batches).toBeLessThan(answers.length / 4);

    // Each row as its one recorded report left it, and the counts as the ledger counts them.
    const succeeded = rest.filter((_, i) => i % 2 === 0).length + 1;
    const failed = rest.length - (succeeded - 1);
    const winnerState = dataOf<{ state: string }>(winner).state;
    expect((await detail(ring._id)).counts).toMatchObject({
      succeeded: succeeded + (winnerState === 'succeeded' ? 1 : 0),
      failed: failed + (winnerState === 'failed' ? 1 : 0),
      delivered: 0,
      queued: 0,
    });
    const twiceRow = (await ledger(ring._id)).data.find((r) => r._id === twiceMessage!._id)!;
    expect(twiceRow.state).toBe(winnerState);
    expect(twiceRow.message).toBe(winnerState === 'failed' ? 'Second' : null);
    const locateRows = (await ledger(locate._id)).data;
    expect(locateRows.find((r) => r._id === locateMessage!._id)).toMatchObject({
      state: 'succeeded',
      result: { latitude: 48.85, longitude: 2.35 },
      finished_at: locatedAnswer.finished_at,
    });
    // The refused one is as it was: delivered, waiting for a position.
    expect(locateRows.find((r) => r._id === unlocatedMessage!._id)).toMatchObject({ state: 'delivered', result: null });
    expect((await detail(lostMode._id)).counts).toMatchObject({ succeeded: 1, delivered: 0 });
    expect(await countsDrift()).toEqual([]);

    // A device log row per recorded result, none for a refused one; lost mode on, since the result's commit.
    expect(await deviceLogLines(twice!)).toEqual([`Ring: ${winnerState}${winnerState === 'failed' ? ': Second' : ''}`]);
    expect(await deviceLogLines(finder!)).toEqual(['Locate: succeeded']);
    expect(await deviceLogLines(lostFinder!)).toEqual([]);
    expect(await deviceLogLines(stranger!)).toEqual([]);
    expect(await deviceLogLines(rest[1]!.d)).toEqual(['Ring: failed: Muted']);
    const page = dataOf<{ lostMode: { message: string; phone: string; since: string } | null }>(
      await call(rt, profilesApi.deviceDetail, { token: owner.token, query: { profileId: lost!.profileId } }),
    );
    expect(page.lostMode).toMatchObject({ message: 'Please call', phone: '+447700900124' });
    const [lostRow] = (await ledger(lostMode._id)).data;
    expect(page.lostMode!.since).toBe(lostRow!.finished_at);
  });

  it('a result that breaks its batch is refused alone; the others of the batch are written', async () => {
    const devices = await Promise.all([capable(), capable(), capable()]);
    const c = await sent({ type: 'sync', profileIds: devices.map((d) => d.profileId) });
    const [good1, bad, good2] = await Promise.all(devices.map(async (d) => ({ d, m: (await poll(d))[0]! })));
    const batcher = resultBatcherOf(rt.ctx);
    const before = { ...batcher.written };
    // A customer that does not exist: its device log row breaks the batch's transaction (foreign key).
    const results = await Promise.allSettled([
      batcher.submit({ device: infoOf(good1!.d), messageId: good1!.m._id, body: { state: 'succeeded' } }),
      batcher.submit({
        device: infoOf(bad!.d, crypto.randomUUID()),
        messageId: bad!.m._id,
        body: { state: 'succeeded' },
      }),
      batcher.submit({ device: infoOf(good2!.d), messageId: good2!.m._id, body: { state: 'failed' } }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // The failed batch of three was written again one by one: two of them committed alone.
    expect(batcher.written.batches - before.batches).toBe(2);
    expect((await detail(c._id)).counts).toMatchObject({ succeeded: 1, failed: 1, delivered: 1 });
    expect(await deviceLogLines(bad!.d)).toEqual([]);
    expect(await deviceLogLines(good2!.d)).toEqual(['Sync: failed']);
    // The refused one reports again, alone, as any device would after a 500.
    dataOf(await report(bad!.d, bad!.m._id, { state: 'succeeded' }));
    expect((await detail(c._id)).counts).toMatchObject({ succeeded: 2, failed: 1, delivered: 0 });
    expect(await countsDrift()).toEqual([]);
  });
});

// Last: after every send, delivery, result, cancel and expiry above, and concurrent results of one command.
describe('the kept counts (command_state_counts, summed over its shards)', () => {
  it('equal the ledger counted row by row, for every command of this file, after concurrent results', async () => {
    const devices = await Promise.all(Array.from({ length: 12 }, () => capable()));
    const c = await sent({ type: 'ring', profileIds: devices.map((d) => d.profileId) });
    const messages = await Promise.all(devices.map(async (d) => ({ d, m: (await poll(d))[0]! })));
    await Promise.all(messages.map(({ d, m }) => report(d, m._id, { state: 'succeeded' })));
    expect((await detail(c._id)).counts).toMatchObject({ succeeded: 12, delivered: 0, queued: 0 });
    expect(await countsDrift()).toEqual([]);
    const commandsSeen = await rt.ctx.db.execute<{ n: number }>(
      sql`select count(distinct command_id)::int as n from command_devices`,
    );
    expect(commandsSeen.rows[0]!.n).toBeGreaterThan(10);
  });
});
