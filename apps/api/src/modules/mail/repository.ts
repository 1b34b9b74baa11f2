import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

/** SQL of the email outbox. */
export async function insertOutboxRow(tx: DbOrTx, values: typeof emailOutbox.$inferInsert): Promise<string> {
  const [row] = await tx.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
  return row!.id;
}

export async function findOutboxRow(db: Db, outboxId: string) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
  return row ?? null;
}

/** A failed attempt; the last one marks the row failed and wipes its body. */
export async function recordFailedDelivery(db: Db, outboxId: string, message: string, finalAttempt: boolean) {
  await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: message.slice(0, 500),
      ...(finalAttempt ? { status: 'failed' as const, textBody: null, htmlBody: null } : {}),
    })
    .where(eq(emailOutbox.id, outboxId));
}

/** Sent: the body is wiped (it may hold a code or a link that must not outlive its delivery). */
export async function recordSent(db: Db, outboxId: string) {
  await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: new Date(),
      attempts: sql`${emailOutbox.attempts} + 1`,
      textBody: null,
      htmlBody: null,
    })
    .where(eq(emailOutbox.id, outboxId));
}

/** Queued rows over 2 minutes old that were never attempted (their job was never created). */
export async function undispatchedOutboxIds(db: Db): Promise<string[]> {
  const stale = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'queued'),
        lt(emailOutbox.createdAt, sql`now() - interval '2 minutes'`),
        lt(emailOutbox.attempts, 1),
      ),
    )
    .limit(500);
  return stale.map((row) => row.id);
}
