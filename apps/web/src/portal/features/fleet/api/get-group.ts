import { fleetApi } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';

/** `GET groups/:id`: name, family, template and version in force, devices, drift, the active rollout. */
export const getGroup = async (id: string, signal?: AbortSignal) =>
  (await client(fleetApi.groupDetail, { params: { id }, signal })).data;

export const groupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: fleetQueryKeys.group(id),
    queryFn: ({ signal }) => getGroup(id, signal),
    meta: { silentError: true },
  });

export const useGroup = (id: string) => useQuery({ ...groupQueryOptions(id), enabled: id !== '' });
