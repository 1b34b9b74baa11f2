import { chatUserResponseSchema, type ChatUserCreateRequest } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { invalidateAfterChatUserChange } from './invalidate';
import { CHAT_USERS_API } from './query-keys';

/**
 * `POST fcm/user/create`: takes one PCHAT licence. With none free the answer is 402 with `redirectToPaymentPage`,
 * `requiredPurchasedQty` and, with a Power Chat subscription, `isSubscriptionUpdate`.
 */
export const createChatUser = (body: ChatUserCreateRequest) =>
  api.post(`${CHAT_USERS_API}/create`, body, chatUserResponseSchema);

export const useCreateChatUser = ({ onSuccess, ...config }: MutationConfig<typeof createChatUser> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createChatUser,
    onSuccess: async (...args) => {
      await invalidateAfterChatUserChange(queryClient);
      await onSuccess?.(...args);
    },
  });
};
