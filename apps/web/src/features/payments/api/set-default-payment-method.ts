import { messageSchema } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { PAYMENT_METHODS_QUERY_KEY, PAYMENTS_QUERY_KEY } from './query-keys';

/** `POST users/payment-method/default {pmId}`. */
export const setDefaultPaymentMethod = (body: { pmId: string }) =>
  api.post(`${USERS_API}/payment-method/default`, body, messageSchema);

export const useSetDefaultPaymentMethod = ({
  onSuccess,
  ...config
}: MutationConfig<typeof setDefaultPaymentMethod> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setDefaultPaymentMethod,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: [...PAYMENTS_QUERY_KEY, 'price-detail'] }),
      ]);
      await onSuccess?.(...args);
    },
  });
};
