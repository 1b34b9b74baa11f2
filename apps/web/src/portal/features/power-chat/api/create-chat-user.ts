import { chatApi, type ChatUserCreateRequest } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '@/portal/config/paths';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { invalidateAfter } from '@/portal/lib/query-keys';

/**
 * `POST fcm/user/create`: takes one PCHAT licence. With none free the answer is 402 with `redirectToPaymentPage`,
 * `requiredPurchasedQty` and, with a Power Chat subscription, `isSubscriptionUpdate`.
 */
export const createChatUser = (body: ChatUserCreateRequest) => client(chatApi.create, { body });

export const useCreateChatUser = ({ onSuccess, ...config }: MutationConfig<typeof createChatUser> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createChatUser,
    // Spec 2 §8: add seats to the Power Chat subscription, or buy the seats this user needs.
    meta: {
      paymentPage: ({ body }) =>
        body?.isSubscriptionUpdate
          ? paths.portal.updateSubscription.getHref('PCHAT')
          : paths.portal.makePayment.getHref('PCHAT', body?.requiredPurchasedQty ?? 1),
      ...config.meta,
    },
    onSuccess: async (...args) => {
      await invalidateAfter.chatUserChange(queryClient);
      await onSuccess?.(...args);
    },
  });
};
