import { staffApi, type notificationDetailQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';
import { NOTIFICATION_REFRESH_MS } from './notification-list';

export type NotificationDetailSearch = Omit<z.output<typeof notificationDetailQuerySchema>, 'id'>;

/** One notification's deliveries; refreshes so delivered and opened counts rise as devices confirm. */
export const useNotificationDetail = (id: string, search: NotificationDetailSearch) =>
  useQuery({
    queryKey: ['staff', 'notifications', 'detail', id, search],
    queryFn: ({ signal }) =>
      client(staffApi.notificationDetail, {
        query: {
          ...search,
          id,
          isDelivered: search.isDelivered === undefined ? undefined : String(search.isDelivered),
          isOpen: search.isOpen === undefined ? undefined : String(search.isOpen),
        } as z.input<typeof notificationDetailQuerySchema>,
        signal,
      }),
    enabled: id !== '',
    placeholderData: keepPreviousData,
    refetchInterval: NOTIFICATION_REFRESH_MS,
  });
