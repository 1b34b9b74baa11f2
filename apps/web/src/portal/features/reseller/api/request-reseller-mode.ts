import { usersApi } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** `POST users/update {isResellerModeEnabled: true}`: asks for reseller mode; staff approve it (spec 1 §4). */
export const requestResellerMode = (_?: void) => client(usersApi.update, { body: { isResellerModeEnabled: true } });

export const useRequestResellerMode = ({ onSuccess, ...config }: MutationConfig<typeof requestResellerMode> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: requestResellerMode,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.userDetail });
      await onSuccess?.(...args);
    },
  });
};
