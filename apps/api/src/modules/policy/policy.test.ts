import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  devicesApi,
  policyApi,
  type ErrorResponse,
  type EventsResponse,
  type PolicyResponse,
  type ProfileListResponse,
} from '@fleetdeck/contract';
import {
  auditEntries,
  deviceApplications,
  deviceLogs,
  deviceMessages,
  licenceGrants,
  profiles,
} from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import { buy } from '../../../test/support/ledger.ts';
import { MAX_MESSAGES_PER_POLL } from './service.ts';
import { enqueueDeviceMessage } from './wakeup.ts';
import { call } from '../../../test/support/call.ts';
import {
  newCustomer,
  enrolDevice,
  enrolmentToken,
  type TestCustomer as Customer,
  type TestDevice,
} from '../../../test/support/factory.ts';

type Device = TestDevice;

let rt: TestRuntime;
/** Registration is rate-limited per address: most tests enrol a new device of this one customer. */
let owner: Customer;
let ownerEnrolmentToken: string;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  owner = await newCustomer(rt);
  await buy(rt.ctx.db, owner.id, 'PD', 200);
  ownerEnrolmentToken = await enrolmentToken(rt, owner.id);
});
afterAll(async () => rt?.close());

/** A new device of `owner`, with a device name (= profile name) of its own. */
async function customerWithDevice() {
  const d = await enrolDevice(rt, ownerEnrolmentToken, {
    appName: 'PD',
    deviceName: `Tablet ${crypto.randomUUID().slice(0, 8)}`,
  });
  return { c: owner, d };
}

const apply = (c: Pick<Customer, 'token'> | null, profileId: string) =>
  call(rt, policyApi.apply, { token: c?.token, query: { profileId: profileId } });

async function applyOk(c: Customer, profileId: string) {
  const res = await apply(c, profileId);
  if (res.statusCode !== 200) throw new Error(`apply failed: ${res.statusCode} ${res.body}`);
  return jsonOf<{ data: { profileId: string; policyVersion: number; appliedPolicyVersion: number | null } }>(res).data;
}

const policyOf = (d: Device, ifNoneMatch?: string) =>
  call(rt, policyApi.policy, {
    token: d.auth,
    headers: ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch },
  });

const ack = (d: Device, payload: unknown) => call(rt, policyApi.ack, { token: d.auth, body: payload });

/** `query` as the device sends it (`?wait=…&version=…`). */
const events = (d: Device, query: string) =>
  call(rt, policyApi.events, { token: d.auth, query: Object.fromEntries(new URLSearchParams(query)) });

/** A long-poll in flight, with the time its answer arrived. */
function poll(d: Device, query: string) {
  const started = Date.now();
  let answeredAt = 0;
  const promise = events(d, query).then((res) => {
    answeredAt = Date.now();
    return res;
  });
  return { promise, started, answeredAt: () => answeredAt };
}

const eventsOf = (res: { body: string }) => jsonOf<EventsResponse>(res).data;

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resolves once the device's long-polls are registered with this process's wake-up hub. */
const waiting = (d: Device, n = 1) => until(() => rt.ctx.wakeups.waiterCount(d.deviceId) === n, `${n} open poll(s)`);

/** True if the promise has not settled within `ms`. */
async function stillPending(p: Promise<unknown>, ms: number) {
  const marker = Symbol('pending');
  const winner = await Promise.race([p, new Promise((r) => setTimeout(() => r(marker), ms))]);
  return winner === marker;
}

/** The audit entries of this device's policy acks. */
async function deviceApplyAudits(c: Customer, d: Device) {
  const rows = await rt.ctx.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.type, 'Device'), eq(auditEntries.subType, 'Apply')));
  return rows.filter((a) => a.message.includes(`Device ${d.serialNumber} `));
}

