import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  activityApi,
  devicesApi,
  LIST_COUNT_CAP,
  type DeviceLog,
  type DeviceLogListResponse,
  type ErrorResponse,
} from '@fleetdeck/contract';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { jsonOf } from '../../../test/support/helpers.ts';
import { call } from '../../../test/support/call.ts';
import {
  enrolDevice,
  customerWithSeats,
  type TestCustomer as Customer,
  type TestDevice,
} from '../../../test/support/factory.ts';

let rt: TestRuntime;
let owner: Customer;
let bulk: Customer;
let first: TestDevice;
let second: TestDevice;

/** Rows of the owner written straight into the table: 3 share one microsecond, 2 differ by one microsecond. */
const SEEDED = 40;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  owner = await customerWithSeats(rt, 'PD', 5);
  first = await enrolDevice(rt, owner, { serialNumber: 'SN-ALPHA-1', deviceName: 'Reception' });
  second = await enrolDevice(rt, owner, { serialNumber: 'SN-BRAVO-2', deviceName: '' });
  await rt.ctx.db.execute(sql`
    insert into device_logs (customer_id, serial_number, device_name, device_activity, activity_result, created_at)
    select ${owner.id}::uuid, case when g % 2 = 0 then 'SN-ALPHA-1' else 'SN-BRAVO-2' end, '', 'Report ' || g, 'Success',
           case when g <= 3 then timestamptz '2025-01-01 10:00:00.000001+00'
                when g = 4 then timestamptz '2025-01-01 10:00:00.000002+00'
                else timestamptz '2025-01-01 00:00:00+00' + g * interval '1 minute' end
    from generate_series(1, ${SEEDED}) g`);
  bulk = await customerWithSeats(rt, 'PD', 1);
  await rt.ctx.db.execute(sql`
    insert into device_logs (customer_id, serial_number, device_activity, activity_result, created_at)
    select ${bulk.id}::uuid, 'SN-BULK', 'Ping', 'Success', now() - g * interval '1 second'
    from generate_series(1, ${LIST_COUNT_CAP + 50}) g`);
});
afterAll(async () => rt?.close());

async function list(c: Customer, query: Record<string, string | number> = {}) {
  return call(rt, activityApi.deviceLogList, { token: c.token, query });
}

async function okList(c: Customer, query: Record<string, string | number> = {}) {
  const res = await list(c, query);
  expect(res.statusCode, res.body).toBe(200);
  return jsonOf<DeviceLogListResponse>(res).data;
}

/** Every row of the customer through `nextCursor`, page by page. */
async function walk(c: Customer, query: Record<string, string | number>) {
  const rows: DeviceLog[] = [];
  let cursor: string | null = null;
  let page = 1;
  do {
    const data = await okList(c, { ...query, page, ...(cursor ? { cursor } : {}) });
    rows.push(...data.data);
    cursor = data.pagination.nextCursor;
    page++;
  } while (cursor);
  return rows;
}

/** The same rows straight from the table, in the order the list promises. */
async function expectedOrder(customerId: string, orderBy: 'created' | 'serial', dir: 'asc' | 'desc') {
  const d = sql.raw(dir);
  const order =
    orderBy === 'created' ? sql`created_at ${d}, id ${d}` : sql`serial_number ${d}, created_at ${d}, id ${d}`;
  const result = await rt.ctx.db.execute<{ id: string }>(
    sql`select id::text from device_logs where customer_id = ${customerId} order by ${order}`,
  );
  return result.rows.map((r) => r.id);
}

