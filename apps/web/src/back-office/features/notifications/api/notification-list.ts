import { staffApi, type notificationListQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';

export const NOTIFICATIONS_KEY = ['staff', 'notifications', 'list'] as const;
/** While a fan-out runs or devices confirm, the list and the detail refresh on their own. */
export const NOTIFICATION_REFRESH_MS = 3000;

export const useNotificationList = (search: z.output<typeof notificationListQuerySchema>) =>
  useQuery({
    queryKey: [...NOTIFICATIONS_KEY, search],
    queryFn: ({ signal }) =>
      client(staffApi.notificationList, {
        query: search as z.input<typeof notificationListQuerySchema>,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: NOTIFICATION_REFRESH_MS,
  });
