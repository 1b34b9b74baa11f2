import { chatApi } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { invalidateAfter } from '@/portal/lib/query-keys';

/** `DELETE fcm/user/delete?id=`: the user can no longer sign in; its licence is free. */
export const deleteChatUser = ({ id }: { id: string }) => client(chatApi.remove, { query: { id } });

export const useDeleteChatUser = ({ onSuccess, ...config }: MutationConfig<typeof deleteChatUser> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteChatUser,
    onSuccess: async (...args) => {
      await invalidateAfter.chatUserChange(queryClient);
      await onSuccess?.(...args);
    },
  });
};
