import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  activityApi,
  chatApi,
  type Endpoint,
  type AuditListResponse,
  type ChatUser,
  type ChatUserListResponse,
  type ChatUserResponse,
  type DeviceLogListResponse,
  type ExportListResponse,
} from '@fleetdeck/contract';
import { auditEntries, chatUsers, deviceApplications, deviceExports } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import { buy } from '../../../test/support/ledger.ts';
import { call, type CallOptions } from '../../../test/support/call.ts';
import {
  enrolDevice,
  customerWithSeats,
  uploadExport,
  type TestCustomer as Customer,
  type TestDevice,
} from '../../../test/support/factory.ts';

/**
 * A second customer (B) can reach none of the first customer's (A) device logs, audit entries, exports or chat
 * users. Lists answer only B's own rows; calls naming one of A's ids answer 404 and change nothing.
 *
 * | call (as B)                                          | A's data                         | answer          |
 * |------------------------------------------------------|----------------------------------|-----------------|
 * | GET  device/log/list                                 | A's device logs                  | B's rows only   |
 * | GET  device/log/list?serialNumber=<A's serial>       | A's device logs                  | empty           |
 * | GET  users/audit/list                                | A's audit entries                | B's rows only   |
 * | GET  users/export/list                               | A's exports                      | B's rows only   |
 * | GET  users/export/detail?id=<A's export>             | A's export                       | 404             |
 * | DELETE users/export/delete (query and body)          | A's export                       | 404, unchanged  |
 * | DELETE users/export/application/delete               | A's export                       | 404, unchanged  |
 * | POST device/restore/pdDisabledApp (A's export)       | A's export onto B's profile      | 404             |
 * | POST device/restore/pdDisabledApp (A's profile)      | B's export onto A's profile      | 404, unchanged  |
 * | GET  fcm/user/list                                   | A's chat users                   | B's rows only   |
 * | GET  fcm/user/detail?id=<A's user>                   | A's chat user                    | 404             |
 * | DELETE fcm/user/delete (query and body)              | A's chat user                    | 404, unchanged  |
 * | GET  qr/chat/<A's user>/<B's key>.png                | A's chat user's QR image         | 404             |
 */

let rt: TestRuntime;
let a: Customer;
let b: Customer;
let aDevice: TestDevice;
let bDevice: TestDevice;
let aExport: string;
let bExport: string;
let aChatUser: ChatUser;
let bChatUser: ChatUser;

const PASSWORD = 'Violet-Canyon-2231';

