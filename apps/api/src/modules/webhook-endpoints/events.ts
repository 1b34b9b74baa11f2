import crypto from 'node:crypto';
import type { WebhookEvent } from '@fleetdeck/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { insertDeliveries } from './repository.ts';

/**
 * Webhook events (DECISIONS §13): where something happens, `emitWebhookEvent` writes one delivery row per enabled
 * endpoint of the account subscribed to the type, in the caller's transaction (a rolled-back change sends nothing),
 * and wakes the dispatcher after the commit. An account without endpoints costs one indexed probe and nothing else.
 */

export const WEBHOOK_DELIVER_QUEUE = 'webhooks.deliver';
export const WEBHOOK_SWEEP_QUEUE = 'webhooks.sweep';

type AfterCommit = (fn: () => Promise<void>) => void;

/** An event's id: the body's `id` and the `webhook-id` header, the same on every try and for every endpoint. */
export const newEventId = () => `evt_${crypto.randomUUID().replaceAll('-', '')}`;

/** The body sent: `{id, type, created_at, data}`. */
export const eventBody = (id: string, type: string, data: unknown, at = new Date()) => ({
  id,
  type,
  created_at: at.toISOString(),
  data,
});

/** Queues the dispatcher for fresh deliveries (after the commit that wrote them). */
export async function wakeDispatcher(queue: JobQueue) {
  await queue.send(WEBHOOK_DELIVER_QUEUE, {}, { retryLimit: 2 });
  queue.wake?.(WEBHOOK_DELIVER_QUEUE);
}

export interface WebhookEventInput {
  customerId: string;
  type: WebhookEvent;
  data: unknown;
}

/**
 * Many events in one statement (a batch of policy acks); the dispatcher is queued once after the commit. Without
 * `ctx`/`afterCommit` (a caller with no job queue at hand) the rows are sent by the next sweep, a few seconds later.
 */
export async function emitWebhookEvents(
  ctx: { queue: JobQueue } | null,
  tx: DbOrTx,
  events: readonly WebhookEventInput[],
  afterCommit: AfterCommit | null,
) {
  const now = new Date();
  const ids = await insertDeliveries(
    tx,
    events.map((e) => {
      const eventId = newEventId();
      return { customerId: e.customerId, eventId, type: e.type, payload: eventBody(eventId, e.type, e.data, now) };
    }),
  );
  if (ids.length > 0 && ctx && afterCommit) afterCommit(() => wakeDispatcher(ctx.queue));
  return ids.length;
}

/** One event of one account. */
export function emitWebhookEvent(
  ctx: { queue: JobQueue },
  tx: DbOrTx,
  customerId: string,
  type: WebhookEvent,
  data: unknown,
  afterCommit: AfterCommit,
) {
  return emitWebhookEvents(ctx, tx, [{ customerId, type, data }], afterCommit);
}

/**
 * An event of a change that committed on its own (one autocommit statement, such as an enrolment): its rows are
 * written now and the dispatcher queued at once.
 */
export async function emitCommittedWebhookEvent(
  ctx: { queue: JobQueue; db: DbOrTx },
  customerId: string,
  type: WebhookEvent,
  data: unknown,
) {
  const n = await emitWebhookEvents(ctx, ctx.db, [{ customerId, type, data }], null);
  if (n > 0) await wakeDispatcher(ctx.queue);
  return n;
}
