import type { Endpoint, EndpointQuery, EndpointResponse } from '@fleetdeck/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client, type ClientOptions } from '@/shared/lib/api-client';
import { asQueryText } from './search-query';

// `client`'s options tuple is a conditional type TypeScript cannot resolve for a generic endpoint; every `E` here has
// a query, so its options are `ClientOptions<E>`.
const clientWithQuery = client as <E extends Endpoint>(
  endpoint: E,
  options: ClientOptions<E>,
) => Promise<EndpointResponse<E>>;

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
      clientWithQuery(endpoint, { query: asQueryText(search) as EndpointQuery<E>, signal } as ClientOptions<E>),
    placeholderData: keepPreviousData,
  });
