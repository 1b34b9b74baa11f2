import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

/**
 * SQL of the payment dashboard: folding the delta queues and the page views into their rollups (job
 * `rollup.payments`), and reading the rollups. Readers add the deltas the job has not folded yet, in the same
 * snapshot, so the figures are exact and current; nothing here reads the payments or customers tables.
 */

/** One advisory lock: folds take turns (a second waits, then finds what is left), each delta is added once. */
const FOLD_LOCK = 7_391_042;
/** Deltas folded per run at most (a backlog after downtime is worked off over several runs). */
const SLICE = 200_000;
const PAGE_VIEW_WATERMARK = 'page_views';
/** Page-view rows younger than this wait for the next run, so an insert committing late is never skipped. */
const SETTLE = sql`interval '30 seconds'`;

export interface FoldResult {
  paymentDeltas: number;
  revenueDeltas: number;
  customerDeltas: number;
  pageViews: number;
}

/** Folds the payment and customer delta queues and the new page views into the rollups; one transaction. */
export async function foldDashboardRollups(tx: DbOrTx): Promise<FoldResult> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK})`);

  const payments = await tx.execute<{ n: number }>(sql`
    with taken as (
      delete from payment_count_deltas
      where id in (select id from payment_count_deltas order by id limit ${SLICE})
      returning bucket, family, status, delta
    ), grouped as (
      select bucket, family, status, sum(delta)::int as n from taken group by 1, 2, 3
    ), buckets as (
      insert into payment_counts as c (bucket, family, status, count)
      select bucket, family, status, n from grouped
      on conflict (bucket, family, status) do update set count = c.count + excluded.count
      returning 1
    ), days as (
      insert into payment_counts_daily as c (day, family, status, count)
      select (bucket at time zone 'UTC')::date, family, status, sum(n)::int from grouped group by 1, 2, 3
      on conflict (day, family, status) do update set count = c.count + excluded.count
      returning 1
    ), months as (
      insert into payment_counts_monthly as c (month, family, status, count)
      select date_trunc('month', bucket at time zone 'UTC')::date, family, status, sum(n)::int from grouped
      group by 1, 2, 3
      on conflict (month, family, status) do update set count = c.count + excluded.count
      returning 1
    )
    select (select count(*) from taken)::int as n,
           (select count(*) from buckets) + (select count(*) from days) + (select count(*) from months) as w`);

  const revenue = await tx.execute<{ n: number }>(sql`
    with taken as (
      delete from payment_revenue_deltas
      where id in (select id from payment_revenue_deltas order by id limit ${SLICE})
      returning bucket, gross, refunded
    ), grouped as (
      select bucket, sum(gross) as gross, sum(refunded) as refunded from taken group by 1
    ), buckets as (
      insert into payment_revenue as r (bucket, gross, refunded)
      select bucket, gross, refunded from grouped
      on conflict (bucket) do update set gross = r.gross + excluded.gross, refunded = r.refunded + excluded.refunded
      returning 1
    ), days as (
      insert into payment_revenue_daily as r (day, gross, refunded)
      select (bucket at time zone 'UTC')::date, sum(gross), sum(refunded) from grouped group by 1
      on conflict (day) do update set gross = r.gross + excluded.gross, refunded = r.refunded + excluded.refunded
      returning 1
    ), months as (
      insert into payment_revenue_monthly as r (month, gross, refunded)
      select date_trunc('month', bucket at time zone 'UTC')::date, sum(gross), sum(refunded) from grouped group by 1
      on conflict (month) do update set gross = r.gross + excluded.gross, refunded = r.refunded + excluded.refunded
      returning 1
    )
    select (select count(*) from taken)::int as n,
           (select count(*) from buckets) + (select count(*) from days) + (select count(*) from months) as w`);

  const customers = await tx.execute<{ n: number }>(sql`
    with taken as (
      delete from customer_country_deltas
      where id in (select id from customer_country_deltas order by id limit ${SLICE})
      returning country, delta
    ), grouped as (select country, sum(delta)::int as n from taken group by 1),
    upserted as (
      insert into customer_country_counts as c (country, count)
      select country, n from grouped
      on conflict (country) do update set count = c.count + excluded.count
      returning 1
    )
    select (select count(*) from taken)::int as n, (select count(*) from upserted) as w`);

  // Zero rows left behind (a Pending bucket whose payments all succeeded) are removed so the rollups stay small.
  await tx.execute(sql`delete from payment_counts where count = 0 and bucket >= now() - interval '2 days'`);
  await tx.execute(sql`delete from customer_country_counts where count = 0`);

  await tx.execute(sql`insert into rollup_watermarks (name) values (${PAGE_VIEW_WATERMARK}) on conflict do nothing`);
  const mark = await tx.execute<{ last_id: number }>(
    sql`select last_id from rollup_watermarks where name = ${PAGE_VIEW_WATERMARK} for update`,
  );
  const from = Number(mark.rows[0]?.last_id ?? 0);
  const top = await tx.execute<{ id: number | null }>(sql`
    select max(id) as id from page_views
    where id > ${from} and id <= ${from + SLICE} and created_at < now() - ${SETTLE}`);
  const to = top.rows[0]?.id === null || top.rows[0]?.id === undefined ? from : Number(top.rows[0].id);
  let pageViews = 0;
  if (to > from) {
    const folded = await tx.execute<{ n: number }>(sql`
      with fresh as (
        select day, page, country, count(*)::int as n from page_views where id > ${from} and id <= ${to} group by 1, 2, 3
      ), by_country as (
        insert into page_view_counts as c (day, page, country, visitors)
        select day, page, country, n from fresh
        on conflict (day, page, country) do update set visitors = c.visitors + excluded.visitors
        returning 1
      ), by_day as (
        insert into page_view_daily as c (day, page, visitors)
        select day, page, sum(n)::int from fresh group by 1, 2
        on conflict (day, page) do update set visitors = c.visitors + excluded.visitors
        returning 1
      )
      select coalesce(sum(n), 0)::int as n, (select count(*) from by_country) + (select count(*) from by_day) as w
      from fresh`);
    pageViews = Number(folded.rows[0]?.n ?? 0);
    await tx.execute(
      sql`update rollup_watermarks set last_id = ${to}, updated_at = now() where name = ${PAGE_VIEW_WATERMARK}`,
    );
  }
  return {
    paymentDeltas: Number(payments.rows[0]?.n ?? 0),
    revenueDeltas: Number(revenue.rows[0]?.n ?? 0),
    customerDeltas: Number(customers.rows[0]?.n ?? 0),
    pageViews,
  };
}

/** A half-open range of instants ([from, to), ISO strings) or of UTC days ([from, to), ISO dates). */
export interface Span {
  from: string;
  to: string;
}

/** Whole UTC days (or months: `from` and `to` first days of months) read from a rollup, counted in the group `key`. */
export interface DaySpan extends Span {
  key: string;
}

/**
 * Instants read from 15-minute buckets, counted in the group `key` (null: the zone's group of each bucket, computed by
 * the database) and, when `minus` is set, also taken off that group (the part of a daily row that is not its group's).
 */
export interface BucketSpan extends Span {
  key: string | null;
  minus: string | null;
}

/** Where a zone's range lies in a rollup: whole UTC days, 15-minute buckets, and the range of the pending deltas. */
export interface SpanQuery {
  timeZone: string;
  /** `to_char` format of the group key in the zone ('YYYY-MM-DD', 'FMMM'), or null for one group. */
  keyFormat: string | null;
  /** Whole UTC months read from the monthly rollup. */
  months: DaySpan[];
  /** Whole UTC days read from the daily rollup. */
  days: DaySpan[];
  /** Instants read from the 15-minute buckets (the edges, and the part of a cut day that is the other group's). */
  buckets: BucketSpan[];
  /** The whole range, for the pending deltas; null: all time. */
  range: Span | null;
}

export interface PaymentCountQuery extends SpanQuery {
  statuses: readonly string[] | null;
}

export interface PaymentCountRow {
  key: string;
  family: string;
  status: string;
  n: number;
}

/** A text[] literal (`null`: NULL). */
const pgArray = (values: (string | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : `"${v}"`)).join(',')}}`;

