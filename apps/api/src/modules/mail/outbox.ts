import { and, eq, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Mailer } from './mailer.ts';
import type { EmailContent } from './templates.ts';

export const EMAIL_QUEUE = 'email.send';

/** Writes the email inside the caller's transaction; the caller dispatches the id after commit. */
export async function queueEmail(tx: DbOrTx, to: string, content: EmailContent): Promise<string> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      toAddress: to,
      template: content.template,
      subject: content.subject,
      textBody: content.text,
      htmlBody: content.html,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

export async function dispatchEmail(queue: JobQueue, outboxId: string) {
  await queue.send(
    EMAIL_QUEUE,
    { outboxId },
    { singletonKey: outboxId, retryLimit: 6, retryDelay: 5, retryBackoff: true },
  );
}

/** Worker side: sends one outbox row; throws on failure so pg-boss retries with backoff. */
export async function deliverEmail(
  deps: { db: Db; mailer: Mailer; logger: Logger },
  outboxId: string,
  finalAttempt: boolean,
) {
  const [row] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
  if (!row || row.status !== 'queued' || row.textBody === null) return;
  try {
    await deps.mailer.send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody ?? '' });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await deps.db
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        lastError: message.slice(0, 500),
        ...(finalAttempt ? { status: 'failed' as const, textBody: null, htmlBody: null } : {}),
      })
      .where(eq(emailOutbox.id, outboxId));
    deps.logger.warn({ outboxId, template: row.template, err: message, finalAttempt }, 'email delivery failed');
    throw err;
  }
  // Wipe the body: it may hold a code or a link that must not outlive its delivery.
  await deps.db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: new Date(),
      attempts: sql`${emailOutbox.attempts} + 1`,
      textBody: null,
      htmlBody: null,
    })
    .where(eq(emailOutbox.id, outboxId));
  deps.logger.info({ outboxId, template: row.template }, 'email sent');
}

/** Re-dispatches rows whose job was never created (a crash between commit and dispatch). */
export async function sweepOutbox(db: Db, queue: JobQueue) {
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
  for (const row of stale) await dispatchEmail(queue, row.id);
}
