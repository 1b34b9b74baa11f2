import { profilesApi, type DeviceDetailQuery } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { profileQueryKeys } from './query-keys';

export type DeviceDetailFilters = Omit<DeviceDetailQuery, 'profileId'>;

/** What the Applications tab shows first (no search, every status, system apps hidden): its prefetch asks for the same. */
export const FIRST_DEVICE_APPS_FILTERS = { showSystemApp: false } as const satisfies DeviceDetailFilters;

/** `GET profile/device/detail`: the device's fields and its applications, filtered by the server. */
export const getDeviceDetail = (profileId: string, filters: DeviceDetailFilters = {}, signal?: AbortSignal) =>
  client(profilesApi.deviceDetail, {
    query: {
      profileId,
      packageName: filters.packageName?.trim() || undefined,
      applicationStatus: filters.applicationStatus,
      applicationInstallStatus: filters.applicationInstallStatus,
      showSystemApp: filters.showSystemApp,
    },
    signal,
  });

export const deviceDetailQueryOptions = (profileId: string, filters: DeviceDetailFilters = {}) =>
  queryOptions({
    queryKey: profileQueryKeys.deviceWith(profileId, filters),
    queryFn: ({ signal }) => getDeviceDetail(profileId, filters, signal),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });

export const useDeviceDetail = (profileId: string, filters: DeviceDetailFilters = {}) =>
  useQuery(deviceDetailQueryOptions(profileId, filters));
