import { staffApi, type NotificationSendRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { NOTIFICATIONS_KEY } from './notification-list';

export const sendNotification = (body: NotificationSendRequest) => client(staffApi.notificationSend, { body });

export const useSendNotification = (config: MutationConfig<typeof sendNotification> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendNotification,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
