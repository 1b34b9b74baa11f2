/**
 * Seeding shared by the activity benchmarks (bench/lists.ts, bench/audit.ts): the audit mix of a fleet-heavy account,
 * the bulk `INSERT … SELECT` with the secondary indexes rebuilt afterwards, the monthly partitions the seeded span
 * needs (issue 14: device_logs and audit_entries are partitioned by month), and the tables' sizes over their
 * partitions.
 */
import type pg from 'pg';
import type { AuditType } from '@fleetdeck/contract';
import { ensureMonthPartition, monthStart, type PartitionedTable } from '../apps/api/src/db/partitions.ts';
import { createDb } from '../apps/api/src/db/client.ts';
import { fillTable, seconds } from './support.ts';

/**
 * The audit rows of a fleet-heavy account, per 1,000: most are devices acknowledging an Apply (source App, the only
 * App entries with enrolment), then profile work in the console; errors are failed applies, failed logins and failed
 * payments. `errorRate` is the share of that kind's rows with has_error.
 */
export const AUDIT_MIX: {
  type: AuditType;
  subType: string;
  source: 'Web' | 'App';
  perMille: number;
  errorRate: number;
}[] = [
  { type: 'Device', subType: 'Apply', source: 'App', perMille: 520, errorRate: 0.06 },
  { type: 'Device', subType: 'Enrol', source: 'App', perMille: 40, errorRate: 0.02 },
  { type: 'Device', subType: 'Logout', source: 'Web', perMille: 10, errorRate: 0 },
  { type: 'Device', subType: 'Export Restore', source: 'Web', perMille: 3, errorRate: 0 },
  { type: 'Device', subType: 'Export Delete', source: 'Web', perMille: 2, errorRate: 0 },
  { type: 'Device', subType: 'Export Application Delete', source: 'Web', perMille: 1, errorRate: 0 },
  { type: 'Profile', subType: 'Update', source: 'Web', perMille: 120, errorRate: 0 },
  { type: 'Profile', subType: 'Apply', source: 'Web', perMille: 149, errorRate: 0 },
  { type: 'Profile', subType: 'Application Update', source: 'Web', perMille: 60, errorRate: 0 },
  { type: 'Profile', subType: 'Application Sync', source: 'Web', perMille: 20, errorRate: 0 },
  { type: 'Profile', subType: 'Application Status Update', source: 'Web', perMille: 20, errorRate: 0 },
  { type: 'User Account', subType: 'Login', source: 'Web', perMille: 35, errorRate: 0.1 },
  { type: 'User Account', subType: 'Logout', source: 'Web', perMille: 8, errorRate: 0 },
  { type: 'User Account', subType: 'Change Password', source: 'Web', perMille: 2, errorRate: 0 },
  { type: 'User Account', subType: 'Update Profile', source: 'Web', perMille: 2, errorRate: 0 },
  { type: 'User Account', subType: 'Two Step Setting Changed', source: 'Web', perMille: 1, errorRate: 0 },
  { type: 'User Account', subType: 'Reset Password', source: 'Web', perMille: 1, errorRate: 0 },
  { type: 'Payments', subType: 'Subscription Update', source: 'Web', perMille: 2, errorRate: 0 },
  { type: 'Payments', subType: 'Onetime Purchased', source: 'Web', perMille: 2, errorRate: 0 },
  { type: 'Payments', subType: 'Subscription Failed', source: 'Web', perMille: 1, errorRate: 1 },
  { type: 'Payments', subType: 'Onetime Purchased Failed', source: 'Web', perMille: 1, errorRate: 1 },
];

/** Bulk loads through support.ts `fillTable` (indexes dropped and built again, triggers off for the insert). */
export const fill = (pool: pg.Pool, table: 'device_logs' | 'audit_entries', insert: string, params: unknown[]) =>
  fillTable(pool, table, insert, params, '256MB');

/** Runs `sql` on its own connection and answers how long it took. */
export async function timed(pool: pg.Pool, what: string, sql: string) {
  const client = await pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    const t = performance.now();
    await client.query(sql);
    const ms = performance.now() - t;
    console.log(`  ${what}: ${seconds(ms)} s`);
    return ms;
  } finally {
    await client.query('reset statement_timeout').catch(() => undefined);
    client.release();
  }
}

/**
 * Rows g = 1…total ($4) are written in time order (created_at grows with g over `spanSeconds` up to now, so ids follow
 * time); exactly $3 of them, evenly spread, belong to the benchmark customer (integer Bresenham on g), the others to
 * other customer number floor($5·random()²): a few big customers and a long tail of small ones. $6: devices.
 */