const profileRow = async (id: string) => (await rt.ctx.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

describe('GET /api/v1/device/policy and profile/apply', () => {
  it('serves version 0 to a new device; Apply freezes the settings as version 1; later edits wait for the next Apply', async () => {
    const { c, d } = await customerWithDevice();
    const first = await policyOf(d);
    expect(first.statusCode).toBe(200);
    const v0 = jsonOf<PolicyResponse>(first).data;
    expect(v0.version).toBe(0);
    expect(v0.profileId).toBe(d.profileId);
    expect(v0.appName).toBe('PD');

    await rt.ctx.db
      .update(profiles)
      .set({ settings: { pin: '1234', advancedSettings: { disableFactoryReset: true } } })
      .where(eq(profiles.id, d.profileId));
    // An edit alone is not served.
    expect(jsonOf<PolicyResponse>(await policyOf(d)).data).toEqual(v0);

    const applied = await applyOk(c, d.profileId);
    expect(applied).toEqual({ profileId: d.profileId, policyVersion: 1, appliedPolicyVersion: null });
    const v1 = jsonOf<PolicyResponse>(await policyOf(d)).data;
    expect(v1.version).toBe(1);
    expect(v1.policy).toMatchObject({
      family: 'PD',
      pin: '1234',
      advancedSettings: { disableFactoryReset: true, disableHomeKey: false },
      applications: [],
    });
    expect(Object.keys(v1.policy).sort()).toEqual(['advancedSettings', 'applications', 'family', 'pin']);
    const row = await profileRow(d.profileId);
    expect(row.profileCounter).toBe(1);

    // The customer edits the profile again (pin): the served document keeps the frozen settings…
    await rt.ctx.db
      .update(profiles)
      .set({ settings: { pin: '9999' } })
      .where(eq(profiles.id, d.profileId));
    const stillV1 = jsonOf<PolicyResponse>(await policyOf(d)).data;
    expect(stillV1).toEqual(v1);
    // …until the next Apply.
    expect((await applyOk(c, d.profileId)).policyVersion).toBe(2);
    const v2 = jsonOf<PolicyResponse>(await policyOf(d)).data;
    expect(v2.version).toBe(2);
    expect(v2.policy).toMatchObject({ pin: '9999', advancedSettings: { disableFactoryReset: false } });

    const profileName = (await profileRow(d.profileId)).profileName;
    const audits = (
      await rt.ctx.db
        .select()
        .from(auditEntries)
        .where(
          and(eq(auditEntries.customerId, c.id), eq(auditEntries.type, 'Profile'), eq(auditEntries.subType, 'Apply')),
        )
    ).filter((a) => a.message.includes(profileName));
    expect(audits.map((a) => a.message).sort()).toEqual([
      expect.stringContaining('policy version 1'),
      expect.stringContaining('policy version 2'),
    ]);
  });

  it("freezes the console's per-app choices too (apps without a choice are left out)", async () => {
    const { c, d } = await customerWithDevice();
    await rt.ctx.db.insert(deviceApplications).values([
      { deviceId: d.deviceId, packageName: 'com.whatsapp', desiredDisable: true },
      { deviceId: d.deviceId, packageName: 'com.android.chrome', desiredDisable: false },
      { deviceId: d.deviceId, packageName: 'com.android.settings', desiredDisable: null },
    ]);
    await applyOk(c, d.profileId);
    const frozen = [
      { packageName: 'com.android.chrome', disable: false },
      { packageName: 'com.whatsapp', disable: true },
    ];
    expect(jsonOf<PolicyResponse>(await policyOf(d)).data.policy.applications).toEqual(frozen);
    await rt.ctx.db
      .update(deviceApplications)
      .set({ desiredDisable: true })
      .where(eq(deviceApplications.deviceId, d.deviceId));
    expect(jsonOf<PolicyResponse>(await policyOf(d)).data.policy.applications).toEqual(frozen);
    await applyOk(c, d.profileId);
    expect(jsonOf<PolicyResponse>(await policyOf(d)).data.policy.applications).toHaveLength(3);
  });

  it('concurrent Applies each move the version once', async () => {
    const { c, d } = await customerWithDevice();
    const answers = await Promise.all(Array.from({ length: 5 }, () => applyOk(c, d.profileId)));
    expect(answers.map((a) => a.policyVersion).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await profileRow(d.profileId)).toMatchObject({ policyVersion: 5, profileCounter: 5 });
    expect(jsonOf<PolicyResponse>(await policyOf(d)).data.version).toBe(5);
  });

  it('answers an ETag; the same If-None-Match gives 304 with no body (weak and list forms too) until Apply', async () => {
    const { c, d } = await customerWithDevice();
    const res = await policyOf(d);
    expect(res.statusCode).toBe(200);
    const etag = res.headers.etag as string;
    expect(etag).toBe(`"${d.profileId}:0"`);
    expect(res.headers['cache-control']).toContain('no-cache');

    const same = await policyOf(d, etag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);

    expect((await policyOf(d, `W/${etag}`)).statusCode).toBe(304);
    expect((await policyOf(d, `"something-else", ${etag}`)).statusCode).toBe(304);
    expect((await policyOf(d, `W/"other:1",W/${etag}`)).statusCode).toBe(304);
    expect((await policyOf(d, '*')).statusCode).toBe(304);
    // A different tag (or a tag of another version of the same profile) is not a match.
    expect((await policyOf(d, `"${d.profileId}:1"`)).statusCode).toBe(200);
    expect((await policyOf(d, `"${d.profileId}:0-x"`)).statusCode).toBe(200);

    await applyOk(c, d.profileId);
    const after = await policyOf(d, etag);
    expect(after.statusCode).toBe(200);
    expect(jsonOf<PolicyResponse>(after).data.version).toBe(1);
    const newTag = after.headers.etag as string;
    expect(newTag).toBe(`"${d.profileId}:1"`);
    expect((await policyOf(d, newTag)).statusCode).toBe(304);
  });

  it('needs a device token: none or a customer token answers 401 with is_logout', async () => {
    const { c } = await customerWithDevice();
    const none = await call(rt, policyApi.policy);
    expect(none.statusCode).toBe(401);
    expect(jsonOf<ErrorResponse>(none)).toMatchObject({ code: 'E_DEVICE_TOKEN_INVALID', is_logout: 1 });
    const customer = await call(rt, policyApi.policy, { token: c.token });
    expect(customer.statusCode).toBe(401);
  });
});

describe('POST /api/v1/device/policy/ack', () => {
  const listItem = async (c: Customer, profileId: string) => {
    const res = await call(rt, devicesApi.profileList, { token: c.token });
    expect(res.statusCode).toBe(200);
    return jsonOf<ProfileListResponse>(res).data.find((p) => p._id === profileId)!;
  };

  it('Success moves the applied version (shown in profile/list) and writes an Apply/Success device log', async () => {
    const { c, d } = await customerWithDevice();
    await applyOk(c, d.profileId);
    expect(await listItem(c, d.profileId)).toMatchObject({ policyVersion: 1, appliedPolicyVersion: null });

    const res = await ack(d, { version: 1, result: 'Success' });
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res)).toEqual({
      respones_msg: 'Recorded.',
      data: { version: 1, currentVersion: 1, appliedPolicyVersion: 1 },
    });
    expect(await listItem(c, d.profileId)).toMatchObject({ policyVersion: 1, appliedPolicyVersion: 1 });
    expect(await profileRow(d.profileId)).toMatchObject({ appliedResult: 'Success', appliedMessage: '' });

    const logs = await rt.ctx.db
      .select()
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceId, d.deviceId), eq(deviceLogs.deviceActivity, 'Apply')));
    expect(logs.map((l) => [l.activityResult, l.serialNumber])).toEqual([['Success', d.serialNumber]]);
    const audits = await deviceApplyAudits(c, d);
    expect(audits.map((a) => [a.source, a.hasError])).toEqual([['App', false]]);
  });

  it('Failed with a message writes "Failed: <message>" and an audit entry with hasError', async () => {
    const { c, d } = await customerWithDevice();
    await applyOk(c, d.profileId);
    const res = await ack(d, { version: 1, result: 'Failed', message: 'Knox licence not active' });
    expect(res.statusCode).toBe(200);
    expect(jsonOf<{ data: unknown }>(res).data).toEqual({ version: 1, currentVersion: 1, appliedPolicyVersion: 1 });
    expect(await profileRow(d.profileId)).toMatchObject({
      appliedPolicyVersion: 1,
      appliedResult: 'Failed',
      appliedMessage: 'Knox licence not active',
    });
    const logs = await rt.ctx.db
      .select()
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceId, d.deviceId), eq(deviceLogs.deviceActivity, 'Apply')));
    expect(logs.map((l) => l.activityResult)).toEqual(['Failed: Knox licence not active']);
    const audits = await deviceApplyAudits(c, d);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.hasError).toBe(true);
    expect(audits[0]!.message).toContain('Failed: Knox licence not active');
  });

  it('Failed without a message says so in the log', async () => {
    const { c, d } = await customerWithDevice();
    await applyOk(c, d.profileId);
    expect((await ack(d, { version: 1, result: 'Failed', message: '   ' })).statusCode).toBe(200);
    const logs = await rt.ctx.db
      .select()
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceId, d.deviceId), eq(deviceLogs.deviceActivity, 'Apply')));
    expect(logs.map((l) => l.activityResult)).toEqual(['Failed: no reason given']);
  });

  it('an older version is logged but never moves the applied version backwards', async () => {
    const { c, d } = await customerWithDevice();
    await applyOk(c, d.profileId);
    await applyOk(c, d.profileId);
    await applyOk(c, d.profileId);
    expect((await ack(d, { version: 3, result: 'Success' })).statusCode).toBe(200);

    const late = await ack(d, { version: 2, result: 'Failed', message: 'late retry' });
    expect(late.statusCode).toBe(200);
    expect(jsonOf<{ data: unknown }>(late).data).toEqual({ version: 2, currentVersion: 3, appliedPolicyVersion: 3 });
    expect(await profileRow(d.profileId)).toMatchObject({ appliedPolicyVersion: 3, appliedResult: 'Success' });

    // A newer policy waiting is announced.
    await applyOk(c, d.profileId);
    const behind = await ack(d, { version: 3, result: 'Success' });
    expect(jsonOf(behind).respones_msg).toBe('Recorded. A newer policy (version 4) is waiting.');
    expect(jsonOf<{ data: unknown }>(behind).data).toEqual({ version: 3, currentVersion: 4, appliedPolicyVersion: 3 });

    const logs = await rt.ctx.db
      .select()
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceId, d.deviceId), eq(deviceLogs.deviceActivity, 'Apply')));
    // One ack per policy version (issue 12, item 5): the repeated ack of version 3 recorded nothing.
    expect(logs.map((l) => l.activityResult).sort()).toEqual(['Failed: late retry', 'Success']);
  });

  it('a version newer than the current one answers 409 E_CONFLICT and records nothing', async () => {
    const { c, d } = await customerWithDevice();
    await applyOk(c, d.profileId);
    const res = await ack(d, { version: 2, result: 'Success' });
    expect(res.statusCode).toBe(409);
    expect(jsonOf<ErrorResponse>(res).code).toBe('E_CONFLICT');
    expect((await profileRow(d.profileId)).appliedPolicyVersion).toBeNull();
    const logs = await rt.ctx.db
      .select()
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceId, d.deviceId), eq(deviceLogs.deviceActivity, 'Apply')));
    expect(logs).toHaveLength(0);
  });

  it('a bad body answers 400 naming the field', async () => {
    const { d } = await customerWithDevice();
    const bad = async (payload: unknown, field: string) => {
      const res = await ack(d, payload);
      expect(res.statusCode).toBe(400);
      const err = jsonOf<ErrorResponse>(res);
      expect(err.code).toBe('E_VALIDATION');
      expect(err.respones_msg.startsWith(`${field}:`)).toBe(true);
      expect(err.errors?.map((e) => e.field)).toContain(field);
    };
    await bad({ version: 0, result: 'Done' }, 'result');
    await bad({ version: -1, result: 'Success' }, 'version');
    await bad({ version: 1.5, result: 'Success' }, 'version');
    await bad({ version: '1', result: 'Success' }, 'version');
    await bad({ result: 'Success' }, 'version');
    await bad({ version: 0, result: 'Failed', message: 'x'.repeat(1001) }, 'message');
    expect((await profileRow(d.profileId)).appliedPolicyVersion).toBeNull();
  });
});

