import { staffApi, type NotificationPreviewRequest } from '@fleetdeck/contract/staff';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

/** How many devices and customers a notification would reach (asked before sending, DECISIONS §14). */
export const previewNotification = (body: NotificationPreviewRequest) => client(staffApi.notificationPreview, { body });

export const usePreviewNotification = (config: MutationConfig<typeof previewNotification> = {}) =>
  useMutation({ ...config, mutationFn: previewNotification });
