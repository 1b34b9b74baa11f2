import { z } from 'zod/mini';
import { idOf, text } from './common.ts';
import { withData } from './envelope.ts';
import { listOf, pageQuery } from './fleet.ts';

/**
 * Webhooks (DECISIONS §13): the account's endpoints under `/api/v1/admin/webhooks`, each with the events it wants and
 * a signing secret (`whsec_…`, answered once at create and at rotation). An event is POSTed as
 * `{id, type, created_at, data}`, signed as Standard Webhooks (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`), by background jobs: a 2xx within 10 s is a
 * success, anything else is retried with exponential backoff (8 tries over about 24 h), then the delivery fails; an
 * endpoint failing for 3 days is disabled and the account's Owners are emailed. URLs must be https and resolve to
 * public addresses (checked at create and again at every send) unless the server runs with
 * `WEBHOOK_ALLOW_PRIVATE_URLS=1`.
 */

export const WEBHOOK_EVENTS = [
  'device.enrolled',
  'device.logged_out',
  'policy.applied',
  'policy.failed',
  'command.succeeded',
  'command.failed',
  'rollout.paused',
  'rollout.completed',
  'payment.succeeded',
  'payment.failed',
  'licences.exceeded',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The type of the event `POST webhooks/:id/test` sends (to that endpoint only). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What each event means, in words (the endpoint dialog shows it). */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  'device.enrolled': 'A device enrolled into the account',
  'device.logged_out': 'A device was logged out',
  'policy.applied': 'A device applied its policy version',
  'policy.failed': 'A device failed to apply its policy version',
  'command.succeeded': 'A device carried out a remote command',
  'command.failed': 'A remote command failed on a device',
  'rollout.paused': 'A staged rollout paused (by itself or by a person)',
  'rollout.completed': 'A staged rollout completed',
  'payment.succeeded': 'A payment succeeded',
  'payment.failed': 'A payment failed',
  'licences.exceeded': 'The account has more devices than licences',
};

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Endpoints an account may hold. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
/** Tries of one delivery before it is marked failed (DECISIONS §13: about 8 over 24 h). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** An endpoint whose deliveries have all failed for this long is disabled (DECISIONS §13). */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;

export const webhookIdSchema = idOf('webhook');
export const webhookIdParamsSchema = z.object({ id: webhookIdSchema });
export const webhookDeliveryParamsSchema = z.object({ id: webhookIdSchema, deliveryId: idOf('delivery') });

const eventSchema = z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(', ')}` });
const eventsSchema = z.array(eventSchema).check(
  z.minLength(1, { error: 'must name at least one event' }),
  z.maxLength(WEBHOOK_EVENTS.length, { error: 'names an event twice' }),
  z.refine((s) => new Set(s).size === s.length, { error: 'names an event twice' }),
);

/**
 * An absolute http(s) URL. Whether plain http and private addresses are allowed is the server's to decide
 * (`WEBHOOK_ALLOW_PRIVATE_URLS`), so the schema checks the form only.
 */
export const webhookUrlSchema = text().check(
  z.trim(),
  z.minLength(1, { error: 'is required' }),
  z.maxLength(2000, { error: 'must be at most 2000 characters' }),
  z.refine(
    (v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0 && !url.username;
      } catch {
        return false;
      }
    },
    { error: 'must be a web address starting with https://' },
  ),
);

const descriptionSchema = text().check(z.trim(), z.maxLength(200, { error: 'must be at most 200 characters' }));

export const webhookCreateRequestSchema = z.object({
  url: webhookUrlSchema,
  events: eventsSchema,
  description: z.optional(descriptionSchema),
});
export type WebhookCreateRequest = z.input<typeof webhookCreateRequestSchema>;

/** `PUT webhooks/:id`: what is sent changes; `enabled: true` turns a disabled endpoint back on. */
export const webhookUpdateRequestSchema = z
  .object({
    url: z.optional(webhookUrlSchema),
    events: z.optional(eventsSchema),
    description: z.optional(descriptionSchema),
    enabled: z.optional(z.boolean({ error: 'must be true or false' })),
  })
  .check(
    z.refine((b) => Object.values(b).some((v) => v !== undefined), {
      error: 'send at least one of url, events, description, enabled',
    }),
  );
export type WebhookUpdateRequest = z.input<typeof webhookUpdateRequestSchema>;

export const webhookEndpointSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(eventSchema),
  description: z.string(),
  enabled: z.boolean(),
  /** Why it is off ("Failing since 2026-11-27: disabled after 3 days"), null while on. */
  disabledReason: z.nullable(z.string()),
  /** The signing secret's first characters (`whsec_AbC1…`), to tell which one is in use. */
  secretPrefix: z.string(),
  createdAt: z.string(),
  /** Since when every delivery has failed; null while the last one succeeded. */
  failingSince: z.nullable(z.string()),
  lastSuccessAt: z.nullable(z.string()),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookListResponseSchema = withData(z.array(webhookEndpointSchema));
export const webhookResponseSchema = withData(webhookEndpointSchema);
/** Create and secret rotation: the secret in full, shown this once. */
export const webhookWithSecretResponseSchema = withData(z.extend(webhookEndpointSchema, { secret: z.string() }));

export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const webhookDeliveriesQuerySchema = z.object({
  state: z.optional(z.enum(WEBHOOK_DELIVERY_STATES, { error: `must be one of ${WEBHOOK_DELIVERY_STATES.join(', ')}` })),
  ...pageQuery,
});

/** One event sent (or to be sent) to one endpoint: the delivery log's row. */
export const webhookDeliverySchema = z.object({
  _id: z.string(),
  /** The event's id (the body's `id` and the `webhook-id` header): the same on every retry. */
  eventId: z.string(),
  /** The event's type (`device.enrolled`, …, or `webhook.test`). */
  event: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.int(),
  /** The HTTP status of the last try; null when it got no answer (timeout, refused, blocked address). */
  lastStatus: z.nullable(z.int()),
  /** The start of the last answer's body, or why there was none. */
  lastResponse: z.nullable(z.string()),
  lastAttemptAt: z.nullable(z.string()),
  /** When the next try is due; null once it succeeded or failed for good. */
  nextRetryAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponseSchema = listOf(webhookDeliverySchema);
export const webhookDeliveryResponseSchema = withData(webhookDeliverySchema);