describe('GET device/log/list', () => {
  it('answers the rows in data.data, newest first, 25 a page by default, with the exact total', async () => {
    const data = await okList(owner);
    expect(data.data).toHaveLength(25);
    const total = SEEDED + 2; // plus the two "Enrolled" rows of the enrolments
    expect(data.pagination).toMatchObject({ page: 1, limit: 25, total, totalCapped: false });
    expect(data.pagination.nextCursor).toEqual(expect.any(String));
    const times = data.data.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data.data[0]).toEqual({
      _id: expect.any(String),
      serialNumber: expect.stringMatching(/^SN-/),
      deviceName: expect.any(String),
      deviceActivity: 'Enrolled',
      activityResult: 'Success',
      created_at: expect.any(String),
    });
  });

  it('shows the rows a device posts with its serial number and device name', async () => {
    const res = await call(rt, devicesApi.logs, {
      token: first.auth,
      body: { logs: [{ deviceActivity: 'Kiosk started', activityResult: 'Success' }] },
    });
    expect(res.statusCode).toBe(200);
    const [newest] = (await okList(owner, { limit: 5 })).data;
    expect(newest).toMatchObject({
      serialNumber: 'SN-ALPHA-1',
      deviceName: 'Reception',
      deviceActivity: 'Kiosk started',
      activityResult: 'Success',
    });
    await rt.ctx.db.execute(sql`delete from device_logs where device_activity = 'Kiosk started'`);
  });

  it.each([
    ['created_at', 'desc', 'created'],
    ['created_at', 'asc', 'created'],
    ['serialNumber', 'asc', 'serial'],
    ['serialNumber', 'desc', 'serial'],
  ] as const)(
    'walks every row once by cursor, sorted by %s %s (ties broken by id, microseconds kept)',
    async (sort, order, key) => {
      const walked = await walk(owner, { sort, order, limit: 5 });
      expect(walked.map((r) => r._id)).toEqual(await expectedOrder(owner.id, key, order));
    },
  );

  it('answers a page by position without a cursor (the page buttons), same rows as the cursor walk', async () => {
    const byCursor = await walk(owner, { limit: 10 });
    const page3 = await okList(owner, { limit: 10, page: 3 });
    expect(page3.data.map((r) => r._id)).toEqual(byCursor.slice(20, 30).map((r) => r._id));
    const last = await okList(owner, { limit: 10, page: 5 });
    expect(last.data).toHaveLength(2);
    expect(last.pagination.nextCursor).toBeNull();
  });

  it('filters by serial number or its beginning; an unknown one answers an empty page', async () => {
    const alpha = await walk(owner, { serialNumber: 'SN-ALPHA-1', limit: 50 });
    expect(alpha.length).toBe(SEEDED / 2 + 1);
    expect(new Set(alpha.map((r) => r.serialNumber))).toEqual(new Set(['SN-ALPHA-1']));
    const padded = await okList(owner, { serialNumber: '  SN-BRAVO-2 ', limit: 50 });
    expect(padded.pagination.total).toBe(SEEDED / 2 + 1);
    expect(padded.data.every((r) => r.serialNumber === 'SN-BRAVO-2' && r.deviceName === '')).toBe(true);
    // A prefix (issue 15): every row of the serials starting with it.
    expect((await okList(owner, { serialNumber: 'SN-ALPHA' })).pagination.total).toBe(SEEDED / 2 + 1);
    expect((await okList(owner, { serialNumber: 'SN-' })).pagination.total).toBe(SEEDED + 2);
    // LIKE's wildcards typed in the box match only themselves.
    for (const wildcard of ['%', 'SN_ALPHA', 'SN-%']) {
      expect((await okList(owner, { serialNumber: wildcard })).pagination.total, wildcard).toBe(0);
    }
    const none = await okList(owner, { serialNumber: 'SN-CHARLIE' });
    expect(none).toEqual({
      data: [],
      pagination: { page: 1, limit: 25, total: 0, totalCapped: false, nextCursor: null },
    });
    // An empty filter (old clients send `serialNumber=`) is no filter.
    expect((await okList(owner, { serialNumber: '' })).pagination.total).toBe(SEEDED + 2);
  });

  it(`counts at most ${LIST_COUNT_CAP} rows and says so; pages past them only by cursor`, async () => {
    const data = await okList(bulk, { limit: 50 });
    expect(data.pagination).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    const lastCounted = await okList(bulk, { limit: 50, page: LIST_COUNT_CAP / 50 });
    expect(lastCounted.data).toHaveLength(50);
    const beyond = await list(bulk, { limit: 50, page: LIST_COUNT_CAP / 50 + 1 });
    expect(beyond.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(beyond)).toMatchObject({
      code: 'E_VALIDATION',
      respones_msg: expect.stringMatching(/^page: /),
    });
    const next = await okList(bulk, {
      limit: 50,
      page: LIST_COUNT_CAP / 50 + 1,
      cursor: lastCounted.pagination.nextCursor!,
    });
    // Rows 10,001 to 10,050: the last ones, so no further cursor.
    expect(next.data).toHaveLength(50);
    expect(Date.parse(next.data[0]!.created_at)).toBeLessThan(Date.parse(lastCounted.data.at(-1)!.created_at));
    expect(next.pagination).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, nextCursor: null });
  });

  it.each([
    [{ limit: 7 }, 'limit: must be one of 5, 10, 25, 50'],
    [{ page: 0 }, 'page: must be at least 1'],
    [{ page: 'two' }, 'page: must be a page number from 1'],
    [{ sort: 'deviceName' }, 'sort: must be one of serialNumber, created_at'],
    [{ order: 'up' }, 'order: must be asc or desc'],
    [{ serialNumber: 'x'.repeat(129) }, 'serialNumber: must be at most 128 characters'],
    [{ cursor: 'not a cursor!' }, 'cursor: is not a cursor of this list (use nextCursor of the previous page)'],
  ])('refuses %j with 400 naming the field', async (query, message) => {
    const res = await list(owner, query);
    expect(res.statusCode).toBe(400);
    expect(jsonOf<ErrorResponse>(res)).toMatchObject({ code: 'E_VALIDATION', respones_msg: message });
  });

  it('refuses a cursor made for another sort or order, or a forged one', async () => {
    const { nextCursor } = (await okList(owner, { limit: 5 })).pagination;
    const queries: Record<string, string>[] = [
      { sort: 'serialNumber', cursor: nextCursor! },
      { order: 'asc', cursor: nextCursor! },
      { cursor: Buffer.from(JSON.stringify(['created_at', 'desc', 'yesterday', 1])).toString('base64url') },
      { cursor: Buffer.from(JSON.stringify(['created_at', 'desc', '2025-01-01T00:00:00Z', -1])).toString('base64url') },
    ];
    for (const query of queries) {
      const res = await list(owner, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(jsonOf<ErrorResponse>(res).respones_msg).toMatch(/^cursor: /);
    }
  });

  it('needs the customer session', async () => {
    const res = await call(rt, activityApi.deviceLogList);
    expect(res.statusCode).toBe(401);
    expect(jsonOf<ErrorResponse>(res)).toMatchObject({ is_logout: 1 });
    const device = await call(rt, activityApi.deviceLogList, { token: second.auth });
    expect(device.statusCode).toBe(401);
  });
});
