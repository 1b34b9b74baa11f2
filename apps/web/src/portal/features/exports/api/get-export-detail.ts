import { activityApi } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

export const exportDetailQueryKey = (id: string) => [...queryKeys.exports, 'detail', id] as const;

/** `GET users/export/detail?id=`: the export with the name and icon of each disabled app. */
export const getExportDetail = async (id: string, signal?: AbortSignal) =>
  (await client(activityApi.exportDetail, { query: { id }, signal })).data;

export const exportDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: exportDetailQueryKey(id),
    queryFn: ({ signal }) => getExportDetail(id, signal),
  });

export const useExportDetail = (id: string) => useQuery({ ...exportDetailQueryOptions(id), enabled: id !== '' });
