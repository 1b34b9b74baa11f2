import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffApi } from '@fleetdeck/contract/staff';
import { auditEntries } from '../../../db/schema.ts';
import { call } from '../../../../test/support/call.ts';
import type { TestStaff } from '../../../../test/support/factory.ts';
import type { TestRuntime } from '../../../../test/support/runtime.ts';
import { rollUpLogins } from './repository.ts';
import { addDays, startOfDay, today } from './zoned-time.ts';
import { startWithStaff } from '../../../../test/support/suites.ts';

let rt: TestRuntime;
let root: TestStaff;
beforeAll(async () => ({ rt, staff: root } = await startWithStaff('SuperAdmin')));
afterAll(async () => rt?.close());

/** Audit rows that count as logins, at chosen instants (the rollup reads created_at and id only). */
async function logins(rows: { at: Date; source: 'Web' | 'App'; hasError?: boolean; email?: string }[]) {
  await rt.ctx.db.insert(auditEntries).values(
    rows.map((r) => ({
      customerId: null,
      email: r.email ?? 'someone@example.com',
      type: r.source === 'Web' ? 'User Account' : 'Device',
      subType: r.source === 'Web' ? 'Login' : 'Enrol',
      message: r.hasError ? 'Login failed: wrong password' : 'Logged in',
      source: r.source,
      hasError: r.hasError ?? false,
      createdAt: r.at,
    })),
  );
}

const clear = () => rt.ctx.db.execute(sql`truncate audit_entries, login_counts, rollup_watermarks`);

describe('admin dashboard login counts (DECISIONS §8)', () => {
  it("counts today's web and app logins with the success/error filter, the same before and after the rollup", async () => {
    await clear();
    const start = startOfDay(today('UTC'), 'UTC');
    const min = (m: number) => new Date(start.getTime() + m * 60_000);
    await logins([
      { at: min(1), source: 'Web' },
      { at: min(2), source: 'Web', hasError: true },
      { at: min(3), source: 'App' },
      // Yesterday's last minute is not today's.
      { at: min(-1), source: 'Web' },
    ]);
    const read = async (hasError?: 'true' | 'false') =>
      (await call(rt, staffApi.loginDashboard, { token: root.token, query: { hasError } })).data().data;
    const before = [await read(), await read('false'), await read('true')];
    expect(before.map((d) => [d.todayWebLoginCount, d.todayAppLoginCount])).toEqual([
      [2, 1],
      [1, 1],
      [1, 0],
    ]);
    expect(await rt.ctx.db.transaction((tx) => rollUpLogins(tx))).toBe(4);
    const after = [await read(), await read('false'), await read('true')];
    expect(after).toEqual(before);
    // A second run finds nothing new and changes nothing.
    expect(await rt.ctx.db.transaction((tx) => rollUpLogins(tx))).toBe(0);
    expect(await read()).toEqual(before[0]);
  });

  it('puts a login in the day of the zone asked for, across midnight', async () => {
    await clear();
    // 23:30 UTC yesterday is already today in Asia/Kolkata (UTC+5:30) and still yesterday in New York.
    const todayUtc = today('UTC');
    const lateYesterdayUtc = new Date(startOfDay(todayUtc, 'UTC').getTime() - 30 * 60_000);
    await logins([{ at: lateYesterdayUtc, source: 'Web' }]);
    await rt.ctx.db.transaction((tx) => rollUpLogins(tx));
    const week = async (timeZone: string) =>
      (await call(rt, staffApi.weekWiseLogin, { token: root.token, query: { timeZone } })).data().data;
    const utc = await week('UTC');
    expect(utc.weekWiseWebLoginCount).toHaveLength(8);
    expect(utc.weekWiseWebLoginCount[6]!.count).toBe(1); // yesterday in UTC
    const kolkata = await week('Asia/Kolkata');
    const kolkataToday = today('Asia/Kolkata');
    const idx = kolkata.weekWiseWebLoginCount.findIndex((b) => b.count === 1);
    const expectedKey = new Date(lateYesterdayUtc.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    expect(kolkata.weekWiseWebLoginCount[idx]!.key).toBe(expectedKey);
    expect(kolkata.weekWiseWebLoginCount.at(-1)!.key).toBe(
      `${kolkataToday.year}-${String(kolkataToday.month + 1).padStart(2, '0')}-${String(kolkataToday.day).padStart(2, '0')}`,
    );
    expect(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']).toContain(kolkata.weekWiseWebLoginCount[0]!.label);
  });

  it('sums the current year by month, Jan..Dec', async () => {
    await clear();
    const { year } = today('UTC');
    await logins([
      { at: new Date(Date.UTC(year, 0, 15)), source: 'App' },
      { at: new Date(Date.UTC(year, 0, 20)), source: 'App' },
      { at: startOfDay(addDays(today('UTC'), 0), 'UTC'), source: 'Web' },
      { at: new Date(Date.UTC(year - 1, 11, 31, 12)), source: 'Web' },
    ]);
    const data = (await call(rt, staffApi.monthWiseLogin, { token: root.token })).data().data;
    expect(data.year).toBe(year);
    expect(data.monthWiseAppLoginCount.map((b) => b.label)).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(data.monthWiseAppLoginCount[0]!.count).toBe(2);
    expect(data.monthWiseWebLoginCount.reduce((n, b) => n + b.count, 0)).toBe(1);
  });

  it('refuses an unknown time zone with a clear 400', async () => {
    const res = await call(rt, staffApi.loginDashboard, { token: root.token, query: { timeZone: 'Mars/Olympus' } });
    expect(res.statusCode).toBe(400);
    expect(res.error().respones_msg).toContain('IANA time zone');
  });
});

describe('login history (users/dashboardHistory)', () => {
  it('filters by source, status and email, newest first, and pages by cursor', async () => {
    await clear();
    const base = Date.now() - 3600_000;
    await logins(
      Array.from({ length: 12 }, (_, i) => ({
        at: new Date(base + i * 1000),
        source: i % 3 === 0 ? ('App' as const) : ('Web' as const),
        hasError: i % 4 === 0,
        email: i % 2 === 0 ? 'even@example.com' : 'odd@example.com',
      })),
    );
    const list = (query: Record<string, string | number>) =>
      call(rt, staffApi.loginHistory, { token: root.token, query: { limit: 5, ...query } });
    const all = (await list({})).data();
    expect(all.pagination).toMatchObject({ total: 12, totalCapped: false, limit: 5 });
    expect(all.data[0]!.created_at > all.data[1]!.created_at).toBe(true);
    const second = (await list({ cursor: all.pagination.nextCursor! })).data();
    expect(second.data[0]!.created_at < all.data[4]!.created_at).toBe(true);
    expect((await list({ source: 'App' })).data().pagination.total).toBe(4);
    expect((await list({ hasError: 'true' })).data().pagination.total).toBe(3);
    expect((await list({ email: 'EVEN@example.com' })).data().pagination.total).toBe(6);
    expect((await list({ source: 'Web', hasError: 'false', email: 'odd@example.com' })).data().data).toHaveLength(4);
    expect((await list({ source: 'Nowhere' })).statusCode).toBe(400);
  });
});
