import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  activityApi,
  type AuditEntry,
  type AuditListResponse,
  type DeviceLog,
  type DeviceLogListResponse,
} from '@fleetdeck/contract';
import { startTestRuntime, type TestRuntime } from '../../test/support/runtime.ts';
import { jsonOf } from '../../test/support/helpers.ts';
import { call } from '../../test/support/call.ts';
import { customerWithSeats, type TestCustomer } from '../../test/support/factory.ts';
import {
  MONTHS_AHEAD,
  ensureMonthPartition,
  COMMAND_LEDGER_MONTHS,
  listMonthPartitions,
  maintainPartitions,
  monthStart,
  partitionName,
  retentionCutoff,
} from './partitions.ts';

let rt: TestRuntime;
let owner: TestCustomer;
let other: TestCustomer;

/** Rows per month: this month and the two before it, so every walk crosses two month boundaries. */
const PER_MONTH = 23;
const now = new Date();
const months = [monthStart(now, -2), monthStart(now, -1), monthStart(now, 0)];

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  owner = await customerWithSeats(rt, 'PD', 1);
  other = await customerWithSeats(rt, 'PD', 1);
  // Last month's rows are written before its partition exists (they wait in the default partition); the month
  // before gets its partition first.
  await ensureMonthPartition(rt.ctx.db, 'device_logs', months[0]!);
  await ensureMonthPartition(rt.ctx.db, 'audit_entries', months[0]!);
  for (const [i, m] of months.entries()) {
    // The first rows of each month sit on its first microsecond and the last ones just before its end: the
    // boundary itself. Several rows share one timestamp (ties broken by id).
    const start = m.toISOString();
    for (const c of [owner, other]) {
      await rt.ctx.db.execute(sql`
        insert into device_logs (customer_id, serial_number, device_activity, activity_result, created_at)
        select ${c.id}::uuid, 'SN-P-' || (g % 3), 'Month ' || ${i} || ' row ' || g, 'Success',
               case when g <= 3 then ${start}::timestamptz
                    when g >= ${PER_MONTH - 2} then ${start}::timestamptz + interval '1 month' - interval '1 microsecond'
                    else ${start}::timestamptz + g * interval '1 hour' end
        from generate_series(1, ${PER_MONTH}) g`);
      await rt.ctx.db.execute(sql`
        insert into audit_entries (customer_id, type, sub_type, message, source, has_error, created_at)
        select ${c.id}::uuid, 'Profile', 'Apply', 'Month ' || ${i} || ' row ' || g,
               case when g % 2 = 0 then 'Web' else 'App' end, g % 5 = 0,
               case when g <= 3 then ${start}::timestamptz
                    when g >= ${PER_MONTH - 2} then ${start}::timestamptz + interval '1 month' - interval '1 microsecond'
                    else ${start}::timestamptz + g * interval '1 hour' end
        from generate_series(1, ${PER_MONTH}) g`);
    }
  }
  // Now last month's partition is created: its rows move out of the default partition.
  await ensureMonthPartition(rt.ctx.db, 'device_logs', months[1]!);
  await ensureMonthPartition(rt.ctx.db, 'audit_entries', months[1]!);
});
afterAll(async () => rt?.close());

async function partitionOf(table: 'device_logs' | 'audit_entries', customerId: string) {
  const result = await rt.ctx.db.execute<{ part: string; n: number }>(
    sql`select tableoid::regclass::text as part, count(*)::int as n from ${sql.identifier(table)}
        where customer_id = ${customerId} and ${sql.identifier(table === 'device_logs' ? 'device_activity' : 'message')} like 'Month %'
        group by 1 order by 1`,
  );
  return result.rows;
}

