import { MAX_WEBHOOK_ENDPOINTS, webhookEndpointsApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, answerList, areaRoutes, answerMessage } from '../../lib/area-routes.ts';
import { customerActorOf, requireMember, sessionOf } from '../../plugins/auth.ts';
import * as hooks from './service.ts';

const TAGS = ['Webhooks'];
const SCOPE = 'An endpoint or delivery of another account answers 404 `E_NOT_FOUND`.';
const URL_RULES =
  'The URL must be https and resolve to public addresses only (no loopback, private, link-local or metadata ' +
  'ranges; 400 `E_VALIDATION` with the reason), unless the server runs with `WEBHOOK_ALLOW_PRIVATE_URLS=1`.';

/** The account's webhook endpoints (DECISIONS §13) under /api/v1/admin/webhooks: Owners and Admins. */
export const webhookEndpointRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: TAGS, guardFor: requireMember(ctx) }, (route) => {
    route(
      webhookEndpointsApi.webhookCreate,
      {
        summary: 'Add a webhook endpoint (answers its signing secret once)',
        description: `${URL_RULES} At most ${MAX_WEBHOOK_ENDPOINTS} endpoints per account (409 \`E_CONFLICT\`).`,
      },
      answer('Webhook endpoint created', (req) => hooks.createEndpoint(ctx, customerActorOf(req), req.body)),
    );
    route(
      webhookEndpointsApi.webhookList,
      { summary: "The account's webhook endpoints" },
      answer('Webhook endpoints', (req) => hooks.listEndpoints(ctx, sessionOf(req).subjectId)),
    );
    route(
      webhookEndpointsApi.webhookUpdate,
      {
        summary: "Change an endpoint's URL, events or description, or turn it on or off",
        description: `${URL_RULES} ${SCOPE}`,
      },
      answer('Webhook endpoint updated', (req) =>
        hooks.updateEndpoint(ctx, customerActorOf(req), req.params.id, req.body),
      ),
    );
    route(
      webhookEndpointsApi.webhookDelete,
      { summary: 'Delete an endpoint and its delivery log', description: SCOPE },
      answerMessage('Webhook endpoint deleted', (req) =>
        hooks.deleteEndpoint(ctx, customerActorOf(req), req.params.id),
      ),
    );
    route(
      webhookEndpointsApi.webhookRotateSecret,
      { summary: 'A new signing secret (answered once; the old one stops at once)', description: SCOPE },
      answer('Signing secret rotated', (req) => hooks.rotateSecret(ctx, customerActorOf(req), req.params.id)),
    );
    route(
      webhookEndpointsApi.webhookTest,
      { summary: 'Send a webhook.test event to this endpoint', description: SCOPE },
      answer('Test event queued', (req) => hooks.sendTest(ctx, sessionOf(req).subjectId, req.params.id)),
    );
    route(
      webhookEndpointsApi.webhookDeliveries,
      { summary: "The endpoint's delivery log, newest first", description: SCOPE },
      answerList('Deliveries', (req) => hooks.listDeliveries(ctx, sessionOf(req).subjectId, req.params.id, req.query)),
    );
    route(
      webhookEndpointsApi.webhookDeliveryRetry,
      { summary: 'Try a delivery again now (a fresh round of tries)', description: SCOPE },
      answer('Delivery queued', (req) =>
        hooks.retryDelivery(ctx, sessionOf(req).subjectId, req.params.id, req.params.deliveryId),
      ),
    );
  });
