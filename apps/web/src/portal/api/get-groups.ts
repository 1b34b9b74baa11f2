import { fleetApi, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

export type GroupListParams = EndpointQueryOut<typeof fleetApi.groupList>;

/** `GET groups`: the customer's device groups (family, template and version, devices, drift), paged on the server. */
export const getGroups = ({ family, search, page, limit }: GroupListParams, signal?: AbortSignal) =>
  client(fleetApi.groupList, { query: { family, search, page, limit }, signal });

export const groupListQueryOptions = (params: GroupListParams) =>
  queryOptions({
    queryKey: queryKeys.groupList(params),
    queryFn: ({ signal }) => getGroups(params, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });

export const useGroups = (params: GroupListParams) => useQuery(groupListQueryOptions(params));

/** The groups a picker offers (the Devices page's filter and Move to group): the first 50, by name. */
export const GROUP_CHOICES_LIMIT = 50;
export const useGroupChoices = (family?: GroupListParams['family']) => {
  const groups = useGroups({ family, page: 1, limit: GROUP_CHOICES_LIMIT });
  const options = (groups.data?.data ?? []).map((g) => ({ value: g._id, label: `${g.name} (${g.family})` }));
  return { groups, options };
};
