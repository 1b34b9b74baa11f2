import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { countCapped } from '../../../db/paging.ts';
import { payments } from '../../../db/schema.ts';
import { type After, byEmail, pageIds, selectRows } from '../shared/payments-repository.ts';

export interface UpcomingFilter {
  now: Date;
  until: Date;
  isOfflinePayment?: boolean | undefined;
  email?: string | undefined;
}

/** Success payments whose seats expire in [now, until), soonest first, keyset on (expiry_at, id). */
export async function listUpcomingExpiry(
  db: DbOrTx,
  f: UpcomingFilter,
  page: { limit: number; offset: number; after?: After | undefined },
) {
  const where = and(
    eq(payments.status, 'Success'),
    sql`${payments.expiryAt} is not null`,
    gte(payments.expiryAt, f.now),
    lt(payments.expiryAt, f.until),
    // `true` reads the small payments_offline_expiry_idx.
    f.isOfflinePayment === undefined ? undefined : eq(payments.isOfflinePayment, f.isOfflinePayment),
    f.email !== undefined ? byEmail(f.email) : undefined,
  );
  const ids = pageIds(db, where, payments.expiryAt, { ...page, order: 'asc' });
  const [rows, counted] = await Promise.all([
    selectRows(db, payments.expiryAt)
      .innerJoin(ids, eq(ids.id, payments.id))
      .orderBy(asc(payments.expiryAt), asc(payments.id)),
    countCapped(db, payments, where),
  ]);
  return { rows, counted };
}
