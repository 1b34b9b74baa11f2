import { endpoint } from '../endpoint.ts';
import { messageSchema } from '../envelope.ts';
import {
  webhookCreateRequestSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
  webhookIdParamsSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  webhookUpdateRequestSchema,
  webhookWithSecretResponseSchema,
} from '../webhook-endpoints.ts';

/**
 * The account's webhook endpoints (DECISIONS §13), under /api/v1/admin/webhooks: Owners and Admins; never open to API
 * keys. (Stripe's inbound webhook is `webhooksApi.stripe`.)
 */
const A = '/api/v1/admin/webhooks';

/** Answers the signing secret in full, this once. */
export const webhookCreate = endpoint({
  method: 'POST',
  path: A,
  body: webhookCreateRequestSchema,
  response: webhookWithSecretResponseSchema,
});
export const webhookList = endpoint({ method: 'GET', path: A, response: webhookListResponseSchema });
export const webhookUpdate = endpoint({
  method: 'PUT',
  path: `${A}/:id`,
  params: webhookIdParamsSchema,
  body: webhookUpdateRequestSchema,
  response: webhookResponseSchema,
});
/** The endpoint and its delivery log are deleted; deliveries not yet sent are dropped. */
export const webhookDelete = endpoint({
  method: 'DELETE',
  path: `${A}/:id`,
  params: webhookIdParamsSchema,
  response: messageSchema,
});
/** A new signing secret, answered this once; the old one stops signing at once. */
export const webhookRotateSecret = endpoint({
  method: 'POST',
  path: `${A}/:id/rotate-secret`,
  params: webhookIdParamsSchema,
  response: webhookWithSecretResponseSchema,
});
/** Queues a `webhook.test` event to this endpoint only; answers its delivery (see the log for the outcome). */
export const webhookTest = endpoint({
  method: 'POST',
  path: `${A}/:id/test`,
  params: webhookIdParamsSchema,
  response: webhookDeliveryResponseSchema,
});
/** The delivery log, newest first. */
export const webhookDeliveries = endpoint({
  method: 'GET',
  path: `${A}/:id/deliveries`,
  params: webhookIdParamsSchema,
  query: webhookDeliveriesQuerySchema,
  response: webhookDeliveriesResponseSchema,
});
/** Tries a delivery again now (a failed one gets a fresh round of tries). */
export const webhookDeliveryRetry = endpoint({
  method: 'POST',
  path: `${A}/:id/deliveries/:deliveryId/retry`,
  params: webhookDeliveryParamsSchema,
  response: webhookDeliveryResponseSchema,
});
