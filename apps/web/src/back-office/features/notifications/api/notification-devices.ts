import { staffApi, type notificationDevicesQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';

export type NotificationDevicesSearch = z.output<typeof notificationDevicesQuerySchema>;

/** Devices to choose from for a notification. */
export const useNotificationDevices = (search: NotificationDevicesSearch) =>
  useQuery({
    queryKey: ['staff', 'notifications', 'devices', search],
    queryFn: ({ signal }) =>
      client(staffApi.notificationDevices, {
        query: {
          ...search,
          customers: search.customers?.join(','),
          fcmToken: search.fcmToken ? 'true' : undefined,
        } as z.input<typeof notificationDevicesQuerySchema>,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
