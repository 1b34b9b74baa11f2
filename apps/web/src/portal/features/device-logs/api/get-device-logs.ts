import { activityApi, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';

/** The list's query as the contract parses it (`cursor`: `nextCursor` of the previous page, keyset paging). */
export type DeviceLogsParams = EndpointQueryOut<typeof activityApi.deviceLogList>;

/** `GET device/log/list` (spec 2 §7): the rows are in `data.data`, the paging in `data.pagination`. */
export const getDeviceLogs = (
  { serialNumber, page, limit, sort, order, cursor }: DeviceLogsParams,
  signal?: AbortSignal,
) =>
  client(activityApi.deviceLogList, {
    query: { serialNumber, page, limit, sort, order, cursor },
    signal,
  });

export const deviceLogsQueryOptions = (params: DeviceLogsParams) =>
  queryOptions({
    queryKey: ['device-logs', 'list', params],
    queryFn: ({ signal }) => getDeviceLogs(params, signal),
    placeholderData: keepPreviousData,
    // Shown inline with a Retry button.
    meta: { silentError: true },
  });

export const useDeviceLogs = (params: DeviceLogsParams) => useQuery(deviceLogsQueryOptions(params));
