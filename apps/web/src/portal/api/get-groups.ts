import { fleetApi, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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

/**
 * The groups a picker offers (the Devices page's filter, Move to group, a rollout's group): the first 50 by name, of
 * those matching `search` (typed in a `ServerSearchSelect`).
 */
export const GROUP_CHOICES_LIMIT = 50;
export const useGroupChoices = (family?: GroupListParams['family'], search = '') => {
  const groups = useGroups({ family, search: search || undefined, page: 1, limit: GROUP_CHOICES_LIMIT });
  const options = (groups.data?.data ?? []).map((g) => ({ value: g._id, label: `${g.name} (${g.family})` }));
  return { groups, options };
};

/** A group picker's state: the server searched for what is typed (`select` goes to a `ServerSearchSelect`). */
export const useGroupPicker = (family?: GroupListParams['family']) => {
  const [search, setSearch] = useState('');
  const { groups, options } = useGroupChoices(family, search);
  return { options, searching: groups.isFetching, onSearch: setSearch };
};