describe('GET /api/v1/device/events (long-poll)', () => {
  it('answers at once when a policy newer than `version` exists', async () => {
    const { c, d } = await customerWithDevice();
    await applyOk(c, d.profileId);
    const started = Date.now();
    const res = await events(d, '?wait=10&version=0');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.statusCode).toBe(200);
    expect(eventsOf(res)).toEqual({ policyVersion: 1, policyChanged: true, messages: [], logout: false });
    expect(rt.ctx.wakeups.waiterCount(d.deviceId)).toBe(0);
    // Without `version`: compared with the acknowledged version.
    expect(eventsOf(await events(d, '?wait=0')).policyChanged).toBe(true);
    await ack(d, { version: 1, result: 'Success' });
    expect(eventsOf(await events(d, '?wait=0')).policyChanged).toBe(false);
    expect(eventsOf(await events(d, '?wait=0&version=1')).policyChanged).toBe(false);
  });

  it('waits while nothing is pending; an Apply wakes it within 1 s with policyChanged', async () => {
    const { c, d } = await customerWithDevice();
    const p = poll(d, '?wait=30&version=0');
    await waiting(d);
    // Nothing pending: it is still open.
    expect(await stillPending(p.promise, 300)).toBe(true);

    const applyStarted = Date.now();
    const applied = await apply(c, d.profileId);
    expect(applied.statusCode).toBe(200);
    const res = await p.promise;
    expect(p.answeredAt() - applyStarted).toBeLessThan(1000);
    expect(res.statusCode).toBe(200);
    expect(eventsOf(res)).toEqual({ policyVersion: 1, policyChanged: true, messages: [], logout: false });
    expect(rt.ctx.wakeups.waiterCount(d.deviceId)).toBe(0);
  });

  it('with nothing pending answers empty when the wait runs out', async () => {
    const { d } = await customerWithDevice();
    const p = poll(d, '?wait=1&version=0');
    const res = await p.promise;
    expect(res.statusCode).toBe(200);
    expect(p.answeredAt() - p.started).toBeGreaterThanOrEqual(900);
    expect(eventsOf(res)).toEqual({ policyVersion: 0, policyChanged: false, messages: [], logout: false });
    expect(rt.ctx.wakeups.waiterCount(d.deviceId)).toBe(0);
  });

  it('wait=0 answers at once; wait outside 0..300 answers 400', async () => {
    const { d } = await customerWithDevice();
    const started = Date.now();
    const res = await events(d, '?wait=0&version=0');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.statusCode).toBe(200);
    expect(eventsOf(res)).toEqual({ policyVersion: 0, policyChanged: false, messages: [], logout: false });
    for (const q of ['?wait=301', '?wait=-1', '?wait=abc', '?wait=1.5', '?wait=5&version=-2']) {
      const bad = await events(d, q);
      expect(bad.statusCode, q).toBe(400);
      expect(jsonOf<ErrorResponse>(bad).code).toBe('E_VALIDATION');
      expect(jsonOf<ErrorResponse>(bad).respones_msg).toMatch(/^(wait|version):/);
    }
    expect(rt.ctx.wakeups.waiterCount(d.deviceId)).toBe(0);
  });

  it('a logout from the console answers a waiting poll with logout: true; later calls answer 401 E_DEVICE_LOGGED_OUT', async () => {
    const { c, d } = await customerWithDevice();
    const p = poll(d, '?wait=30&version=0');
    await waiting(d);
    const started = Date.now();
    const out = await call(rt, devicesApi.logout, { token: c.token, query: { serialNumber: d.serialNumber } });
    expect(out.statusCode).toBe(200);
    const res = await p.promise;
    expect(p.answeredAt() - started).toBeLessThan(5_000);
    expect(res.statusCode).toBe(200);
    expect(eventsOf(res)).toMatchObject({ logout: true, policyChanged: false, messages: [] });

    for (const [endpoint, opts] of [
      [policyApi.events, { query: { wait: 0 } }],
      [policyApi.policy, {}],
      [policyApi.ack, { body: { version: 0, result: 'Success' } }],
    ] as const) {
      const after = await call(rt, endpoint, { token: d.auth, ...opts });
      expect(after.statusCode, endpoint.path).toBe(401);
      expect(jsonOf<ErrorResponse>(after)).toMatchObject({ code: 'E_DEVICE_LOGGED_OUT', is_logout: 1 });
    }
  });

  it('an Apply of another device does not wake this one', async () => {
    const { c, d } = await customerWithDevice();
    const other = await enrolDevice(rt, await enrolmentToken(rt, c.id));
    const p = poll(d, '?wait=3&version=0');
    await waiting(d);
    await applyOk(c, other.profileId);
    expect(await stillPending(p.promise, 700)).toBe(true);
    const res = await p.promise;
    expect(eventsOf(res)).toMatchObject({ policyVersion: 0, policyChanged: false });
  });

  it(`a newer poll of the same device makes the oldest answer at once, without taking messages`, async () => {
    const { d } = await customerWithDevice();
    const first = poll(d, '?wait=30&version=0');
    await waiting(d, 1);
    const second = poll(d, '?wait=30&version=0');
    await waiting(d, 2);
    const third = poll(d, '?wait=30&version=0');
    const superseded = await first.promise;
    expect(superseded.statusCode).toBe(200);
    expect(eventsOf(superseded)).toEqual({ policyVersion: 0, policyChanged: false, messages: [], logout: false });
    await waiting(d, 2);

    const { id } = await enqueueDeviceMessage(rt.ctx, rt.ctx.db, d.deviceId, 'notification', { title: 'Hi' });
    const answers = (await Promise.all([second.promise, third.promise])).map(eventsOf);
    // Handed out once, to one of the two open polls.
    expect(answers.flatMap((a) => a.messages.map((m) => m._id))).toEqual([id]);
  });
});

