import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linkNonces } from '../../db/schema.ts';

/** SQL of the emailed links' nonces (each link works once). */
export async function insertNonce(tx: DbOrTx, values: typeof linkNonces.$inferInsert) {
  await tx.insert(linkNonces).values(values);
}

/** Spends an unused nonce of the purpose; its subject, or null when it was unknown or already spent. */
export async function spendNonce(tx: DbOrTx, nonce: string, purpose: string): Promise<string | null> {
  const [spent] = await tx
    .update(linkNonces)
    .set({ usedAt: sql`now()` })
    .where(and(eq(linkNonces.nonce, nonce), eq(linkNonces.purpose, purpose), isNull(linkNonces.usedAt)))
    .returning({ subjectId: linkNonces.subjectId });
  return spent?.subjectId ?? null;
}

/** Spends every open link of the subject and purpose: a new reset link, a reset or a password change voids the rest. */
export async function voidOpenNonces(tx: DbOrTx, subjectId: string, purpose: string) {
  await tx
    .update(linkNonces)
    .set({ usedAt: sql`now()` })
    .where(and(eq(linkNonces.subjectId, subjectId), eq(linkNonces.purpose, purpose), isNull(linkNonces.usedAt)));
}

export async function deleteOldNonces(db: DbOrTx) {
  await db.execute(sql`delete from link_nonces where expires_at < now() - interval '7 days'`);
}
