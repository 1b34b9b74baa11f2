import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { devicesApi, policyApi, profilesApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { auditEntries, chatUsers, deviceMessages, notificationCounts, notifications } from '../../db/schema.ts';
import { call } from '../../../test/support/call.ts';
import {
  customerWithSeats,
  enrolDevice,
  newCustomer,
  newStaff,
  uploadExport,
  type TestCustomer,
  type TestDevice,
  type TestStaff,
} from '../../../test/support/factory.ts';
import { reportInventory } from '../../../test/support/profiles.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { fanOut } from '../policy/fan-out.ts';

let rt: TestRuntime;
let root: TestStaff;
let support: TestStaff;
let content: TestStaff;
let alice: TestCustomer;
let bob: TestCustomer;
let aliceDevices: TestDevice[];
let bobDevices: TestDevice[];

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  [root, support, content] = await Promise.all([
    newStaff(rt, 'SuperAdmin'),
    newStaff(rt, 'Support'),
    newStaff(rt, 'Content'),
  ]);
  alice = await customerWithSeats(rt, 'PD', 5);
  bob = await customerWithSeats(rt, 'PD', 5);
  aliceDevices = [];
  for (let i = 0; i < 3; i++) aliceDevices.push(await enrolDevice(rt, alice, { deviceName: `Alice tab ${i}` }));
  bobDevices = [];
  for (let i = 0; i < 2; i++) bobDevices.push(await enrolDevice(rt, bob, { deviceName: `Bob tab ${i}` }));
}, 60_000);
afterAll(async () => rt?.close());

const poll = async (d: TestDevice) =>
  (await call(rt, policyApi.events, { token: d.auth, query: { wait: 0 } })).data().data.messages;

