import { devicesApi, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

export type RestoreTargetsParams = Pick<EndpointQueryOut<typeof devicesApi.profileList>, 'page' | 'limit'>;

/**
 * The profiles an export can be restored onto: `GET profile/list?appName=PDALL` (spec 2 §2), every {product}
 * family app (PD, PDOT, PDOW, PDOWOT), by serial number.
 */
const targetsQuery = ({ page, limit }: RestoreTargetsParams) =>
  ({ appName: 'PDALL', page, limit, sort: 'name', order: 'asc' }) as const;

export const getRestoreTargets = (params: RestoreTargetsParams, signal?: AbortSignal) =>
  client(devicesApi.profileList, { query: targetsQuery(params), signal });

export const restoreTargetsQueryOptions = (params: RestoreTargetsParams) =>
  queryOptions({
    // The profiles' list key: a profile change (apply, device logout) refreshes the targets too.
    queryKey: queryKeys.profileList(targetsQuery(params)),
    queryFn: ({ signal }) => getRestoreTargets(params, signal),
    placeholderData: keepPreviousData,
  });

export const useRestoreTargets = (params: RestoreTargetsParams, enabled: boolean) =>
  useQuery({ ...restoreTargetsQueryOptions(params), enabled });
