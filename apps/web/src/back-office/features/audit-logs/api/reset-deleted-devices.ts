import { staffApi } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { AUDIT_KEY } from './audit-list';

export const resetDeletedDevices = (email: string) => client(staffApi.resetDeletedDeviceDate, { body: { email } });

export const useResetDeletedDevices = (config: MutationConfig<typeof resetDeletedDevices> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: resetDeletedDevices,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
