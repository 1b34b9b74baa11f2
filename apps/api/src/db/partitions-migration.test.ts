import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseBefore, type MigrationDb } from '../../test/support/migrations.ts';

/**
 * The `partitions` migration converts tables that already hold rows: a database migrated up to the migration before
 * it, with device logs and audit entries of several months (and one older than any month it creates), then the
 * migration itself. Every row keeps its id and lands in its month; the id sequences go on from where they were.
 */
let db: MigrationDb;
let client: pg.Client;

beforeAll(async () => {
  db = await databaseBefore(inject('pgAdminUrl'), `fd_t_partmig_${process.pid}`, '_partitions');
  client = db.client;
  const {
    rows: [customer],
  } = await client.query<{ id: string }>(
    `insert into customers (email, name, password_hash, enrolment_token_hash, enrolment_token_enc, login_qr_key)
     values ('old@example.com', 'Old', 'x', 'h', 'e', 'q') returning id`,
  );
  // 40 rows over the last 4 months, plus one of 2019 (older than the 24 months the migration creates partitions for).
  await client.query(
    `insert into audit_entries (customer_id, type, sub_type, message, source, created_at)
     select $1::uuid, 'Profile', 'Apply', 'row ' || g, 'Web', now() - g * interval '3 days' from generate_series(1, 40) g
     union all select $1::uuid, 'Profile', 'Apply', 'ancient', 'Web', timestamptz '2019-03-01 00:00:00+00'`,
    [customer!.id],
  );
  await client.query(
    `insert into device_logs (customer_id, serial_number, device_activity, activity_result, created_at)
     select $1::uuid, 'SN-OLD', 'Report ' || g, 'Success', now() - g * interval '3 days' from generate_series(1, 40) g`,
    [customer!.id],
  );
}, 60_000);

afterAll(async () => db?.drop());

describe('the partitions migration over tables with rows', () => {
  it('keeps every row with its id, puts each in its month, and the id sequences go on', async () => {
    const snapshot = async (table: string) =>
      (
        await client.query<{ id: string; at: string }>(
          `select id::text, created_at::text as at from ${table} order by id`,
        )
      ).rows;
    const before = { audit: await snapshot('audit_entries'), logs: await snapshot('device_logs') };
    expect(before.audit).toHaveLength(41);

    await db.runTarget();

    expect(await snapshot('audit_entries')).toEqual(before.audit);
    expect(await snapshot('device_logs')).toEqual(before.logs);
    const kinds = await client.query<{ relname: string; relkind: string }>(
      `select relname, relkind::text from pg_class where relname in ('audit_entries', 'device_logs') order by 1`,
    );
    expect(kinds.rows).toEqual([
      { relname: 'audit_entries', relkind: 'p' },
      { relname: 'device_logs', relkind: 'p' },
    ]);
    // Each row sits in the partition named after its UTC month; the 2019 row in the default partition.
    const misplaced = await client.query(
      `select id, tableoid::regclass::text as part from audit_entries
       where tableoid::regclass::text <> case when created_at < now() - interval '25 months' then 'audit_entries_default'
             else 'audit_entries_y' || to_char(created_at at time zone 'UTC', 'YYYY') || 'm' ||
                  to_char(created_at at time zone 'UTC', 'MM') end
       union all
       select id, tableoid::regclass::text from device_logs
       where tableoid::regclass::text <> 'device_logs_y' || to_char(created_at at time zone 'UTC', 'YYYY') || 'm' ||
             to_char(created_at at time zone 'UTC', 'MM')`,
    );
    expect(misplaced.rows).toEqual([]);
    const next = await client.query<{ id: string }>(
      `insert into audit_entries (type, sub_type, message, source) values ('Profile', 'Apply', 'new', 'Web') returning id::text`,
    );
    expect(Number(next.rows[0]!.id)).toBe(42);
    const nextLog = await client.query<{ id: string }>(
      `insert into device_logs (customer_id, serial_number, device_activity, activity_result)
       select customer_id, 'SN-NEW', 'Report', 'Success' from device_logs limit 1 returning id::text`,
    );
    expect(Number(nextLog.rows[0]!.id)).toBe(41);
    // The old tables are gone; the sequences belong to the new ones.
    const leftovers = await client.query(`select relname from pg_class where relname like '%_unpartitioned%'`);
    expect(leftovers.rows).toEqual([]);
    const owned = await client.query<{ seq: string }>(
      `select pg_get_serial_sequence('audit_entries', 'id') as seq union all select pg_get_serial_sequence('device_logs', 'id')`,
    );
    expect(owned.rows.map((r) => r.seq)).toEqual(['public.audit_entries_id_seq', 'public.device_logs_id_seq']);
  });
});
