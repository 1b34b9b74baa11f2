import { activityApi, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

export type ExportsParams = EndpointQueryOut<typeof activityApi.exportList>;

/** `GET users/export/list`: the exports the devices uploaded, newest first, paged on the server. */
export const getExports = ({ page, limit }: ExportsParams, signal?: AbortSignal) =>
  client(activityApi.exportList, { query: { page, limit }, signal });

/** A failed load toasts the server's message (spec 2 §8: export load errors toast the raw error). */
export const exportsQueryOptions = (params: ExportsParams) =>
  queryOptions({
    queryKey: [...queryKeys.exports, 'list', params],
    queryFn: ({ signal }) => getExports(params, signal),
    placeholderData: keepPreviousData,
  });

export const useExports = (params: ExportsParams) => useQuery(exportsQueryOptions(params));