export const rowsSql = (spanSeconds: number) => `
  select g,
         (g * $3::bigint) / $4::bigint > ((g - 1) * $3::bigint) / $4::bigint as main,
         floor(power(random(), 2) * $5::int)::int as other,
         floor(random() * $6::int)::int as dev,
         now() - make_interval(secs => ($4::bigint - g) * ${spanSeconds}::float8 / $4::bigint) as at
  from generate_series(1, $4::bigint) g`;

/** The INSERT of audit rows over `rowsSql` with AUDIT_MIX; parameters from `auditInsertParams`. */
export const auditInsertSql = (spanSeconds: number) =>
  `with mix as (
     select * from unnest($7::int[], $8::int[], $9::text[], $10::text[], $11::text[], $12::float8[])
       as m(lo, hi, type, sub_type, source, error_rate)),
   slots as (select slot, m.* from mix m, generate_series(m.lo, m.hi - 1) slot)
   insert into audit_entries (customer_id, email, type, sub_type, message, source, has_error, ip, created_at)
   select case when s.main then $1::uuid else ($2::uuid[])[s.other + 1] end,
          case when s.main then $13::text else 'bench-other-' || s.other || '@fleetdeck.local' end,
          m.type, m.sub_type,
          m.sub_type || case when s.e < m.error_rate then ' failed' else ' succeeded' end || ' (bench row ' || s.g || ')',
          m.source, s.e < m.error_rate, '203.0.113.' || (s.g % 250), s.at
   from (select r.*, floor(random() * 1000)::int as slot, random() as e from (${rowsSql(spanSeconds)}) r) s
   join slots m on m.slot = s.slot`;

/** $7…$13 of `auditInsertSql`: AUDIT_MIX as per-mille slots, and the customer's email. */
export function auditInsertParams(customerEmail: string) {
  let lo = 0;
  const slots = AUDIT_MIX.map((m) => {
    const slot = { lo, hi: lo + m.perMille, ...m };
    lo = slot.hi;
    return slot;
  });
  if (lo !== 1000) throw new Error(`AUDIT_MIX adds up to ${lo} per mille, not 1000`);
  return [
    slots.map((s) => s.lo),
    slots.map((s) => s.hi),
    slots.map((s) => s.type),
    slots.map((s) => s.subType),
    slots.map((s) => s.source),
    slots.map((s) => s.errorRate),
    customerEmail,
  ];
}

/** `n` other customers (bench-other-<i>@fleetdeck.local), their ids by number. */
export async function insertOtherCustomers(pool: pg.Pool, n: number): Promise<string[]> {
  const inserted = await pool.query<{ id: string; email: string }>(
    `insert into customers (email, name, password_hash, email_verified_at, enrolment_token_hash, enrolment_token_enc, login_qr_key)
     select 'bench-other-' || n || '@fleetdeck.local', 'Other customer ' || n, 'not-a-password-hash', now(),
            'bench-other-token-' || n, 'not-a-token', 'bench-other-qr-' || n
     from generate_series(0, $1::int - 1) n
     returning id, email`,
    [n],
  );
  const others: string[] = [];
  for (const r of inserted.rows) others[Number(/^bench-other-(\d+)@/.exec(r.email)![1])] = r.id;
  return others;
}

/** The monthly partitions of `tables` for every month of the last `spanSeconds` (as the retention job keeps them). */
export async function ensureSpanPartitions(pool: pg.Pool, tables: PartitionedTable[], spanSeconds: number) {
  const db = createDb(pool);
  const now = new Date();
  const first = monthStart(new Date(now.getTime() - spanSeconds * 1000));
  let created = 0;
  for (let m = first; m <= now; m = monthStart(m, 1)) {
    for (const t of tables) if (await ensureMonthPartition(db, t, m)) created++;
  }
  return created;
}

/** Rows (estimated), heap and index sizes of each table summed over its partitions, and the partition count. */
export async function tableSizes(pool: pg.Pool, tables: PartitionedTable[]) {
  const sizes = await pool.query<{ table: string; rows: string; heap: string; indexes: string; partitions: number }>(
    `select t.name as table,
            sum(greatest(c.reltuples, 0))::bigint::text as rows,
            pg_size_pretty(sum(pg_relation_size(p.relid))::bigint) as heap,
            pg_size_pretty(sum(pg_indexes_size(p.relid))::bigint) as indexes,
            (count(*) - 1)::int as partitions
     from unnest($1::text[]) t(name)
     cross join lateral pg_partition_tree(t.name::regclass) p
     join pg_class c on c.oid = p.relid
     group by t.name order by t.name desc`,
    [tables],
  );
  return sizes.rows;
}
