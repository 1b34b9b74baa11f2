import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { countCapped, utcMicros } from '../../../db/paging.ts';
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
  const after = page.after
    ? sql`(${paymentErrors.createdAt}, ${paymentErrors.id}) < (${page.after.at}::timestamptz, ${page.after.id}::bigint)`
    : undefined;
  const [rows, counted] = await Promise.all([
    db
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
      .where(and(where, after))
      .orderBy(desc(paymentErrors.createdAt), desc(paymentErrors.id))
      .limit(page.limit + 1)
      .offset(page.after ? 0 : page.offset),
    countCapped(db, paymentErrors, where),
  ]);
  return { rows, counted };
}
