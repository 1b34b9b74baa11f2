import { playStoreSearchQuerySchema, playStoreSearchResponseSchema } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_API } from './profile-request';
import { profileQueryKeys } from './query-keys';

/** `GET device/playstore/search?app_name=`: apps by name, with icon, title and package (appId). */
export const searchPlayStore = (appName: string, signal?: AbortSignal) =>
  apiRequest(`${ADMIN_API}/device/playstore/search`, {
    schema: playStoreSearchResponseSchema,
    query: { app_name: appName },
    signal,
  });

export const playStoreSearchQueryOptions = (term: string) => {
  const valid = playStoreSearchQuerySchema.safeParse({ app_name: term });
  const appName = valid.success ? valid.data.app_name : '';
  return queryOptions({
    queryKey: profileQueryKeys.playStore(appName),
    queryFn: ({ signal }) => searchPlayStore(appName, signal),
    select: (answer) => answer.data,
    enabled: valid.success,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
};

/** Searches once the (debounced) term has at least 2 characters. */
export const usePlayStoreSearch = (term: string) => useQuery(playStoreSearchQueryOptions(term));
