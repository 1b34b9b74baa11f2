import { activityApi, type DeviceLogSortField } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export interface DeviceLogsParams {
  /** Exact serial number; undefined: every device. */
  serialNumber?: string;
  page: number;
  limit: number;
  sort: DeviceLogSortField;
  order: 'asc' | 'desc';
  /** `nextCursor` of the previous page (keyset paging); undefined: the page by position. */
  cursor?: string;
}

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
