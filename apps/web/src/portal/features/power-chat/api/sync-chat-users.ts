import { chatApi } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { invalidateAfter } from '@/portal/lib/query-keys';

/** `GET fcm/user/sync`: the PCHAT licences as the ledger counts them now; the list is read again. */
export const syncChatUsers = () => client(chatApi.sync);

export const useSyncChatUsers = ({ onSuccess, ...config }: MutationConfig<typeof syncChatUsers> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: syncChatUsers,
    onSuccess: async (...args) => {
      await invalidateAfter.chatUserChange(queryClient);
      await onSuccess?.(...args);
    },
  });
};