async function walkLogs(query: Record<string, string | number>) {
  const rows: DeviceLog[] = [];
  let cursor: string | null = null;
  let total = -1;
  do {
    const res: Awaited<ReturnType<typeof call>> = await call(rt, activityApi.deviceLogList, {
      token: owner.token,
      query: { ...query, limit: 5, ...(cursor ? { cursor } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data: DeviceLogListResponse['data'] = jsonOf<DeviceLogListResponse>(res).data;
    if (total < 0) total = data.pagination.total;
    rows.push(...data.data);
    cursor = data.pagination.nextCursor;
  } while (cursor);
  return { rows, total };
}

async function walkAudit(query: Record<string, string | number | boolean>) {
  const rows: AuditEntry[] = [];
  let cursor: string | null = null;
  let total = -1;
  do {
    const res: Awaited<ReturnType<typeof call>> = await call(rt, activityApi.auditList, {
      token: owner.token,
      query: { ...query, limit: 5, ...(cursor ? { cursor } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data: AuditListResponse['data'] = jsonOf<AuditListResponse>(res).data;
    if (total < 0) total = data.pagination.total;
    rows.push(...data.data);
    cursor = data.pagination.nextCursor;
  } while (cursor);
  return { rows, total };
}

async function expectedIds(table: 'device_logs' | 'audit_entries', where: ReturnType<typeof sql>, dir: 'asc' | 'desc') {
  const d = sql.raw(dir);
  const order =
    table === 'device_logs' && String(where).includes('serial')
      ? sql`serial_number ${d}, created_at ${d}, id ${d}`
      : sql`created_at ${d}, id ${d}`;
  // Aliased: `order by id` would otherwise sort the text column of the select list.
  const result = await rt.ctx.db.execute<{ rowId: string }>(
    sql`select id::text as "rowId" from ${sql.identifier(table)} where customer_id = ${owner.id} and ${where} order by ${order}`,
  );
  return result.rows.map((r) => r.rowId);
}

describe('monthly partitions of device_logs and audit_entries', () => {
  it('are partitioned tables with a partition for this month and the next ones, and a default partition', async () => {
    const kinds = await rt.ctx.db.execute<{ name: string }>(sql`
      select c.relname as name from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
      where c.relnamespace = 'public'::regnamespace order by 1`);
    expect(kinds.rows.map((r) => r.name)).toEqual(['audit_entries', 'command_devices', 'device_logs']);
    const names = (await listMonthPartitions(rt.ctx.db)).map((p) => p.name);
    for (let k = 0; k <= MONTHS_AHEAD; k++) {
      expect(names).toContain(partitionName('device_logs', monthStart(now, k)));
      expect(names).toContain(partitionName('audit_entries', monthStart(now, k)));
      expect(names).toContain(partitionName('command_devices', monthStart(now, k)));
    }
    const pk = await rt.ctx.db.execute<{ def: string }>(sql`
      select pg_get_constraintdef(oid) as def from pg_constraint where conname in ('audit_entries_pkey', 'device_logs_pkey')
      and conrelid in ('audit_entries'::regclass, 'device_logs'::regclass)`);
    expect(pk.rows.map((r) => r.def)).toEqual(['PRIMARY KEY (id, created_at)', 'PRIMARY KEY (id, created_at)']);
  });

  it('keeps each row in its month (rows of a month created late moved out of the default partition)', async () => {
    for (const table of ['device_logs', 'audit_entries'] as const) {
      expect(await partitionOf(table, owner.id)).toEqual(
        months
          .map((m) => ({ part: partitionName(table, m), n: PER_MONTH }))
          .sort((a, b) => a.part.localeCompare(b.part)),
      );
    }
  });

  it.each(['desc', 'asc'] as const)(
    'walks the device logs across month boundaries by cursor (%s), exact total',
    async (order) => {
      const { rows, total } = await walkLogs({ order });
      const ids = await expectedIds('device_logs', sql`true`, order);
      expect(total).toBe(ids.length);
      expect(rows.map((r) => r._id)).toEqual(ids);
      expect(rows.filter((r) => r.deviceActivity.startsWith('Month ')).length).toBe(3 * PER_MONTH);
    },
  );

  it('walks one serial number sorted by serial number across months', async () => {
    const { rows, total } = await walkLogs({ serialNumber: 'SN-P-1', sort: 'serialNumber', order: 'desc' });
    const ids = await expectedIds('device_logs', sql`serial_number = 'SN-P-1'`, 'desc');
    expect(total).toBe(ids.length);
    expect(rows.map((r) => r._id)).toEqual(ids);
  });

  it.each(['desc', 'asc'] as const)(
    'walks the audit log across month boundaries by cursor (%s), filters and totals',
    async (order) => {
      const all = await walkAudit({ order, type: 'Profile', sub_type: 'Apply' });
      expect(all.total).toBe(3 * PER_MONTH);
      expect(all.rows.map((r) => r._id)).toEqual(
        await expectedIds('audit_entries', sql`type = 'Profile' and sub_type = 'Apply'`, order),
      );
      const filtered = await walkAudit({ order, type: 'Profile', sub_type: 'Apply', source: 'Web', hasError: 'true' });
      const ids = await expectedIds(
        'audit_entries',
        sql`type = 'Profile' and sub_type = 'Apply' and source = 'Web' and has_error`,
        order,
      );
      expect(filtered.total).toBe(ids.length);
      expect(filtered.rows.map((r) => r._id)).toEqual(ids);
      expect(ids.length).toBeGreaterThan(0);
    },
  );

  it('drops whole months older than the retention, and only those; lists stay correct', async () => {
    // Retention of two months, seen from the middle of next month: the oldest of the three months has ended more
    // than two months before, last month has not.
    const later = new Date(monthStart(now, 1).getTime() + 14 * 86_400_000);
    const cutoff = retentionCutoff(later, 2);
    expect(cutoff.getTime()).toBeGreaterThanOrEqual(months[1]!.getTime());
    expect(cutoff.getTime()).toBeLessThan(months[2]!.getTime());
    // The runtime's own start-up run of this job (workers.ts) finishes first: run after the stray row's insert, it
    // would delete that row itself (the retention of tests, 120 months, reaches back past 2001 too) and this run
    // would find nothing to delete (failed once on PostgreSQL 15 in CI).
    await rt.settle();
    // A stray row in the default partition, older than the cutoff, goes too.
    await rt.ctx.db.execute(sql`
      insert into audit_entries (customer_id, type, sub_type, message, source, created_at)
      values (${owner.id}, 'Profile', 'Apply', 'stray', 'Web', timestamptz '2001-05-05 00:00:00+00')`);
    const before = await walkAudit({ order: 'desc', type: 'Profile', sub_type: 'Apply' });
    expect(before.total).toBe(3 * PER_MONTH + 1);

    const done = await maintainPartitions(rt.ctx.db, { now: later, retentionMonths: 2 });
    expect(done.dropped.sort()).toEqual(
      [partitionName('audit_entries', months[0]!), partitionName('device_logs', months[0]!)].sort(),
    );
    expect(done.deletedFromDefault).toBe(1);
    expect(done.created).toContain(partitionName('audit_entries', monthStart(later, MONTHS_AHEAD)));

    const after = await walkAudit({ order: 'desc', type: 'Profile', sub_type: 'Apply' });
    expect(after.total).toBe(2 * PER_MONTH);
    expect(after.rows.map((r) => r._id)).toEqual(
      await expectedIds('audit_entries', sql`type = 'Profile' and sub_type = 'Apply'`, 'desc'),
    );
    const logs = await walkLogs({ order: 'asc' });
    expect(logs.rows.some((r) => r.deviceActivity.startsWith('Month 0 '))).toBe(false);
    expect(logs.rows.filter((r) => r.deviceActivity.startsWith('Month ')).length).toBe(2 * PER_MONTH);
    // The other customer lost the same month, nothing else.
    expect((await partitionOf('audit_entries', other.id)).map((r) => r.n)).toEqual([PER_MONTH, PER_MONTH]);
    // A second run has nothing left to do.
    expect(await maintainPartitions(rt.ctx.db, { now: later, retentionMonths: 2 })).toEqual({
      created: [],
      dropped: [],
      deletedFromDefault: 0,
    });
  });

  it('drops a month of the command ledger once its end is COMMAND_LEDGER_MONTHS months past, whatever the logs keep', async () => {
    const thisMonth = partitionName('command_devices', now);
    const justBefore = new Date(monthStart(now, 1 + COMMAND_LEDGER_MONTHS).getTime() - 86_400_000);
    const kept = await maintainPartitions(rt.ctx.db, { now: justBefore, retentionMonths: 120 });
    expect(kept.dropped).not.toContain(thisMonth);
    const past = new Date(monthStart(now, 1 + COMMAND_LEDGER_MONTHS).getTime() + 86_400_000);
    const done = await maintainPartitions(rt.ctx.db, { now: past, retentionMonths: 120 });
    expect(done.dropped).toEqual([thisMonth]);
  });
});
