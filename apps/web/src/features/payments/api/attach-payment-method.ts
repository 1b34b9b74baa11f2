import { messageSchema } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { PAYMENT_METHODS_QUERY_KEY, PAYMENTS_QUERY_KEY } from './query-keys';

/** `POST users/payment-method/attach {pmId}`: saves a card tokenised by the provider to the account. */
export const attachPaymentMethod = (body: { pmId: string }) =>
  api.post(`${USERS_API}/payment-method/attach`, body, messageSchema);

export const useAttachPaymentMethod = ({ onSuccess, ...config }: MutationConfig<typeof attachPaymentMethod> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: attachPaymentMethod,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: [...PAYMENTS_QUERY_KEY, 'price-detail'] }),
      ]);
      await onSuccess?.(...args);
    },
  });
};
