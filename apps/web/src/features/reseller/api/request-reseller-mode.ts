import { messageSchema } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** `POST users/update {isResellerModeEnabled: true}`: asks for reseller mode; staff approve it (spec 1 §4). */
export const requestResellerMode = (_?: void) =>
  api.post(`${USERS_API}/update`, { isResellerModeEnabled: true }, messageSchema);

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
