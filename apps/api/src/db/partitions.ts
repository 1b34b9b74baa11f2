import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.ts';

/**
 * Monthly partitions of the 100M-row tables (issue 14, DECISIONS §7) and of the command ledger (issue 26). Each is
 * range-partitioned on created_at by UTC month, one partition per month named `<table>_yYYYYmMM`, plus a DEFAULT
 * partition that catches a row no month holds (the `partitions` migration creates the log tables and
 * `fd_ensure_month_partition`, the `commands` migration the ledger). The `partitions.maintain` job keeps MONTHS_AHEAD
 * months ready and drops whole months older than the retention: the logs' `LOG_RETENTION_MONTHS`, the ledger's
 * COMMAND_LEDGER_MONTHS.
 */
export const PARTITIONED_TABLES = ['device_logs', 'audit_entries', 'command_devices'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/**
 * Calendar months of command ledger rows kept (DECISIONS §11: 90 days): a month is dropped once its end is 3 months
 * past, so a row lives from 89 days (made on the last day of a month) to about 4 months.
 */
export const COMMAND_LEDGER_MONTHS = 3;

/** Partitions created ahead of the current month, so no row of the next months lands in the default partition. */
export const MONTHS_AHEAD = 3;

/** A different lock than the migrations', so two workers never create or drop the same partition at once. */
const MAINTENANCE_LOCK = 7_391_014;

const NAME = /^(device_logs|audit_entries|command_devices)_y(\d{4})m(\d{2})$/;

/** First day (UTC) of the month `offset` months after the month of `at`. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Creates the month's partition of `table` if missing (rows of that month in the default partition move into it). */
export async function ensureMonthPartition(db: DbOrTx, table: PartitionedTable, month: Date): Promise<boolean> {
  const result = await db.execute<{ created: boolean }>(
    sql`select fd_ensure_month_partition(${table}, ${isoDay(monthStart(month))}::date) as created`,
  );
  return result.rows[0]?.created ?? false;
}

export interface MonthPartition {
  table: PartitionedTable;
  name: string;
  /** First instant of the month (UTC) and of the next one. */
  from: Date;
  to: Date;
}

/** The monthly partitions of every partitioned table, oldest first (the default partitions are not listed). */
export async function listMonthPartitions(db: DbOrTx): Promise<MonthPartition[]> {
  const result = await db.execute<{ name: string }>(sql`
    select c.relname as name
    from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    where i.inhparent in ('device_logs'::regclass, 'audit_entries'::regclass, 'command_devices'::regclass)
    order by c.relname`);
  const out: MonthPartition[] = [];
  for (const { name } of result.rows) {
    const m = NAME.exec(name);
    if (!m) continue;
    const from = new Date(Date.UTC(Number(m[2]), Number(m[3]) - 1, 1));
    out.push({ table: m[1] as PartitionedTable, name, from, to: monthStart(from, 1) });
  }
  return out.sort((a, b) => a.from.getTime() - b.from.getTime() || a.name.localeCompare(b.name));
}

/** The instant before which rows are no longer kept: `retentionMonths` calendar months before `now`. */
export function retentionCutoff(now: Date, retentionMonths: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - retentionMonths);
  return cutoff;
}

export interface MaintenanceResult {
  created: string[];
  dropped: string[];
  /** Rows older than the retention deleted from the default partitions. */
  deletedFromDefault: number;
}

/**
 * The `partitions.maintain` job: the current month and MONTHS_AHEAD months after it exist for every table; a month
 * whose every row is older than `retentionMonths` (its end is before the cutoff) is dropped whole, and rows older
 * than the cutoff leave the default partition. One transaction under an advisory lock; a drop waits at most 5 s
 * for its lock on the table (writers keep going; the next run tries again).
 */
export async function maintainPartitions(
  db: Db,
  opts: { now?: Date; retentionMonths: number },
): Promise<MaintenanceResult> {
  const now = opts.now ?? new Date();
  const cutoffOf = (table: PartitionedTable) =>
    retentionCutoff(now, table === 'command_devices' ? COMMAND_LEDGER_MONTHS : opts.retentionMonths);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAINTENANCE_LOCK})`);
    await tx.execute(sql`set local lock_timeout = '5s'`);
    const created: string[] = [];
    for (const table of PARTITIONED_TABLES) {
      for (let k = 0; k <= MONTHS_AHEAD; k++) {
        const month = monthStart(now, k);
        if (await ensureMonthPartition(tx, table, month)) created.push(partitionName(table, month));
      }
    }
    const dropped: string[] = [];
    for (const p of await listMonthPartitions(tx)) {
      if (p.to.getTime() > cutoffOf(p.table).getTime()) continue;
      await tx.execute(sql`drop table ${sql.identifier(p.name)}`);
      dropped.push(p.name);
    }
    let deletedFromDefault = 0;
    for (const table of PARTITIONED_TABLES) {
      const res = await tx.execute(
        sql`delete from ${sql.identifier(`${table}_default`)} where created_at < ${cutoffOf(table).toISOString()}::timestamptz`,
      );
      deletedFromDefault += res.rowCount ?? 0;
    }
    return { created, dropped, deletedFromDefault };
  });
}

export function partitionName(table: PartitionedTable, month: Date): string {
  const m = monthStart(month);
  return `${table}_y${m.getUTCFullYear()}m${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
}
