import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { auditEntriesPage, auditSourceAndStatus } from '../../activity/repository.ts';
import { AUDIT_LOGIN_ROW, auditEntries, rollupWatermarks } from '../../../db/schema.ts';

/**
 * SQL of the admin dashboard: the login rollup (login_counts, kept by `rollUpLogins`) and the cross-customer login
 * history (the audit_logins_* partial indexes). Cross-customer SQL lives only under modules/staff.
 */

const WATERMARK = 'logins';
/** Rows younger than this are left for the next run, so a transaction committing late is not skipped. */
const SETTLE = sql`interval '30 seconds'`;
/** Ids read per run at most, so the first run on a large existing table works in slices. */
const SLICE = 200_000;

/** Folds the audit rows written since the last run into login_counts; answers how many login rows it added. */
export async function rollUpLogins(db: DbOrTx): Promise<number> {
  await db.insert(rollupWatermarks).values({ name: WATERMARK }).onConflictDoNothing();
  const [mark] = await db
    .select({ lastId: rollupWatermarks.lastId })
    .from(rollupWatermarks)
    .where(eq(rollupWatermarks.name, WATERMARK))
    .for('update');
  const from = mark?.lastId ?? 0;
  const [top] = await db
    .select({ id: sql<number | null>`max(${auditEntries.id})` })
    .from(auditEntries)
    .where(
      and(
        gt(auditEntries.id, from),
        sql`${auditEntries.id} <= ${from + SLICE}`,
        sql`${auditEntries.createdAt} < now() - ${SETTLE}`,
      ),
    );
  const to = top?.id === null || top?.id === undefined ? from : Number(top.id);
  if (to === from) return 0;
  const added = await db.execute<{ n: number }>(sql`
    with fresh as (
      select date_bin('15 minutes', created_at, timestamptz '2000-01-01') as bucket, source, has_error, count(*)::int as n
      from audit_entries
      where id > ${from} and id <= ${to} and ${AUDIT_LOGIN_ROW}
      group by 1, 2, 3
    ), upserted as (
      insert into login_counts (bucket, source, has_error, count)
      select bucket, source, has_error, n from fresh
      on conflict (bucket, source, has_error) do update set count = login_counts.count + excluded.count
      returning 1
    )
    select coalesce(sum(n), 0)::int as n from fresh`);
  await db
    .update(rollupWatermarks)
    .set({ lastId: to, updatedAt: new Date() })
    .where(eq(rollupWatermarks.name, WATERMARK));
  return Number(added.rows[0]?.n ?? 0);
}

export interface LoginCountRow {
  /** The day (ISO date) or month (1–12) in the requested zone. */
  key: string;
  source: 'Web' | 'App';
  n: number;
}

/**
 * Login counts in [from, to) grouped by the zone's day or month: the rollup plus the rows the job has not folded yet
 * (above the watermark: at most a minute or two of rows, read by primary key), so the figures are exact and current.
 */
export async function loginCountsBy(
  db: DbOrTx,
  q: { from: Date; to: Date; timeZone: string; unit: 'day' | 'month'; hasError: boolean | undefined },
): Promise<LoginCountRow[]> {
  const fmt = q.unit === 'day' ? 'YYYY-MM-DD' : 'FMMM';
  const errorFilter = q.hasError === undefined ? sql`true` : sql`has_error = ${q.hasError}`;
  const result = await db.execute<{ key: string; source: 'Web' | 'App'; n: number }>(sql`
    with mark as (select coalesce((select last_id from rollup_watermarks where name = ${WATERMARK}), 0) as last_id),
    rows as (
      select bucket as at, source, count as n from login_counts
      where bucket >= ${q.from.toISOString()}::timestamptz and bucket < ${q.to.toISOString()}::timestamptz
        and ${errorFilter}
      union all
      select created_at, source, 1 from audit_entries
      where id > (select last_id from mark) and ${AUDIT_LOGIN_ROW}
        and created_at >= ${q.from.toISOString()}::timestamptz and created_at < ${q.to.toISOString()}::timestamptz
        and ${errorFilter}
    )
    select to_char(at at time zone ${q.timeZone}, ${fmt}) as key, source, sum(n)::int as n
    from rows group by 1, 2`);
  return result.rows.map((r) => ({ key: r.key, source: r.source, n: Number(r.n) }));
}

export interface LoginHistoryFilter {
  source?: 'Web' | 'App' | undefined;
  email?: string | undefined;
  hasError?: boolean | undefined;
  limit: number;
  offset: number;
  after?: { createdAt: string; id: number } | undefined;
}

/** The login log across customers, newest first, keyset-paged; counted up to the cap. */
export function listLoginHistory(db: DbOrTx, f: LoginHistoryFilter) {
  const where = and(
    AUDIT_LOGIN_ROW,
    ...auditSourceAndStatus(f),
    f.email === undefined ? undefined : eq(auditEntries.email, f.email),
  );
  return auditEntriesPage(db, where, { email: auditEntries.email, customerId: auditEntries.customerId }, f);
}
