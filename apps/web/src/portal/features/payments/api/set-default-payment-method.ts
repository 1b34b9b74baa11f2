import { paymentsApi, type EndpointBody } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** `POST users/payment-method/default {pmId}`. */
export const setDefaultPaymentMethod = (body: EndpointBody<typeof paymentsApi.setDefaultPaymentMethod>) =>
  client(paymentsApi.setDefaultPaymentMethod, { body });

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
