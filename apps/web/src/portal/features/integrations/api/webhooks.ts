import {
  webhookEndpointsApi,
  type EndpointQueryOut,
  type WebhookCreateRequest,
  type WebhookUpdateRequest,
} from '@fleetdeck/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';
import type { MutationConfig } from '@/shared/lib/query-client';
import { integrationKeys } from './query-keys';

/** `GET webhooks`: the account's endpoints (at most `MAX_WEBHOOK_ENDPOINTS`). */
export const getWebhooks = async (signal?: AbortSignal) =>
  (await client(webhookEndpointsApi.webhookList, { signal })).data;

/** How often an open delivery log (and its endpoint) is read again while something is on its way. */
const LIVE_REFRESH_MS = 3000;

const webhooksQuery = {
  queryKey: integrationKeys.webhooks,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getWebhooks(signal),
  meta: { silentError: true },
};

export const useWebhooks = () => useQuery(webhooksQuery);

/**
 * One endpoint, read from the list (the contract has no call for one endpoint; an account holds at most 20): null
 * when the account has none with this id. Disabled for no id ('').
 */
export const useWebhook = (id: string) =>
  useQuery({
    ...webhooksQuery,
    enabled: id !== '',
    select: (rows) => rows.find((w) => w._id === id) ?? null,
    // Its last success and failing state change with every delivery: read again on opening, and while open.
    refetchOnMount: 'always',
    refetchInterval: LIVE_REFRESH_MS,
  });

/** `POST webhooks {url, events, description?}`: answers the signing secret in full, this once. */
export const createWebhook = (body: WebhookCreateRequest) => client(webhookEndpointsApi.webhookCreate, { body });
export const useCreateWebhook = (config: MutationConfig<typeof createWebhook> = {}) =>
  useInvalidatingMutation(integrationKeys.webhooks, createWebhook, config);

/** `PUT webhooks/:id`: URL, events, description; `enabled: true` turns a disabled endpoint back on. */
export const updateWebhook = ({ id, ...body }: { id: string } & WebhookUpdateRequest) =>
  client(webhookEndpointsApi.webhookUpdate, { params: { id }, body });
export const useUpdateWebhook = (config: MutationConfig<typeof updateWebhook> = {}) =>
  useInvalidatingMutation(integrationKeys.webhooks, updateWebhook, config);

/** `DELETE webhooks/:id`: the endpoint and its delivery log go; deliveries not yet sent are dropped. */
export const deleteWebhook = (id: string) => client(webhookEndpointsApi.webhookDelete, { params: { id } });
export const useDeleteWebhook = (config: MutationConfig<typeof deleteWebhook> = {}) =>
  useInvalidatingMutation(integrationKeys.webhooks, deleteWebhook, config);

/** `POST webhooks/:id/rotate-secret`: a new secret, answered this once; the old one stops signing at once. */
export const rotateWebhookSecret = (id: string) => client(webhookEndpointsApi.webhookRotateSecret, { params: { id } });
export const useRotateWebhookSecret = (config: MutationConfig<typeof rotateWebhookSecret> = {}) =>
  useInvalidatingMutation(integrationKeys.webhooks, rotateWebhookSecret, config);

/** `POST webhooks/:id/test`: queues a `webhook.test` event to this endpoint; its delivery shows in the log. */
export const sendTestEvent = (id: string) => client(webhookEndpointsApi.webhookTest, { params: { id } });
export const useSendTestEvent = (config: MutationConfig<typeof sendTestEvent> = {}) =>
  useInvalidatingMutation(integrationKeys.deliveries, sendTestEvent, config);

export type WebhookDeliveriesParams = EndpointQueryOut<typeof webhookEndpointsApi.webhookDeliveries>;

/** `GET webhooks/:id/deliveries?state&page&limit`: the delivery log, newest first. */
export const getWebhookDeliveries = (
  id: string,
  { state, page, limit }: WebhookDeliveriesParams,
  signal?: AbortSignal,
) => client(webhookEndpointsApi.webhookDeliveries, { params: { id }, query: { state, page, limit }, signal });

export const useWebhookDeliveries = (id: string, params: WebhookDeliveriesParams) =>
  useQuery({
    queryKey: integrationKeys.deliveryPage(id, params),
    queryFn: ({ signal }) => getWebhookDeliveries(id, params, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
    // Deliveries still pending are sent by a background job within seconds: look again until none is.
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.state === 'pending') ? LIVE_REFRESH_MS : false),
  });

/** `POST webhooks/:id/deliveries/:deliveryId/retry`: tries the delivery again now. */
export const retryDelivery = ({ id, deliveryId }: { id: string; deliveryId: string }) =>
  client(webhookEndpointsApi.webhookDeliveryRetry, { params: { id, deliveryId } });
export const useRetryDelivery = (config: MutationConfig<typeof retryDelivery> = {}) =>
  useInvalidatingMutation([integrationKeys.deliveries, integrationKeys.webhooks], retryDelivery, config);