async function chatUser(c: Customer, userId: string) {
  const res = await call(rt, chatApi.create, {
    token: c.token,
    body: { name: userId, password: PASSWORD, user_id: userId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return jsonOf<ChatUserResponse>(res).data;
}

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  a = await customerWithSeats(rt, 'PD', 2);
  b = await customerWithSeats(rt, 'PD', 2);
  await buy(rt.ctx.db, a.id, 'PCHAT', 2);
  await buy(rt.ctx.db, b.id, 'PCHAT', 2);
  aDevice = await enrolDevice(rt, a, { serialNumber: 'SN-A-ONLY' });
  bDevice = await enrolDevice(rt, b, { serialNumber: 'SN-B-ONLY' });
  aExport = await uploadExport(rt, aDevice.auth, { exportName: 'A backup', disabledApplications: ['com.a.app'] });
  bExport = await uploadExport(rt, bDevice.auth, { exportName: 'B backup', disabledApplications: ['com.b.app'] });
  aChatUser = await chatUser(a, 'a-user');
  bChatUser = await chatUser(b, 'b-user');
});
afterAll(async () => rt?.close());

const asB = (endpoint: Endpoint, opts: Pick<CallOptions, 'query' | 'body'> = {}) =>
  call(rt, endpoint, { token: b.token, ...opts });

const exportOf = async (id: string) =>
  (await rt.ctx.db.select().from(deviceExports).where(eq(deviceExports.id, id)))[0];

describe('a second customer reaches none of the first customer’s activity, exports or chat users', () => {
  it('device/log/list: only B’s rows; A’s serial number finds nothing', async () => {
    const all = jsonOf<DeviceLogListResponse>(await asB(activityApi.deviceLogList, { query: { limit: '50' } })).data;
    expect(all.data.length).toBeGreaterThan(0);
    expect(all.data.every((r) => r.serialNumber === 'SN-B-ONLY')).toBe(true);
    const bySerial = jsonOf<DeviceLogListResponse>(
      await asB(activityApi.deviceLogList, { query: { serialNumber: 'SN-A-ONLY' } }),
    );
    expect(bySerial.data).toMatchObject({ data: [], pagination: { total: 0 } });
  });

  it('users/audit/list: only B’s entries', async () => {
    const rows = jsonOf<AuditListResponse>(await asB(activityApi.auditList, { query: { limit: '50' } })).data.data;
    const bIds = (
      await rt.ctx.db.select({ id: auditEntries.id }).from(auditEntries).where(eq(auditEntries.customerId, b.id))
    )
      .map((r) => String(r.id))
      .sort();
    expect(rows.map((r) => r._id).sort()).toEqual(bIds);
    expect(rows.some((r) => r.message.includes('SN-A-ONLY') || r.message.includes('a-user'))).toBe(false);
  });

  it('users/export/list: only B’s exports; detail of A’s export: 404', async () => {
    const list = jsonOf<ExportListResponse>(await asB(activityApi.exportList));
    expect(list.data.map((e) => e._id)).toEqual([bExport]);
    expect((await asB(activityApi.exportDetail, { query: { id: aExport } })).statusCode).toBe(404);
  });

  it('export/delete and export/application/delete of A’s export: 404, nothing changes', async () => {
    expect((await asB(activityApi.exportDelete, { query: { id: aExport } })).statusCode).toBe(404);
    expect((await asB(activityApi.exportDelete, { body: { id: aExport } })).statusCode).toBe(404);
    const app = await asB(activityApi.exportApplicationDelete, { query: { id: aExport, app: 'com.a.app' } });
    expect(app.statusCode).toBe(404);
    expect(
      (await asB(activityApi.exportApplicationDelete, { body: { id: aExport, app: 'com.a.app' } })).statusCode,
    ).toBe(404);
    expect((await exportOf(aExport))?.disabledApplications).toEqual(['com.a.app']);
  });

  it('restore: A’s export onto B’s profile and B’s export onto A’s profile both answer 404', async () => {
    const theirExport = await asB(activityApi.restoreDisabledApps, {
      body: {
        profileId: bDevice.profileId,
        restoreId: aExport,
      },
    });
    expect(theirExport.statusCode).toBe(404);
    const theirProfile = await asB(activityApi.restoreDisabledApps, {
      body: {
        profileId: aDevice.profileId,
        restoreId: bExport,
      },
    });
    expect(theirProfile.statusCode).toBe(404);
    for (const deviceId of [aDevice.deviceId, bDevice.deviceId]) {
      const rows = await rt.ctx.db.select().from(deviceApplications).where(eq(deviceApplications.deviceId, deviceId));
      expect(rows).toEqual([]);
    }
  });

  it('fcm/user/list: only B’s users; detail, delete and the QR image of A’s user: 404', async () => {
    const list = jsonOf<ChatUserListResponse>(await asB(chatApi.list));
    expect(list.data.map((u) => u._id)).toEqual([bChatUser._id]);
    expect((await asB(chatApi.detail, { query: { id: aChatUser._id } })).statusCode).toBe(404);
    expect((await asB(chatApi.remove, { query: { id: aChatUser._id } })).statusCode).toBe(404);
    expect((await asB(chatApi.remove, { body: { id: aChatUser._id } })).statusCode).toBe(404);
    const [row] = await rt.ctx.db.select().from(chatUsers).where(eq(chatUsers.id, aChatUser._id));
    expect(row?.deletedAt).toBeNull();
    // B holds a valid key for its own user only: with A's user id it opens nothing.
    const bKey = new URL(bChatUser.qrCodeUrl).pathname.split('/').at(-1)!;
    const image = await call(rt, chatApi.qrImage, { params: { id: aChatUser._id, file: bKey } });
    expect(image.statusCode).toBe(404);
    // A's own URL still works (the key, not the id, is the capability).
    const own = await rt.app.inject({ method: 'GET', url: new URL(aChatUser.qrCodeUrl).pathname });
    expect(own.statusCode).toBe(200);
  });
});
