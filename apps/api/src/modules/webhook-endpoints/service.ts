import crypto from 'node:crypto';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type WebhookCreateRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookUpdateRequest,
} from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { seal } from '../../lib/crypto.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../audit/service.ts';
import { eventBody, newEventId, wakeDispatcher } from './events.ts';
import * as repo from './repository.ts';
import { BlockedUrlError, checkWebhookUrl } from './ssrf.ts';

/**
 * The account's webhook endpoints (DECISIONS §13): create (the signing secret answered once), list, change, delete,
 * rotate the secret, send a test event, the delivery log and a retry now. Owners and Admins (the routes' guard); an id
 * of another account answers 404. The secret is kept sealed with the installation's storage key (it signs every
 * delivery, so it cannot be hashed).
 */

const SECRET_PREFIX_CHARS = 4;
const notFoundEndpoint = () => notFound('Webhook endpoint not found.');

function newSecret(ctx: AppContext) {
  const secret = `${WEBHOOK_SECRET_PREFIX}${crypto.randomBytes(24).toString('base64')}`;
  return {
    secret,
    sealed: seal(ctx.secrets.storageKey, secret),
    prefix: `${secret.slice(0, WEBHOOK_SECRET_PREFIX.length + SECRET_PREFIX_CHARS)}…`,
  };
}

