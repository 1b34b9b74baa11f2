import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

/** How long a key's answer is replayed (DECISIONS §13: Stripe's 24 hours). */
export const IDEMPOTENCY_WINDOW = '24 hours';
/** A `running` row this old was left by a process that died mid-request: a repeat takes it over. */
const ABANDONED_AFTER = '2 minutes';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Claims `(caller, key)` for a request with this fingerprint: answers null when claimed (a new key, or one whose
 * window has passed or whose first request was abandoned), else the row already there (the caller replays it,
 * refuses a different request, or says it is still running).
 */
export async function claimIdempotencyKey(
  db: Db,
  caller: string,
  key: string,
  fingerprint: string,
): Promise<IdempotencyRow | null> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ caller, key, fingerprint, state: 'running' })
    .onConflictDoUpdate({
      target: [idempotencyKeys.caller, idempotencyKeys.key],
      set: {
        fingerprint,
        state: 'running',
        statusCode: null,
        contentType: null,
        responseBody: null,
        createdAt: sql`now()`,
      },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - ${IDEMPOTENCY_WINDOW}::interval
        or (${idempotencyKeys.state} = 'running' and ${idempotencyKeys.createdAt} < now() - ${ABANDONED_AFTER}::interval)`,
    })
    .returning({ caller: idempotencyKeys.caller });
  if (claimed.length > 0) return null;
  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
  // Gone between the two statements (swept): the request runs as new next time; this one reports a conflict.
  return (
    existing ?? {
      caller,
      key,
      fingerprint,
      state: 'running',
      statusCode: null,
      contentType: null,
      responseBody: null,
      createdAt: new Date(),
    }
  );
}

/** The claimed request ended with an answer worth replaying. */
export async function completeIdempotencyKey(
  db: Db,
  caller: string,
  key: string,
  answer: { statusCode: number; contentType: string | null; body: string },
) {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', statusCode: answer.statusCode, contentType: answer.contentType, responseBody: answer.body })
    .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'running')));
}

/** The claimed request ended without an answer to keep (it failed before running, or on the server): a repeat runs. */
export async function releaseIdempotencyKey(db: Db, caller: string, key: string) {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'running')));
}

/** Hourly: keys past their window. */
export async function sweepIdempotencyKeys(db: Db) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - ${IDEMPOTENCY_WINDOW}::interval`));
}
