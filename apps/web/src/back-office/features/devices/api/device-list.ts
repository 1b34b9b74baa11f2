import { staffApi, type staffDeviceListQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';
import { downloadFile } from '@/shared/lib/download-file';

export type DeviceListSearch = z.output<typeof staffDeviceListQuerySchema>;

/** The query as text: the parsed search sent back (the export flag only for the CSV). */
const asQuery = (search: DeviceListSearch, isExportData?: true) =>
  ({ ...search, isExportData: isExportData ? 'true' : undefined }) as z.input<typeof staffDeviceListQuerySchema>;

/** Spec 3 "Devices": enrolled devices across customers (DECISIONS §8 `devices/list`). */
export const useDeviceList = (search: DeviceListSearch) =>
  useQuery({
    queryKey: ['staff', 'devices', search],
    queryFn: ({ signal }) => client(staffApi.deviceList, { query: asQuery(search), signal }),
    placeholderData: keepPreviousData,
  });

export const exportDevices = (search: DeviceListSearch) =>
  downloadFile(staffApi.deviceList, {
    query: asQuery({ ...search, cursor: undefined }, true) as Record<string, string | number | undefined>,
    fallbackName: 'AllDevices.csv',
  });
