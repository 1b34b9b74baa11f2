import { profilesApi } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
/** Play Store results, by search term (not a profile's data). */
const playStoreKey = (term: string) => ['playstore', term] as const;

/** `GET device/playstore/search?app_name=`: apps by name, with icon, title and package (appId). */
export const searchPlayStore = (appName: string, signal?: AbortSignal) =>
  client(profilesApi.playStoreSearch, { query: { app_name: appName }, signal });

export const playStoreSearchQueryOptions = (term: string) => {
  const valid = profilesApi.playStoreSearch.query.safeParse({ app_name: term });
  const appName = valid.success ? valid.data.app_name : '';
  return queryOptions({
    queryKey: playStoreKey(appName),
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
