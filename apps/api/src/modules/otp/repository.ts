import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { oneTimeCodes } from '../../db/schema.ts';
import type { Realm } from '../sessions/repository.ts';

interface CodeOwner {
  realm: Realm;
  subjectId: string;
}

/** Codes sent to the subject in the last hour, and when the oldest of them was sent. */
export async function codesOfLastHour(tx: DbOrTx, { realm, subjectId }: CodeOwner) {
  const [recent] = await tx
    .select({ n: sql<number>`count(*)::int`, oldest: sql<Date>`min(${oneTimeCodes.createdAt})` })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.realm, realm),
        eq(oneTimeCodes.subjectId, subjectId),
        gt(oneTimeCodes.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return { n: recent?.n ?? 0, oldest: recent?.oldest ?? null };
}

/** Closes every open code of the owner, whatever its purpose (a password change or reset, issue 12, item 8). */
export async function closeAllOpenCodes(tx: DbOrTx, { realm, subjectId }: CodeOwner) {
  await tx
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.realm, realm), eq(oneTimeCodes.subjectId, subjectId), isNull(oneTimeCodes.consumedAt)));
}

/** Closes the subject's open codes of a purpose (a new code replaces them). */
export async function closeOpenCodes(tx: DbOrTx, { realm, subjectId }: CodeOwner, purpose: string) {
  await tx
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.realm, realm),
        eq(oneTimeCodes.subjectId, subjectId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
}

export async function insertCode(tx: DbOrTx, values: typeof oneTimeCodes.$inferInsert) {
  await tx.insert(oneTimeCodes).values(values);
}

/** The subject's latest code of a purpose. */
export async function latestCode(db: DbOrTx, { realm, subjectId }: CodeOwner, purpose: string) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.realm, realm), eq(oneTimeCodes.subjectId, subjectId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Counts a try before the code is checked (DECISIONS §4): one atomic update that numbers the try while the code is
 * open and under the limit. Null when the code was consumed meanwhile or its tries are spent: it is not checked then,
 * so a burst of parallel guesses checks at most `maxTries` of them.
 */
export async function claimTry(db: Db, codeId: string, maxTries: number): Promise<number | null> {
  const [after] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.consumedAt), sql`${oneTimeCodes.attempts} < ${maxTries}`),
    )
    .returning({ attempts: oneTimeCodes.attempts });
  return after?.attempts ?? null;
}

/** Consumes the code atomically while it is open and within the try limit: false when another request won. */
export async function consumeOpenCode(db: Db, codeId: string, maxTries: number): Promise<boolean> {
  const [won] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.consumedAt), sql`${oneTimeCodes.attempts} <= ${maxTries}`),
    )
    .returning({ id: oneTimeCodes.id });
  return Boolean(won);
}

export async function deleteOldCodes(db: DbOrTx) {
  await db.execute(sql`delete from one_time_codes where created_at < now() - interval '1 day'`);
}