describe('device messages', () => {
  const messageRow = async (id: string) =>
    (await rt.ctx.db.select().from(deviceMessages).where(eq(deviceMessages.id, id)))[0]!;

  it('a message queued during a wait wakes the poll and is handed out once', async () => {
    const { d } = await customerWithDevice();
    const p = poll(d, '?wait=30&version=0');
    await waiting(d);
    const started = Date.now();
    const { id } = await rt.ctx.db.transaction((tx) =>
      enqueueDeviceMessage(rt.ctx, tx, d.deviceId, 'command', { command: 'sync_applications' }),
    );
    const res = await p.promise;
    expect(p.answeredAt() - started).toBeLessThan(5_000);
    const data = eventsOf(res);
    expect(data.policyChanged).toBe(false);
    expect(data.messages).toHaveLength(1);
    expect(data.messages[0]).toMatchObject({ _id: id, kind: 'command', payload: { command: 'sync_applications' } });
    expect(new Date(data.messages[0]!.created_at).toISOString()).toBe(data.messages[0]!.created_at);
    expect((await messageRow(id)).deliveredAt).not.toBeNull();

    // Not handed out again.
    expect(eventsOf(await events(d, '?wait=0&version=0')).messages).toEqual([]);
    const again = poll(d, '?wait=1&version=0');
    expect(eventsOf(await again.promise).messages).toEqual([]);
  });

  it("hands out messages oldest first to the microsecond, each created_at as Date's toISOString writes it", async () => {
    const { d } = await customerWithDevice();
    // Three messages inside one millisecond, written newest first, and one at a millisecond's last microsecond.
    const times = ['2026-11-24 08:00:00.123900+00', '2026-11-24 08:00:00.123456+00', '2026-11-24 08:00:00.123001+00'];
    const ids: string[] = [];
    for (const [i, at] of [...times, '2026-11-23 23:59:59.999999+00'].entries()) {
      const [row] = await rt.ctx.db
        .insert(deviceMessages)
        .values({ deviceId: d.deviceId, kind: 'notification', payload: { n: i }, createdAt: new Date(0) })
        .returning({ id: deviceMessages.id });
      await rt.ctx.pool.query('update device_messages set created_at = $2::timestamptz where id = $1', [row!.id, at]);
      ids.push(row!.id);
    }
    const { messages } = eventsOf(await events(d, '?wait=0&version=0'));
    expect(messages.map((m) => m._id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(messages.map((m) => m.created_at)).toEqual([
      '2026-11-23T23:59:59.999Z',
      '2026-11-24T08:00:00.123Z',
      '2026-11-24T08:00:00.123Z',
      '2026-11-24T08:00:00.123Z',
    ]);
    // The same text node-postgres' Date gives.
    for (const m of messages) expect(new Date((await messageRow(m._id)).createdAt).toISOString()).toBe(m.created_at);
  });

  it('a message queued in a rolled-back transaction neither wakes nor reaches the device', async () => {
    const { d } = await customerWithDevice();
    const p = poll(d, '?wait=2&version=0');
    await waiting(d);
    await expect(
      rt.ctx.db.transaction(async (tx) => {
        await enqueueDeviceMessage(rt.ctx, tx, d.deviceId, 'notification', { title: 'never' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await stillPending(p.promise, 700)).toBe(true);
    expect(eventsOf(await p.promise).messages).toEqual([]);
  });

  it('hands out pending messages in order, at once, and never an expired one', async () => {
    const { d } = await customerWithDevice();
    const expired = await enqueueDeviceMessage(
      rt.ctx,
      rt.ctx.db,
      d.deviceId,
      'notification',
      { title: 'old' },
      new Date(Date.now() - 1000),
    );
    const a = await enqueueDeviceMessage(rt.ctx, rt.ctx.db, d.deviceId, 'notification', { title: 'a', body: 'x' });
    const b = await enqueueDeviceMessage(
      rt.ctx,
      rt.ctx.db,
      d.deviceId,
      'command',
      { command: 'reboot' },
      new Date(Date.now() + 3_600_000),
    );
    const started = Date.now();
    const res = await events(d, '?wait=30&version=0');
    expect(Date.now() - started).toBeLessThan(5_000);
    const data = eventsOf(res);
    expect(data.messages.map((m) => m._id)).toEqual([a.id, b.id]);
    expect(data.messages.map((m) => m.payload)).toEqual([{ title: 'a', body: 'x' }, { command: 'reboot' }]);
    expect((await messageRow(expired.id)).deliveredAt).toBeNull();

    // An expired message alone does not count as pending: the poll waits it out.
    const p = poll(d, '?wait=1&version=0');
    expect(eventsOf(await p.promise).messages).toEqual([]);
    expect(p.answeredAt() - p.started).toBeGreaterThanOrEqual(900);
  });

  it('messages queued in one transaction are handed out in the order they were queued', async () => {
    const { d } = await customerWithDevice();
    const steps = ['lock', 'wipe_cache', 'sync_applications', 'reboot', 'unlock', 'ping', 'sync_policy', 'beep'];
    const ids = await rt.ctx.db.transaction(async (tx) => {
      const out: string[] = [];
      for (const command of steps) {
        out.push((await enqueueDeviceMessage(rt.ctx, tx, d.deviceId, 'command', { command })).id);
      }
      return out;
    });
    const data = eventsOf(await events(d, '?wait=0&version=0'));
    expect(data.messages.map((m) => m.payload.command)).toEqual(steps);
    expect(data.messages.map((m) => m._id)).toEqual(ids);
  });

  it(`hands out at most ${MAX_MESSAGES_PER_POLL} messages per poll, oldest first; the rest on the next poll`, async () => {
    const { d } = await customerWithDevice();
    const total = MAX_MESSAGES_PER_POLL + 7;
    const ids = await rt.ctx.db.transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < total; i++) {
        out.push((await enqueueDeviceMessage(rt.ctx, tx, d.deviceId, 'notification', { title: `n${i}` })).id);
      }
      return out;
    });
    const first = eventsOf(await events(d, '?wait=30&version=0'));
    expect(first.messages.map((m) => m._id)).toEqual(ids.slice(0, MAX_MESSAGES_PER_POLL));
    const started = Date.now();
    const second = eventsOf(await events(d, '?wait=30&version=0'));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(second.messages.map((m) => m._id)).toEqual(ids.slice(MAX_MESSAGES_PER_POLL));
    expect(eventsOf(await events(d, '?wait=0&version=0')).messages).toEqual([]);
  });

  it('delivered/opened acks keep the first time; opened marks delivered too', async () => {
    const { d } = await customerWithDevice();
    const { id } = await enqueueDeviceMessage(rt.ctx, rt.ctx.db, d.deviceId, 'notification', { title: 'Hi' });
    const acknowledge = (what: 'delivered' | 'opened', msg = id) =>
      call(rt, what === 'delivered' ? policyApi.messageDelivered : policyApi.messageOpened, {
        token: d.auth,
        params: { id: msg },
      });

    // Opened before it was ever handed out (push path): delivered too.
    const opened = await acknowledge('opened');
    expect(opened.statusCode).toBe(200);
    const first = jsonOf<{ data: { _id: string; delivered_at: string; opened_at: string } }>(opened).data;
    expect(first._id).toBe(id);
    expect(first.delivered_at).not.toBeNull();
    expect(first.opened_at).not.toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    for (const what of ['opened', 'delivered'] as const) {
      const again = await acknowledge(what);
      expect(again.statusCode).toBe(200);
      expect(jsonOf<{ data: unknown }>(again).data).toEqual(first);
    }
    // Marked delivered: not handed out by a poll any more.
    expect(eventsOf(await events(d, '?wait=0&version=0')).messages).toEqual([]);

    // delivered first, then opened: delivered time is kept.
    const second = await enqueueDeviceMessage(rt.ctx, rt.ctx.db, d.deviceId, 'notification', { title: 'Two' });
    const delivered = jsonOf<{ data: { delivered_at: string; opened_at: string | null } }>(
      await acknowledge('delivered', second.id),
    ).data;
    expect(delivered.opened_at).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    const thenOpened = jsonOf<{ data: { delivered_at: string; opened_at: string | null } }>(
      await acknowledge('opened', second.id),
    ).data;
    expect(thenOpened.delivered_at).toBe(delivered.delivered_at);
    expect(thenOpened.opened_at).not.toBeNull();
    expect(thenOpened.opened_at! > delivered.delivered_at).toBe(true);
  });

  it("another device's message answers 404 and stays untouched; a non-uuid id answers 400", async () => {
    const { d } = await customerWithDevice();
    const { d: other } = await customerWithDevice();
    const { id } = await enqueueDeviceMessage(rt.ctx, rt.ctx.db, other.deviceId, 'notification', { title: 'Hi' });
    for (const endpoint of [policyApi.messageDelivered, policyApi.messageOpened]) {
      const res = await call(rt, endpoint, { token: d.auth, params: { id } });
      expect(res.statusCode).toBe(404);
      expect(jsonOf<ErrorResponse>(res).code).toBe('E_NOT_FOUND');
    }
    expect(await messageRow(id)).toMatchObject({ deliveredAt: null, openedAt: null });
    const unknown = await call(rt, policyApi.messageDelivered, {
      token: d.auth,
      params: { id: crypto.randomUUID() },
    });
    expect(unknown.statusCode).toBe(404);

    const bad = await call(rt, policyApi.messageOpened, { token: d.auth, params: { id: 'not-a-uuid' } });
    expect(bad.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(bad)).toMatchObject({
      code: 'E_VALIDATION',
      respones_msg: 'id: must be a message id',
    });
    // The other device's own poll still gets it.
    expect(eventsOf(await events(other, '?wait=0&version=0')).messages.map((m) => m._id)).toEqual([id]);
  });
});

describe('profile/apply: realm, scoping and licences', () => {
  it("a customer cannot Apply another customer's profile: 404 E_PROFILE_NOT_FOUND, nothing changes", async () => {
    const { d } = await customerWithDevice();
    const other = await newCustomer(rt);
    await buy(rt.ctx.db, other.id, 'PD', 1);
    const own = await enrolDevice(rt, await enrolmentToken(rt, other.id));
    const res = await apply(other, d.profileId);
    expect(res.statusCode).toBe(404);
    expect(jsonOf<ErrorResponse>(res).code).toBe('E_PROFILE_NOT_FOUND');
    expect(await profileRow(d.profileId)).toMatchObject({ policyVersion: 0, profileCounter: 0 });
    const unknown = await apply(other, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    const bad = await apply(other, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(bad).respones_msg).toBe('profileId: must be a profile id');
    // Each customer applies their own.
    expect((await apply(other, own.profileId)).statusCode).toBe(200);
    expect((await apply(owner, own.profileId)).statusCode).toBe(404);
    expect((await profileRow(own.profileId)).policyVersion).toBe(1);
  });

  it('without a customer token (or with a device token) Apply answers 401 with is_logout 1', async () => {
    const { d } = await customerWithDevice();
    const none = await apply(null, d.profileId);
    expect(none.statusCode).toBe(401);
    expect(jsonOf<ErrorResponse>(none).is_logout).toBe(1);
    const device = await call(rt, policyApi.apply, { token: d.auth, query: { profileId: d.profileId } });
    expect(device.statusCode).toBe(401);
    expect(jsonOf<ErrorResponse>(device).is_logout).toBe(1);
    expect((await profileRow(d.profileId)).policyVersion).toBe(0);
  });

  it('when used seats exceed purchased ones Apply answers 402 with redirectToPaymentPage 1', async () => {
    const c = await newCustomer(rt);
    const { grant } = await buy(rt.ctx.db, c.id, 'PD', 1);
    const d = await enrolDevice(rt, await enrolmentToken(rt, c.id));
    expect((await apply(c, d.profileId)).statusCode).toBe(200);

    // The payment is refunded: its seats are revoked while the device stays enrolled.
    await rt.ctx.db.update(licenceGrants).set({ revokedAt: new Date() }).where(eq(licenceGrants.id, grant!.id));
    const res = await apply(c, d.profileId);
    expect(res.statusCode).toBe(402);
    const err = jsonOf<ErrorResponse>(res);
    expect(err).toMatchObject({ code: 'E_PAYMENT_REQUIRED', redirectToPaymentPage: 1 });
    expect(err.respones_msg).toContain('Buy more licences');
    expect((await profileRow(d.profileId)).policyVersion).toBe(1);

    // Expired instead of revoked: the same.
    await rt.ctx.db
      .update(licenceGrants)
      .set({ revokedAt: null, expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(licenceGrants.id, grant!.id));
    expect((await apply(c, d.profileId)).statusCode).toBe(402);

    // Seats of another family do not help; seats of this family do.
    await buy(rt.ctx.db, c.id, 'SL', 5);
    expect((await apply(c, d.profileId)).statusCode).toBe(402);
    await buy(rt.ctx.db, c.id, 'PD', 1);
    const ok = await apply(c, d.profileId);
    expect(ok.statusCode).toBe(200);
    expect((await profileRow(d.profileId)).policyVersion).toBe(2);
  });
});