/** A rollup kept at four levels: by UTC month, by UTC day, by 15-minute bucket, and the deltas not folded yet. */
interface Rollup {
  monthly: string;
  daily: string;
  buckets: string;
  deltas: string;
  /**
   * The group columns of the daily and bucket tables (kept apart), their values summed (named as the result needs
   * them), and the same columns of the deltas.
   */
  groups: string;
  sums: string;
  deltaColumns: string;
}

const COUNTS: Rollup = {
  monthly: 'payment_counts_monthly',
  daily: 'payment_counts_daily',
  buckets: 'payment_counts',
  deltas: 'payment_count_deltas',
  groups: 'family, status',
  sums: 'sum(count) as n',
  deltaColumns: 'family, status, delta',
};

const REVENUE: Rollup = {
  monthly: 'payment_revenue_monthly',
  daily: 'payment_revenue_daily',
  buckets: 'payment_revenue',
  deltas: 'payment_revenue_deltas',
  groups: '',
  sums: 'sum(gross) as gross, sum(refunded) as refunded',
  deltaColumns: 'gross, refunded',
};

/**
 * The rows of a rollup over a zone's range as `x (key, …group columns, …sums)`: monthly and daily rows and buckets in the group
 * the plan gave them (a bucket span with `minus` also taken off that group: `sign` -1), plus the deltas not folded yet
 * and any bucket span without a group, whose zone day/month the database computes once per distinct instant (to_char
 * … at time zone is the costly part), in one statement (one snapshot). `sums` use `sign`. `filter` (e.g. a status)
 * applies when summing, not in the reads: in them (or pushed down into them: hence `materialized`) it led the planner
 * to a sequential scan of the 15-minute rollup (1.7M rows at 10M payments) instead of its ranges.
 */