/** The SSRF guard at create and update: 400 with the reason in words. */
async function checkedUrl(ctx: AppContext, url: string) {
  try {
    await checkWebhookUrl(url, ctx.config.webhookAllowPrivateUrls);
  } catch (err) {
    if (err instanceof BlockedUrlError) throw badRequest('E_VALIDATION', `url: ${err.message}`);
    throw err;
  }
  return url;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toEndpoint(row: repo.EndpointRow): WebhookEndpoint {
  return {
    _id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    secretPrefix: row.secretPrefix,
    createdAt: row.createdAt.toISOString(),
    failingSince: iso(row.failingSince),
    lastSuccessAt: iso(row.lastSuccessAt),
  };
}

export function toDelivery(row: repo.DeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    eventId: row.eventId,
    event: row.eventType,
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastResponse: row.lastResponse,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextRetryAt: row.state === 'pending' ? iso(row.nextRetryAt) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const hookAudit = (tx: DbOrTx, actor: CustomerActor, message: string) =>
  writeAudit(tx, { customerId: actor.id, type: 'User Account', subType: 'Webhooks', message, actor });

export async function createEndpoint(ctx: AppContext, actor: CustomerActor, body: WebhookCreateRequest) {
  const url = await checkedUrl(ctx, body.url.trim());
  const { secret, sealed, prefix } = newSecret(ctx);
  return inTransaction(ctx.db, async (tx) => {
    // The account's lock for the count: two creates at once cannot pass the limit.
    await repo.lockAccountEndpoints(tx, actor.id);
    if ((await repo.countEndpoints(tx, actor.id)) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError(
        409,
        'E_CONFLICT',
        `An account can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first.`,
      );
    }
    const row = await repo.insertEndpoint(tx, {
      customerId: actor.id,
      url,
      events: [...body.events],
      description: body.description?.trim() ?? '',
      secret: sealed,
      secretPrefix: prefix,
    });
    await hookAudit(tx, actor, `Webhook endpoint ${url} created for ${row.events.join(', ')}`);
    return { ...toEndpoint(row), secret };
  });
}

export async function listEndpoints(ctx: AppContext, customerId: string) {
  return (await repo.listEndpoints(ctx.db, customerId)).map(toEndpoint);
}

export async function updateEndpoint(ctx: AppContext, actor: CustomerActor, id: string, body: WebhookUpdateRequest) {
  // Another account's id answers 404 before the address is looked at (and looked up).
  if (!(await repo.findEndpoint(ctx.db, actor.id, id))) throw notFoundEndpoint();
  const url = body.url === undefined ? undefined : await checkedUrl(ctx, body.url.trim());
  return inTransaction(ctx.db, async (tx) => {
    const before = await repo.findEndpoint(tx, actor.id, id, true);
    if (!before) throw notFoundEndpoint();
    const turnOn = body.enabled === true && !before.enabled;
    const row = await repo.updateEndpoint(tx, actor.id, id, {
      ...(url !== undefined ? { url } : {}),
      ...(body.events ? { events: [...body.events] } : {}),
      ...(body.description !== undefined ? { description: body.description.trim() } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      // Turned on again: a fresh start (the 3 days count from the next failure); turned off by a person: no reason.
      ...(turnOn ? { disabledReason: null, failingSince: null } : {}),
      ...(body.enabled === false && before.enabled ? { disabledReason: 'Disabled by a person' } : {}),
    });
    const changes = [
      url !== undefined && url !== before.url ? `URL ${before.url} → ${url}` : null,
      body.events ? `events ${body.events.join(', ')}` : null,
      body.description !== undefined ? 'description' : null,
      body.enabled !== undefined && body.enabled !== before.enabled ? (body.enabled ? 'enabled' : 'disabled') : null,
    ].filter(Boolean);
    await hookAudit(tx, actor, `Webhook endpoint ${row!.url} changed: ${changes.join('; ') || 'nothing'}`);
    return toEndpoint(row!);
  });
}

export async function deleteEndpoint(ctx: AppContext, actor: CustomerActor, id: string) {
  await inTransaction(ctx.db, async (tx) => {
    const row = await repo.findEndpoint(tx, actor.id, id, true);
    if (!row || !(await repo.deleteEndpoint(tx, actor.id, id))) throw notFoundEndpoint();
    await hookAudit(tx, actor, `Webhook endpoint ${row.url} deleted`);
  });
}

export async function rotateSecret(ctx: AppContext, actor: CustomerActor, id: string) {
  const { secret, sealed, prefix } = newSecret(ctx);
  return inTransaction(ctx.db, async (tx) => {
    const row = await repo.updateEndpoint(tx, actor.id, id, { secret: sealed, secretPrefix: prefix });
    if (!row) throw notFoundEndpoint();
    await hookAudit(tx, actor, `Webhook endpoint ${row.url}: signing secret rotated`);
    return { ...toEndpoint(row), secret };
  });
}

/** A `webhook.test` event to this endpoint only (even while it is disabled: then the log says it was not sent). */
export async function sendTest(ctx: AppContext, customerId: string, id: string) {
  const delivery = await inTransaction(ctx.db, async (tx, afterCommit) => {
    const endpoint = await repo.findEndpoint(tx, customerId, id);
    if (!endpoint) throw notFoundEndpoint();
    const eventId = newEventId();
    const row = await repo.insertDelivery(tx, endpoint, {
      eventId,
      type: WEBHOOK_TEST_EVENT,
      payload: eventBody(eventId, WEBHOOK_TEST_EVENT, {
        endpointId: endpoint.id,
        message: 'A test event: your endpoint receives and verifies Fleetdeck webhooks.',
      }),
    });
    afterCommit(() => wakeDispatcher(ctx.queue));
    return row;
  });
  return toDelivery(delivery);
}

export async function listDeliveries(
  ctx: AppContext,
  customerId: string,
  id: string,
  q: { state?: WebhookDelivery['state']; page: number; limit: number },
) {
  if (!(await repo.findEndpoint(ctx.db, customerId, id))) throw notFoundEndpoint();
  const { rows, total } = await repo.listDeliveries(ctx.db, customerId, id, q);
  return { data: rows.map(toDelivery), pagination: { page: q.page, limit: q.limit, total } };
}

export async function retryDelivery(ctx: AppContext, customerId: string, id: string, deliveryId: string) {
  const row = await inTransaction(ctx.db, async (tx, afterCommit) => {
    const found = await repo.retryNow(tx, customerId, id, deliveryId);
    if (!found) throw notFound('Delivery not found.');
    afterCommit(() => wakeDispatcher(ctx.queue));
    return found;
  });
  return toDelivery(row);
}
