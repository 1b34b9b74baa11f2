import { devicesApi } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { invalidateAfter } from '@/portal/lib/query-keys';

/**
 * `GET device/logout?serialNumber=`: revokes the device's credential and frees its licence seat; the app must
 * enrol again. Every app of that serial number is logged out (spec 2: logout by serialNumber).
 */
export const logoutDevice = (serialNumber: string) => client(devicesApi.logout, { query: { serialNumber } });

export const useLogoutDevice = ({ onSuccess, ...config }: MutationConfig<typeof logoutDevice> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: logoutDevice,
    onSuccess: async (...args) => {
      await invalidateAfter.deviceLogout(queryClient);
      await onSuccess?.(...args);
    },
  });
};
