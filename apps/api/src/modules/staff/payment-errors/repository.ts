import { and, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type KeyColumn, keysetPageCounted, utcMicros } from '../../../db/paging.ts';
import { paymentErrors } from '../../../db/schema.ts';

export interface ErrorFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  email?: string | undefined;
}

/** Provider-reported payment errors, newest first, keyset on (created_at, id). */
export async function listPaymentErrors(
  db: DbOrTx,
  f: ErrorFilter,
  page: { limit: number; offset: number; after?: { at: string; id: number } | undefined },
) {
  const where = and(
    f.from ? gte(paymentErrors.createdAt, f.from) : undefined,
    f.to ? lt(paymentErrors.createdAt, f.to) : undefined,
    f.email !== undefined ? eq(paymentErrors.email, f.email) : undefined,
  );
  const query = db
    .select({
      id: paymentErrors.id,
      email: paymentErrors.email,
      message: paymentErrors.message,
      code: paymentErrors.code,
      reqBody: paymentErrors.reqBody,
      createdAt: paymentErrors.createdAt,
      keyMicros: utcMicros(paymentErrors.createdAt),
    })
    .from(paymentErrors)
    .$dynamic();
  const key: KeyColumn[] = [
    [paymentErrors.createdAt, 'timestamptz'],
    [paymentErrors.id, 'bigint'],
  ];
  return keysetPageCounted(db, paymentErrors, query, where, key, {
    ...page,
    after: page.after && [page.after.at, page.after.id],
  });
}
