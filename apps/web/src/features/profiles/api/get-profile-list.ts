import { profileListResponseSchema, type PROFILE_SORT_FIELDS } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_API } from './profile-request';
import { profileQueryKeys } from './query-keys';

export interface ProfileListParams {
  /** App name filter (a plan code, a family code, or PDALL); empty: every app. */
  appName?: string;
  page: number;
  limit: number;
  sort: (typeof PROFILE_SORT_FIELDS)[number];
  order: 'asc' | 'desc';
}

/** `GET profile/list`: one profile per enrolled device and app, paged and sorted by the server. */
export const getProfileList = ({ appName, page, limit, sort, order }: ProfileListParams, signal?: AbortSignal) =>
  apiRequest(`${ADMIN_API}/profile/list`, {
    schema: profileListResponseSchema,
    query: { appName, page, limit, sort, order },
    signal,
  });

export const profileListQueryOptions = (params: ProfileListParams) =>
  queryOptions({
    queryKey: profileQueryKeys.list(params),
    queryFn: ({ signal }) => getProfileList(params, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });

export const useProfileList = (params: ProfileListParams) => useQuery(profileListQueryOptions(params));
