import { profileListResponseSchema } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface RestoreTargetsParams {
  page: number;
  limit: number;
}

/**
 * The profiles an export can be restored onto: `GET profile/list?appName=PDALL` (spec 2 §2), every {product}
 * family app (PD, PDOT, PDOW, PDOWOT), by serial number.
 */
export const getRestoreTargets = ({ page, limit }: RestoreTargetsParams, signal?: AbortSignal) =>
  api.get('/api/v1/admin/profile/list', profileListResponseSchema, {
    query: { appName: 'PDALL', page, limit, sort: 'name', order: 'asc' },
    signal,
  });

export const restoreTargetsQueryOptions = (params: RestoreTargetsParams) =>
  queryOptions({
    queryKey: ['restore-targets', params],
    queryFn: ({ signal }) => getRestoreTargets(params, signal),
    placeholderData: keepPreviousData,
  });

export const useRestoreTargets = (params: RestoreTargetsParams, enabled: boolean) =>
  useQuery({ ...restoreTargetsQueryOptions(params), enabled });
