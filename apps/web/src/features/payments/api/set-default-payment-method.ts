import { messageSchema } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

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
        queryClient.invalidateQueries({ queryKey: queryKeys.paymentMethods }),
        queryClient.invalidateQueries({ queryKey: [...queryKeys.payments, 'price-detail'] }),
      ]);
      await onSuccess?.(...args);
    },
  });
};
