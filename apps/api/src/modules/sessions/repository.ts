import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

export type Realm = 'customer' | 'staff';

export async function insertSession(tx: DbOrTx, values: typeof sessions.$inferInsert) {
  await tx.insert(sessions).values(values);
}

export async function findSession(db: Db, realm: Realm, tokenHash: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      subjectId: sessions.subjectId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      impersonatorId: sessions.impersonatorId,
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.realm, realm)));
  return row ?? null;
}

export async function touchSession(db: Db, sessionId: string) {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(tx: DbOrTx, sessionId: string, reason: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(tx: DbOrTx, realm: Realm, subjectId: string, reason: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.realm, realm), eq(sessions.subjectId, subjectId), isNull(sessions.revokedAt)));
}

/** Sessions expired or revoked over 30 days ago. */
export async function deleteOldSessions(db: DbOrTx) {
  await db.execute(
    sql`delete from sessions where expires_at < now() - interval '30 days' or revoked_at < now() - interval '30 days'`,
  );
}