function rollupRows(r: Rollup, q: SpanQuery, opts: { groups: string; sums: string; filter?: SQL | undefined }) {
  const key = q.keyFormat === null ? sql`''` : sql`to_char(y.at at time zone ${q.timeZone}, ${q.keyFormat})`;
  const filter = opts.filter ?? sql`true`;
  const deltaRange =
    q.range === null ? sql`true` : sql`bucket >= ${q.range.from}::timestamptz and bucket < ${q.range.to}::timestamptz`;
  const groups = opts.groups === '' ? '' : `, ${opts.groups}`;
  // Rows read are summed per group and span first (a month of a zone's days reads ~10,000 bucket rows).
  const rollupGroups = r.groups === '' ? '' : `${r.groups}, `;
  const rollupGroupBy = r.groups === '' ? '' : `, ${r.groups}`;
  const sumNames = r.sums.replace(/sum\(\w+\) as /g, '');
  // Whole UTC months, then whole UTC days: each span's rows of the table summed into its group.
  const whole = (table: string, column: string, spans: DaySpan[]) => sql`
      select r.key, 1 as sign, null::timestamptz as at, ${sql.raw(rollupGroups)}${sql.raw(r.sums)}
      from unnest(${pgArray(spans.map((s) => s.from))}::date[], ${pgArray(spans.map((s) => s.to))}::date[],
                  ${pgArray(spans.map((s) => s.key))}::text[]) as r(s, e, key)
      join ${sql.raw(table)} w on w.${sql.raw(column)} >= r.s and w.${sql.raw(column)} < r.e
      group by r.key${sql.raw(rollupGroupBy)}`;
  return sql`
    with picked as materialized (
      ${whole(r.monthly, 'month', q.months)}
      union all
      ${whole(r.daily, 'day', q.days)}
      union all
      select k.key, k.sign, b.at, ${sql.raw(rollupGroups)}${sql.raw(sumNames)}
      from (
        select r.key, r.minus, case when r.key is null then p.bucket end as at, ${sql.raw(rollupGroups)}${sql.raw(r.sums)}
        from unnest(${pgArray(q.buckets.map((s) => s.from))}::timestamptz[],
                    ${pgArray(q.buckets.map((s) => s.to))}::timestamptz[],
                    ${pgArray(q.buckets.map((s) => s.key))}::text[],
                    ${pgArray(q.buckets.map((s) => s.minus))}::text[]) as r(s, e, key, minus)
        join ${sql.raw(r.buckets)} p on p.bucket >= r.s and p.bucket < r.e
        group by r.key, r.minus, 3${sql.raw(rollupGroupBy)}
      ) b
      cross join lateral (select b.key, 1 union all select b.minus, -1 where b.minus is not null) as k(key, sign)
      union all
      select null, 1, bucket, ${sql.raw(r.deltaColumns)} from ${sql.raw(r.deltas)} where ${deltaRange}
    ), y as (
      select key, at${sql.raw(groups)}, ${sql.raw(opts.sums)} from picked where ${filter} group by key, at${sql.raw(groups)}
    ), x as (
      select coalesce(y.key, ${key}) as gkey, y.* from y
    )`;
}

