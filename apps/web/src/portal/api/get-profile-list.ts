import { devicesApi, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

/**
 * App name filter (a plan code, a family code, or PDALL; empty: every app), the device search, the group, paging and
 * sort.
 */
export type ProfileListParams = EndpointQueryOut<typeof devicesApi.profileList>;

/**
 * `GET profile/list`: one profile per enrolled device and app, paged and sorted by the server; each row names its
 * group and counts its drift from the group's template. The Devices page and a group's devices (fleet) read it.
 */
export const getProfileList = (
  { appName, search, groupId, page, limit, sort, order }: ProfileListParams,
  signal?: AbortSignal,
) => client(devicesApi.profileList, { query: { appName, search, groupId, page, limit, sort, order }, signal });

export const profileListQueryOptions = (params: ProfileListParams) =>
  queryOptions({
    queryKey: queryKeys.profileList(params),
    queryFn: ({ signal }) => getProfileList(params, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });

export const useProfileList = (params: ProfileListParams) => useQuery(profileListQueryOptions(params));
