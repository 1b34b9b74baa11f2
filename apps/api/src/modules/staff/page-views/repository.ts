import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

/**
 * The page-view report (spec 3 "Page-view report", DECISIONS §8). Page views are stored by the public page-view call
 * in `page_views` (schema.ts; one row per visitor, page and UTC day; country '--' when unknown): one visitor is one
 * keyed hash of the address, never the address. This file only reads that table.
 */
export interface PageViewFilter {
  /** Inclusive ISO days. */
  from: string;
  to: string;
  page: 'Home' | 'Payment' | null;
}

const whereOf = (f: PageViewFilter) => sql`day between ${f.from}::date and ${f.to}::date
  ${f.page ? sql`and page = ${f.page}` : sql``}`;

/** Countries with the number of distinct visitors in the range, most visitors first; `limit` null: every country. */
export async function countryWisePageViews(
  db: DbOrTx,
  f: PageViewFilter,
  paging: { limit: number; offset: number } | null,
): Promise<{ country: string; count: number }[]> {
  const result = await db.execute<{ country: string; count: number }>(sql`
    select coalesce(nullif(nullif(country, ''), '--'), 'Unknown') as country, count(distinct ip_hash)::int as count
    from page_views
    where ${whereOf(f)}
    group by 1
    order by count desc, country asc
    ${paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``}`);
  return result.rows.map((r) => ({ country: r.country, count: Number(r.count) }));
}

/** How many countries the report has (its `total`). */
export async function countryCount(db: DbOrTx, f: PageViewFilter): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(distinct coalesce(nullif(nullif(country, ''), '--'), 'Unknown'))::int as n from page_views where ${whereOf(f)}`);
  return Number(result.rows[0]?.n ?? 0);
}
