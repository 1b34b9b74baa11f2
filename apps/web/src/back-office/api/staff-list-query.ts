import type { Endpoint, EndpointQuery } from '@fleetdeck/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client, type ClientOptions } from '@/shared/lib/api-client';
import { asQueryText } from './search-query';

/**
 * A staff list asked with its parsed search: cached under `key` then the search, the search sent back as query text,
 * and the page shown so far kept while the next one loads.
 */
export const useStaffListQuery = <E extends Endpoint & { query: object }>(
  key: readonly string[],
  endpoint: E,
  search: Record<string, unknown>,
) =>
  useQuery({
    queryKey: [...key, search],
    queryFn: ({ signal }) =>
      client(endpoint, { query: asQueryText(search) as EndpointQuery<E>, signal } as ClientOptions<E>),
    placeholderData: keepPreviousData,
  });
