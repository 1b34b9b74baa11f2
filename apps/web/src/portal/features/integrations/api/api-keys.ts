import { apiKeysApi, type ApiKeyCreateRequest } from '@fleetdeck/contract';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';
import type { MutationConfig } from '@/shared/lib/query-client';
import { integrationKeys } from './query-keys';

/** `GET api-keys`: the account's keys (never the keys themselves: their first characters). */
export const getApiKeys = async (signal?: AbortSignal) => (await client(apiKeysApi.apiKeyList, { signal })).data;

export const useApiKeys = () =>
  useQuery({
    queryKey: integrationKeys.apiKeys,
    queryFn: ({ signal }) => getApiKeys(signal),
    meta: { silentError: true },
  });

/** `POST api-keys {name, scopes, expiresAt?}`: answers the key in full, this once. */
export const createApiKey = (body: ApiKeyCreateRequest) => client(apiKeysApi.apiKeyCreate, { body });
export const useCreateApiKey = (config: MutationConfig<typeof createApiKey> = {}) =>
  useInvalidatingMutation(integrationKeys.apiKeys, createApiKey, config);

/** `DELETE api-keys/:id`: the key stops working at once. */
export const revokeApiKey = (id: string) => client(apiKeysApi.apiKeyRevoke, { params: { id } });
export const useRevokeApiKey = (config: MutationConfig<typeof revokeApiKey> = {}) =>
  useInvalidatingMutation(integrationKeys.apiKeys, revokeApiKey, config);