/**
 * Payment counts grouped by the zone's day or month (or not at all) and status, and by family when `byFamily` (the
 * pies; the bar charts and today's cards sum the families: `family` is '' then).
 */
export async function paymentCountsBy(
  db: DbOrTx,
  q: PaymentCountQuery & { byFamily: boolean },
): Promise<PaymentCountRow[]> {
  const statusFilter = q.statuses === null ? undefined : sql`status = any(${pgArray([...q.statuses])}::text[])`;
  const groups = q.byFamily ? 'family, status' : 'status';
  const result = await db.execute<{ key: string; family: string; status: string; n: number }>(sql`
    ${rollupRows(COUNTS, q, { groups, sums: 'sum(sign * n) as n', filter: statusFilter })}
    select x.gkey as key, ${q.byFamily ? sql`x.family` : sql`''`} as family, x.status, sum(x.n)::int as n
    from x
    group by 1, 2, 3`);
  return result.rows.map((r) => ({ key: r.key, family: r.family, status: r.status, n: Number(r.n) }));
}

export interface RevenueRow {
  key: string;
  /** EUR, numeric text with two decimals. */
  gross: string;
  refunded: string;
}

/** Revenue (gross and refunded EUR) grouped by the zone's day or month, or not at all. */
export async function revenueBy(db: DbOrTx, q: SpanQuery): Promise<RevenueRow[]> {
  const result = await db.execute<{ key: string; gross: string; refunded: string }>(sql`
    ${rollupRows(REVENUE, q, { groups: '', sums: 'sum(sign * gross) as gross, sum(sign * refunded) as refunded' })}
    select x.gkey as key, sum(x.gross)::numeric(16, 2)::text as gross, sum(x.refunded)::numeric(16, 2)::text as refunded
    from x
    group by 1`);
  return result.rows.map((r) => ({ key: r.key, gross: r.gross, refunded: r.refunded }));
}

/** All-time payment counts by family (the overall pie): the monthly rollup plus the pending deltas. */
export async function paymentCountsAllTime(db: DbOrTx, statuses: readonly string[] | null) {
  const statusFilter = statuses === null ? sql`true` : sql`status = any(${pgArray([...statuses])}::text[])`;
  const result = await db.execute<{ family: string; n: number }>(sql`
    select family, sum(n)::int as n from (
      select family, status, count as n from payment_counts_monthly
      union all
      select family, status, delta from payment_count_deltas
    ) x
    where ${statusFilter}
    group by 1`);
  return result.rows.map((r) => ({ family: r.family, n: Number(r.n) }));
}

/** Customers by country, largest first (`limit` null: every country). */
export async function customersByCountry(db: DbOrTx, limit: number | null) {
  const result = await db.execute<{ country: string; n: number }>(sql`
    select country, sum(n)::int as n from (
      select country, count as n from customer_country_counts
      union all
      select country, delta from customer_country_deltas
    ) x
    group by 1 having sum(n) > 0
    order by 2 desc, 1
    ${limit === null ? sql`` : sql`limit ${limit}`}`);
  return result.rows.map((r) => ({ country: r.country, n: Number(r.n) }));
}

/** Visitors per UTC day and page in [from, to): the daily rollup plus page views above the watermark. */
export async function pageViewsBy(db: DbOrTx, q: { from: string; to: string; unit: 'day' | 'month' }) {
  const key = q.unit === 'day' ? sql`to_char(day, 'YYYY-MM-DD')` : sql`to_char(day, 'FMMM')`;
  const result = await db.execute<{ key: string; page: 'Home' | 'Payment'; n: number }>(sql`
    with mark as (
      select coalesce((select last_id from rollup_watermarks where name = ${PAGE_VIEW_WATERMARK}), 0) as last_id
    )
    select ${key} as key, page, sum(n)::int as n from (
      select day, page, visitors as n from page_view_daily where day >= ${q.from}::date and day < ${q.to}::date
      union all
      select day, page, 1 from page_views
      where id > (select last_id from mark) and day >= ${q.from}::date and day < ${q.to}::date
    ) x
    group by 1, 2`);
  return result.rows.map((r) => ({ key: r.key, page: r.page, n: Number(r.n) }));
}
