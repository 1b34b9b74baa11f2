import { queryKeys } from '@/portal/lib/query-keys';

/** The integrations pages' own keys, on the app's prefix (`queryKeys.integrations`). */
export const integrationKeys = {
  apiKeys: [...queryKeys.integrations, 'api-keys'] as const,
  webhooks: [...queryKeys.integrations, 'webhooks'] as const,
  /** Every delivery log (a test event or a retry adds or changes rows of one). */
  deliveries: [...queryKeys.integrations, 'webhooks', 'deliveries'] as const,
  deliveryPage: (id: string, params: object) =>
    [...queryKeys.integrations, 'webhooks', 'deliveries', id, params] as const,
};
