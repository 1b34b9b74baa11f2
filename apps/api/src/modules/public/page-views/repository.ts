import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { PageViewPage } from '@fleetdeck/contract/endpoints/public';

/**
 * One row per visitor per page per UTC day: a repeat view the same day changes nothing. Answers whether it was new.
 * The rollup job (`rollup.payments`) folds new rows into `page_view_counts` / `page_view_daily`.
 */
export async function recordPageView(db: DbOrTx, v: { page: PageViewPage; country: string; ipHash: string }) {
  const result = await db.execute(sql`
    insert into page_views (day, page, country, ip_hash)
    values ((now() at time zone 'UTC')::date, ${v.page}, ${v.country}, ${v.ipHash})
    on conflict (day, page, ip_hash) do nothing`);
  return (result.rowCount ?? 0) > 0;
}