const notificationRow = async (id: string) =>
  (await rt.ctx.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;

/** Waits until the fan-out job (or a direct run) wrote every delivery row. */
async function fannedOut(id: string) {
  await fanOut(rt.ctx, id, 2);
  for (let i = 0; i < 50; i++) {
    const n = await notificationRow(id);
    if (n.fanOutCompletedAt) return n;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('fan-out did not complete');
}

describe('admin devices list (DECISIONS §8 devices/list)', () => {
  it('lists enrolled devices across customers newest first with the owner email, filters and pages', async () => {
    const all = (await call(rt, staffApi.deviceList, { token: support.token, query: { limit: 5 } })).data();
    expect(all.pagination.total).toBeGreaterThanOrEqual(5);
    expect(all.data[0]).toMatchObject({ deviceName: 'Bob tab 1', userId: { email: bob.email }, appVersionCode: '412' });
    const byEmail = (await call(rt, staffApi.deviceList, { token: root.token, query: { email: alice.email } })).data();
    expect(byEmail.data.map((d) => d.deviceName)).toEqual(['Alice tab 2', 'Alice tab 1', 'Alice tab 0']);
    // Keyset: the next page continues after the cursor.
    const first = (
      await call(rt, staffApi.deviceList, { token: root.token, query: { email: alice.email, limit: 5 } })
    ).data();
    expect(first.pagination.nextCursor).toBeNull();
    const nobody = (await call(rt, staffApi.deviceList, { token: root.token, query: { email: 'nobody@x.io' } })).data();
    expect(nobody.data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const future = (
      await call(rt, staffApi.deviceList, {
        token: root.token,
        query: { from_date: '2999-01-01', to_date: '2999-01-02' },
      })
    ).data();
    expect(future.pagination.total).toBe(0);
    const dated = (
      await call(rt, staffApi.deviceList, { token: root.token, query: { from_date: today, to_date: today } })
    ).data();
    expect(dated.pagination.total).toBeGreaterThanOrEqual(5);
  });

  it('pages with nextCursor at limit 5 over more rows', async () => {
    const p1 = (await call(rt, staffApi.deviceList, { token: root.token, query: { limit: 5 } })).data();
    if (p1.pagination.total > 5) {
      const p2 = (
        await call(rt, staffApi.deviceList, {
          token: root.token,
          query: { limit: 5, cursor: p1.pagination.nextCursor },
        })
      ).data();
      expect(p2.data.map((d) => d._id)).not.toContain(p1.data[0]!._id);
    }
  });

  it('exports AllDevices.csv with its header, and refuses bad input and other roles', async () => {
    const res = await call(rt, staffApi.deviceList, {
      token: root.token,
      query: { isExportData: true, email: bob.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('AllDevices.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('"Email","Serial Number","Device Name","Version Code","Created On"');
    expect(lines).toHaveLength(3);
    const empty = await call(rt, staffApi.deviceList, {
      token: root.token,
      query: { isExportData: true, email: 'no@x.io' },
    });
    expect(empty.statusCode).toBe(404);
    expect(empty.error().code).toBe('E_NO_DATA');
    for (const query of [
      { limit: 7 },
      { from_date: '2026-02-31' },
      { page: 0 },
      { cursor: '!!' },
      { isExportData: 'yes' },
    ]) {
      expect((await call(rt, staffApi.deviceList, { token: root.token, query })).statusCode).toBe(400);
    }
    expect((await call(rt, staffApi.deviceList, { token: content.token })).statusCode).toBe(403);
    expect((await call(rt, staffApi.deviceList, { token: alice.token })).statusCode).toBe(401);
  });
});

describe('push notifications (DECISIONS §8)', () => {
  it('lists devices to choose from by customers and push token, and finds one customer', async () => {
    const list = (
      await call(rt, staffApi.notificationDevices, { token: support.token, query: { customers: [alice.id, bob.id] } })
    ).data();
    expect(list.pagination.total).toBe(5);
    expect(list.data[0]).toMatchObject({ fcmToken: false, userId: { email: bob.email } });
    const withPush = (
      await call(rt, staffApi.notificationDevices, { token: support.token, query: { fcmToken: true } })
    ).data();
    expect(withPush.data.every((d) => d.fcmToken)).toBe(true);
    const found = (
      await call(rt, staffApi.notificationCustomerSearch, {
        token: support.token,
        query: { email: alice.email.toUpperCase() },
      })
    ).data();
    expect(found.data).toMatchObject({ _id: alice.id, email: alice.email, totalDevices: 3 });
    const missing = await call(rt, staffApi.notificationCustomerSearch, {
      token: support.token,
      query: { email: 'no@x.io' },
    });
    expect(missing.statusCode).toBe(404);
    expect((await call(rt, staffApi.notificationCustomerSearch, { token: support.token, query: {} })).statusCode).toBe(
      400,
    );
    expect(
      (await call(rt, staffApi.notificationDevices, { token: support.token, query: { customers: 'x' } })).statusCode,
    ).toBe(400);
  });

  it('sends to chosen devices: fanned out in batches, handed out once by GET events, delivered and opened counted', async () => {
    const chosen = [aliceDevices[0]!, bobDevices[1]!];
    const sent = (
      await call(rt, staffApi.notificationSend, {
        token: support.token,
        body: { title: ' Hello ', message: 'Update tonight', devices: chosen.map((d) => d.deviceId) },
      })
    ).data().data;
    expect(sent).toMatchObject({ title: 'Hello', target: 'devices', totalDevices: 2, deliveredNotificationCount: 0 });
    expect(sent.created_by).toBe(support.email);
    expect(new Date(sent.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    await fannedOut(sent._id);
    const rows = await rt.ctx.db.select().from(deviceMessages).where(eq(deviceMessages.notificationId, sent._id));
    expect(rows.map((r) => r.deviceId).sort()).toEqual(chosen.map((d) => d.deviceId).sort());

    // Another device gets nothing; a chosen one gets it once.
    expect(await poll(aliceDevices[1]!)).toEqual([]);
    const got = await poll(chosen[0]!);
    expect(got).toHaveLength(1);
    expect(got[0]!.payload).toMatchObject({ title: 'Hello', message: 'Update tonight', notificationId: sent._id });
    expect(await poll(chosen[0]!)).toEqual([]);
    await call(rt, policyApi.messageDelivered, { token: chosen[0]!.auth, params: { id: got[0]!._id } });
    await call(rt, policyApi.messageOpened, { token: chosen[0]!.auth, params: { id: got[0]!._id } });
    // Repeated acks count once.
    await call(rt, policyApi.messageOpened, { token: chosen[0]!.auth, params: { id: got[0]!._id } });
    // The other device opens without polling first (opened implies delivered).
    const other = rows.find((r) => r.deviceId === chosen[1]!.deviceId)!;
    (await call(rt, policyApi.messageOpened, { token: chosen[1]!.auth, params: { id: other.id } })).data();

    const listed = (await call(rt, staffApi.notificationList, { token: support.token })).data();
    expect(listed.data[0]).toMatchObject({
      _id: sent._id,
      totalDevices: 2,
      fannedOut: 2,
      fanOutComplete: true,
      deliveredNotificationCount: 2,
      undeliveredNotificationCount: 0,
      openedNotificationCount: 2,
    });

    const detail = (
      await call(rt, staffApi.notificationDetail, { token: support.token, query: { id: sent._id } })
    ).data();
    expect(detail.notification.openedNotificationCount).toBe(2);
    expect(detail.data).toHaveLength(2);
    expect(detail.data.every((r) => r.isDelivered && r.isOpen && r.openDate !== null)).toBe(true);
    expect(detail.data.map((r) => r.deviceId?.serialNumber).sort()).toEqual(chosen.map((d) => d.serialNumber).sort());
    const notOpen = (
      await call(rt, staffApi.notificationDetail, { token: support.token, query: { id: sent._id, isOpen: false } })
    ).data();
    expect(notOpen.data).toEqual([]);
  });

  it("sends to chosen customers' devices and, with nothing chosen, to every enrolled device", async () => {
    const toBob = (
      await call(rt, staffApi.notificationSend, {
        token: root.token,
        body: { title: 'B', message: 'm', customers: [bob.id] },
      })
    ).data().data;
    expect(toBob).toMatchObject({ target: 'customers', totalDevices: 2 });
    const all = (
      await call(rt, staffApi.notificationSend, { token: root.token, body: { title: 'All', message: 'm' } })
    ).data().data;
    expect(all.target).toBe('all');
    const enrolled = Number(
      (await rt.ctx.db.execute<{ n: number }>(sql`select count(*)::int n from devices where logged_out_at is null`))
        .rows[0]!.n,
    );
    expect(all.totalDevices).toBe(enrolled);
    const done = await fannedOut(all._id);
    expect(done.fannedOut).toBe(enrolled);
    expect(done.totalDevices).toBe(enrolled);
    // Running the fan-out again writes nothing twice.
    expect(await fanOut(rt.ctx, all._id, 2)).toBe(0);
    const count = await rt.ctx.db.$count(deviceMessages, eq(deviceMessages.notificationId, all._id));
    expect(count).toBe(enrolled);
    await fannedOut(toBob._id);
    const delivered = (
      await call(rt, staffApi.notificationDetail, { token: root.token, query: { id: toBob._id, isDelivered: false } })
    ).data();
    expect(delivered.data).toHaveLength(2);
  });

  it('counts each delivery and opening once when many devices (and repeated acks) arrive at once; an ack that changes nothing writes nothing', async () => {
    const many = await customerWithSeats(rt, 'PD', 12);
    const devices: TestDevice[] = [];
    for (let i = 0; i < 12; i++) devices.push(await enrolDevice(rt, many));
    const sent = (
      await call(rt, staffApi.notificationSend, {
        token: root.token,
        body: { title: 'Burst', message: 'm', customers: [many.id] },
      })
    ).data().data;
    await fannedOut(sent._id);
    const counts = async () =>
      (await call(rt, staffApi.notificationDetail, { token: root.token, query: { id: sent._id } })).data().notification;
    // Every device polls, acks delivered twice and opened three times, all at once.
    const got = await Promise.all(devices.map(async (d) => ({ d, m: (await poll(d))[0]! })));
    expect(await counts()).toMatchObject({ deliveredNotificationCount: 12, openedNotificationCount: 0 });
    await Promise.all(
      got.flatMap(({ d, m }) => [
        call(rt, policyApi.messageDelivered, { token: d.auth, params: { id: m._id } }),
        call(rt, policyApi.messageDelivered, { token: d.auth, params: { id: m._id } }),
        call(rt, policyApi.messageOpened, { token: d.auth, params: { id: m._id } }),
        call(rt, policyApi.messageOpened, { token: d.auth, params: { id: m._id } }),
        call(rt, policyApi.messageOpened, { token: d.auth, params: { id: m._id } }),
      ]),
    );
    expect(await counts()).toMatchObject({
      totalDevices: 12,
      deliveredNotificationCount: 12,
      undeliveredNotificationCount: 0,
      openedNotificationCount: 12,
    });
    // The counts are the delivery rows' (DECISIONS §8), kept in shards.
    const rows = await rt.ctx.db.select().from(deviceMessages).where(eq(deviceMessages.notificationId, sent._id));
    expect(rows.filter((r) => r.openedAt !== null)).toHaveLength(12);
    const shards = await rt.ctx.db
      .select()
      .from(notificationCounts)
      .where(eq(notificationCounts.notificationId, sent._id));
    expect(shards.reduce((n, s) => n + s.openedCount, 0)).toBe(12);
    // A repeated ack changes no row version (xmin stays): it wrote nothing.
    const xmin = async (id: string) =>
      (await rt.ctx.db.execute<{ x: string }>(sql`select xmin::text as x from device_messages where id = ${id}`))
        .rows[0]!.x;
    const { d, m } = got[0]!;
    const before = await xmin(m._id);
    const again = (await call(rt, policyApi.messageOpened, { token: d.auth, params: { id: m._id } })).data().data;
    expect(again.opened_at).toBe(rows.find((r) => r.id === m._id)!.openedAt!.toISOString());
    expect(await xmin(m._id)).toBe(before);
  });

  it('expires: a device that checks in after the expiry gets nothing', async () => {
    const sent = (
      await call(rt, staffApi.notificationSend, {
        token: root.token,
        body: { title: 'Old', message: 'm', devices: [aliceDevices[2]!.deviceId] },
      })
    ).data().data;
    await fannedOut(sent._id);
    await rt.ctx.db
      .update(deviceMessages)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceMessages.notificationId, sent._id));
    const got = await poll(aliceDevices[2]!);
    expect(got.map((m) => (m.payload as { title?: string }).title)).not.toContain('Old');
    const n = (await call(rt, staffApi.notificationDetail, { token: root.token, query: { id: sent._id } })).data();
    expect(n.notification).toMatchObject({ deliveredNotificationCount: 0, undeliveredNotificationCount: 1 });
  });

  it('previews the devices and customers a notification reaches, for the confirmation (DECISIONS §14)', async () => {
    const preview = async (body: Record<string, unknown>, token = root.token) =>
      call(rt, staffApi.notificationPreview, { token, body });
    const exact = (await preview({ customers: [alice.id, bob.id] })).data();
    expect(exact).toMatchObject({ data: { devices: 5, customers: 2, precision: 'exact' } });
    expect((await preview({ devices: [aliceDevices[0]!.deviceId, bobDevices[1]!.deviceId] })).data().data).toEqual({
      devices: 2,
      customers: 2,
      precision: 'exact',
    });
    // Both: the devices of both (a device of a chosen customer counted once).
    expect((await preview({ devices: [aliceDevices[0]!.deviceId], customers: [alice.id] })).data().data).toEqual({
      devices: 3,
      customers: 1,
      precision: 'exact',
    });
    // Every device: from the seat summaries, labelled an estimate; it matches the devices counted one by one here.
    const all = (await preview({})).data().data;
    const enrolled = (
      await rt.ctx.db.execute<{ devices: number; customers: number }>(
        sql`select count(*)::int as devices, count(distinct customer_id)::int as customers from devices
            where logged_out_at is null and token_hash is not null`,
      )
    ).rows[0]!;
    expect(all).toEqual({ ...enrolled, precision: 'estimate' });
    // Past the cap: "at least".
    const { preview: previewWith } = await import('./notifications/service.ts');
    expect(await previewWith(rt.ctx, { devices: [], customers: [alice.id, bob.id], fcmToken: false }, 4)).toEqual({
      devices: 4,
      customers: expect.any(Number),
      precision: 'atLeast',
    });
    // Only devices with a push token: counted (none of these has one).
    expect((await preview({ customers: [alice.id], fcmToken: true })).data().data).toEqual({
      devices: 0,
      customers: 0,
      precision: 'exact',
    });
    expect((await preview({ devices: ['nope'] })).statusCode).toBe(400);
    expect((await preview({}, content.token)).statusCode).toBe(403);
  });

  it('refuses an over-long title or message with a message naming the limit, and stores nothing (never cuts)', async () => {
    const before = await rt.ctx.db.$count(notifications);
    const long = await call(rt, staffApi.notificationSend, {
      token: root.token,
      body: { title: 't', message: 'x'.repeat(1001) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.error()).toMatchObject({
      code: 'E_VALIDATION',
      respones_msg: 'message: must be at most 1000 characters',
    });
    const title = await call(rt, staffApi.notificationSend, {
      token: root.token,
      body: { title: 'T'.repeat(101), message: 'm' },
    });
    expect(title.error().respones_msg).toBe('title: must be at most 100 characters');
    expect(await rt.ctx.db.$count(notifications)).toBe(before);
  });

  it('refuses bad input, unknown ids and other roles', async () => {
    const send = (body: unknown, token = root.token) => call(rt, staffApi.notificationSend, { token, body });
    for (const body of [
      { message: 'm' },
      { title: '', message: 'm' },
      { title: 't', message: 'x'.repeat(1001) },
      { title: 't', message: 'm', devices: ['nope'] },
      { title: 't', message: 'm', devices: 'all' },
      { title: 't', message: 'm', fcmToken: 'yes' },
      { title: 5, message: 'm' },
    ]) {
      expect((await send(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await send({ title: 't', message: 'm', devices: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await send({ title: 't', message: 'm', customers: ['00000000-0000-4000-8000-000000000000'] })).statusCode,
    ).toBe(404);
    // A customer without devices: nothing to send to.
    const empty = await newCustomer(rt);
    expect((await send({ title: 't', message: 'm', customers: [empty.id] })).statusCode).toBe(400);
    expect((await send({ title: 't', message: 'm' }, content.token)).statusCode).toBe(403);
    const missing = await call(rt, staffApi.notificationDetail, {
      token: root.token,
      query: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
    expect((await call(rt, staffApi.notificationDetail, { token: root.token, query: { id: 'x' } })).statusCode).toBe(
      400,
    );
    expect((await call(rt, staffApi.notificationList, { token: content.token })).statusCode).toBe(403);
    expect((await call(rt, staffApi.notificationList, { token: root.token, query: { limit: 3 } })).statusCode).toBe(
      400,
    );
  });
});

describe('audit logs: deleted devices (DECISIONS §8)', () => {
  it('counts logouts since the reset date, resets, exports auditLogs.csv', async () => {
    const carol = await customerWithSeats(rt, 'PD', 3);
    const d1 = await enrolDevice(rt, carol);
    const d2 = await enrolDevice(rt, carol);
    for (const d of [d1, d2]) {
      (await call(rt, devicesApi.logout, { token: carol.token, query: { serialNumber: d.serialNumber } })).data();
    }
    const read = async () =>
      (await call(rt, staffApi.auditList, { token: support.token, query: { email: carol.email } })).data().data;
    expect(await read()).toEqual([
      {
        _id: carol.id,
        email: carol.email,
        errorCount: 0,
        deletedDevices: 2,
        deletedDeviceResetCount: 0,
        deletedDeviceResetDate: null,
      },
    ]);
    const reset = (
      await call(rt, staffApi.resetDeletedDeviceDate, { token: support.token, body: { email: carol.email } })
    ).data();
    expect(reset.data).toMatchObject({ deletedDevices: 0, deletedDeviceResetCount: 1 });
    expect(reset.data.deletedDeviceResetDate).not.toBeNull();
    await call(rt, staffApi.resetDeletedDeviceDate, { token: support.token, body: { email: carol.email } });
    expect((await read())[0]).toMatchObject({ deletedDevices: 0, deletedDeviceResetCount: 2 });
    // Each Reset is audited with the staff member who pressed it.
    const resets = await rt.ctx.db
      .select()
      .from(auditEntries)
      .where(sql`${auditEntries.subType} = 'Deleted Devices Reset' and ${auditEntries.email} = ${carol.email}`)
      .orderBy(auditEntries.createdAt);
    expect(resets.map((a) => [a.type, a.actorKind, a.actorId, a.customerId, a.message])).toEqual([
      ['Staff Account', 'staff', support.id, null, `Deleted-devices count of ${carol.email} reset (reset 1)`],
      ['Staff Account', 'staff', support.id, null, `Deleted-devices count of ${carol.email} reset (reset 2)`],
    ]);

    const csv = await call(rt, staffApi.auditList, {
      token: root.token,
      query: { email: carol.email, isExportData: true },
    });
    expect(csv.headers['content-disposition']).toContain('auditLogs.csv');
    expect(csv.body.split('\r\n')[0]).toBe('"Email","Error Count","Deleted Device","Reset Count","Reset Date"');
    const all = (await call(rt, staffApi.auditList, { token: root.token, query: { limit: 5 } })).data();
    expect(all.pagination.total).toBeGreaterThanOrEqual(3);

    expect(
      (await call(rt, staffApi.resetDeletedDeviceDate, { token: root.token, body: { email: 'no@x.io' } })).statusCode,
    ).toBe(404);
    expect((await call(rt, staffApi.resetDeletedDeviceDate, { token: root.token, body: {} })).statusCode).toBe(400);
    expect(
      (await call(rt, staffApi.resetDeletedDeviceDate, { token: root.token, body: { email: 7 } })).statusCode,
    ).toBe(400);
    expect((await call(rt, staffApi.auditList, { token: content.token })).statusCode).toBe(403);
  });
});

describe('Power Chat users, customer exports', () => {
  it('lists Power Chat users across customers with company and date filters', async () => {
    // Two statements: rows of one statement share their created_at.
    await rt.ctx.db
      .insert(chatUsers)
      .values({ customerId: alice.id, name: 'Ann', userId: `ann-${Date.now()}`, passwordHash: 'x' });
    await rt.ctx.db
      .insert(chatUsers)
      .values({ customerId: bob.id, name: 'Ben', userId: `ben-${Date.now()}`, passwordHash: 'x' });
    const all = (await call(rt, staffApi.powerChatUsers, { token: support.token })).data();
    expect(all.data.map((u) => u.fcmData.name)).toEqual(['Ben', 'Ann']);
    expect(all.data[0]).toMatchObject({ fcmData: { company: 'Test Customer' }, userId: { email: bob.email } });
    const byCompany = (
      await call(rt, staffApi.powerChatUsers, { token: support.token, query: { company: alice.email } })
    ).data();
    expect(byCompany.data.map((u) => u.fcmData.name)).toEqual(['Ann']);
    const old = (
      await call(rt, staffApi.powerChatUsers, { token: support.token, query: { to_date: '2020-01-01' } })
    ).data();
    expect(old.data).toEqual([]);
    expect(
      (await call(rt, staffApi.powerChatUsers, { token: support.token, query: { from_date: 'x' } })).statusCode,
    ).toBe(400);
    expect((await call(rt, staffApi.powerChatUsers, { token: content.token })).statusCode).toBe(403);
  });

  it("lists customers' exports with the count of disabled apps and the owner", async () => {
    await uploadExport(rt, aliceDevices[0]!.auth, { exportName: 'Lobby', disabledApplications: ['com.a', 'com.b'] });
    const list = (await call(rt, staffApi.customerExports, { token: support.token })).data();
    expect(list.data[0]).toMatchObject({
      exportName: 'Lobby',
      serialNumber: aliceDevices[0]!.serialNumber,
      disabledApplications: 2,
      userId: { _id: alice.id, email: alice.email },
    });
    expect((await call(rt, staffApi.customerExports, { token: support.token, query: { page: 'x' } })).statusCode).toBe(
      400,
    );
    expect((await call(rt, staffApi.customerExports, { token: content.token })).statusCode).toBe(403);
  });
});

describe('bloatware catalogue loop (DECISIONS §8)', () => {
  it('adds a package a customer disables, lets staff mark it, and suggests it to customers', async () => {
    const d = aliceDevices[1]!;
    await reportInventory(rt, d, [{ package_name: 'com.vendor.junk', app_name: 'Vendor Junk' }]);
    const detail = (
      await call(rt, profilesApi.deviceDetail, {
        token: alice.token,
        query: { profileId: d.profileId, showSystemApp: true },
      })
    ).data().data;
    const pkg = detail.applications[0]!.package_name;
    expect(detail.applications[0]!.suggested_disable).toBeUndefined();
    (
      await call(rt, profilesApi.deviceApplicationUpdate, {
        token: alice.token,
        body: { profileId: d.profileId, packageName: pkg, app_disable: true },
      })
    ).data();
    const listed = (await call(rt, staffApi.bloatwareList, { token: support.token })).data();
    expect(listed.data.find((a) => a.packageName === pkg)).toMatchObject({
      isBloatware: null,
      created_by: alice.email,
    });
    // Another customer disabling it later does not change who added it.
    const marked = (
      await call(rt, staffApi.bloatwareUpdate, {
        token: support.token,
        body: { packageName: pkg, isBloatware: true, reason: 'Vendor junk' },
      })
    ).data();
    expect(marked.data).toMatchObject({
      packageName: pkg,
      isBloatware: true,
      reason: 'Vendor junk',
      created_by: alice.email,
    });
    const marks = async () =>
      (await rt.ctx.db.select().from(auditEntries).where(eq(auditEntries.subType, 'Bloatware Updated'))).filter((a) =>
        a.message.includes(pkg),
      );
    expect((await marks()).map((a) => [a.type, a.actorKind, a.actorId, a.message])).toEqual([
      ['Staff Account', 'staff', support.id, `Bloatware catalogue: ${pkg} marked Yes (Vendor junk)`],
    ]);
    const yes = (await call(rt, staffApi.bloatwareList, { token: support.token, query: { isBloatware: true } })).data();
    expect(yes.data.map((a) => a.packageName)).toEqual([pkg]);
    const no = (await call(rt, staffApi.bloatwareList, { token: support.token, query: { isBloatware: false } })).data();
    expect(no.data).toEqual([]);
    const after = (
      await call(rt, profilesApi.deviceDetail, {
        token: alice.token,
        query: { profileId: d.profileId, showSystemApp: true },
      })
    ).data().data;
    expect(after.applications.find((a) => a.package_name === pkg)!.suggested_disable).toBe(true);

    const csv = await call(rt, staffApi.bloatwareList, { token: root.token, query: { isExportData: true } });
    expect(csv.headers['content-disposition']).toContain('BloatwareAppList.csv');
    expect(csv.body.split('\r\n').slice(0, 2)).toEqual([
      '"Package Name","Is Bloatware","Reason","Created By","Created On"',
      expect.stringContaining(`"${pkg}","Yes","Vendor junk","${alice.email}",`),
    ]);

    const update = (body: unknown, token = support.token) => call(rt, staffApi.bloatwareUpdate, { token, body });
    expect((await update({ packageName: 'com.not.there', isBloatware: true })).statusCode).toBe(404);
    expect((await update({ packageName: pkg })).statusCode).toBe(400);
    expect((await update({ packageName: '../x', isBloatware: true })).statusCode).toBe(400);
    expect((await update({ packageName: pkg, isBloatware: 'yes' })).statusCode).toBe(400);
    expect((await update({ packageName: pkg, isBloatware: false }, content.token)).statusCode).toBe(403);
    expect(
      (await call(rt, staffApi.bloatwareList, { token: root.token, query: { isBloatware: 'maybe' } })).statusCode,
    ).toBe(400);
    // A refused mark writes no audit row; marking No is audited too.
    expect(await marks()).toHaveLength(1);
    (await update({ packageName: pkg, isBloatware: false, reason: '' }, root.token)).data();
    expect((await marks()).map((a) => [a.actorId, a.message]).at(-1)).toEqual([
      root.id,
      `Bloatware catalogue: ${pkg} marked No`,
    ]);
  });
});
