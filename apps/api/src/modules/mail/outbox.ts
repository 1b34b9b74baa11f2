import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Mailer } from './mailer.ts';
import type { EmailContent } from './templates.ts';
import * as repo from './repository.ts';

export const EMAIL_QUEUE = 'email.send';

/** Writes the email inside the caller's transaction; the caller dispatches the id after commit. */
export async function queueEmail(tx: DbOrTx, to: string, content: EmailContent): Promise<string> {
  return repo.insertOutboxRow(tx, {
    toAddress: to,
    template: content.template,
    subject: content.subject,
    textBody: content.text,
    htmlBody: content.html,
  });
}

export async function dispatchEmail(queue: JobQueue, outboxId: string) {
  await queue.send(
    EMAIL_QUEUE,
    { outboxId },
    { singletonKey: outboxId, retryLimit: 6, retryDelay: 5, retryBackoff: true },
  );
}

/**
 * The email sender of one `inTransaction` transaction: each email is written to the outbox in `tx` and dispatched once
 * that transaction has committed (`afterCommit`), so a rolled-back change sends nothing.
 */
export const emailSenderOf =
  (queue: JobQueue, tx: DbOrTx, afterCommit: (fn: () => Promise<void>) => void) =>
  async (to: string, content: EmailContent) => {
    const outboxId = await queueEmail(tx, to, content);
    afterCommit(() => dispatchEmail(queue, outboxId));
  };

/** Worker side: sends one outbox row; throws on failure so pg-boss retries with backoff. */
export async function deliverEmail(
  deps: { db: Db; mailer: Mailer; logger: Logger },
  outboxId: string,
  finalAttempt: boolean,
) {
  const row = await repo.findOutboxRow(deps.db, outboxId);
  if (!row || row.status !== 'queued' || row.textBody === null) return;
  try {
    await deps.mailer.send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody ?? '' });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await repo.recordFailedDelivery(deps.db, outboxId, message, finalAttempt);
    deps.logger.warn({ outboxId, template: row.template, err: message, finalAttempt }, 'email delivery failed');
    throw err;
  }
  // Wipe the body: it may hold a code or a link that must not outlive its delivery.
  await repo.recordSent(deps.db, outboxId);
  deps.logger.info({ outboxId, template: row.template }, 'email sent');
}

/** Re-dispatches rows whose job was never created (a crash between commit and dispatch). */
export async function sweepOutbox(db: Db, queue: JobQueue) {
  for (const id of await repo.undispatchedOutboxIds(db)) await dispatchEmail(queue, id);
}
