import { paymentsApi, type EndpointBody } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** `POST users/payment-method/attach {pmId}`: saves a card tokenised by the provider to the account. */
export const attachPaymentMethod = (body: EndpointBody<typeof paymentsApi.attachPaymentMethod>) =>
  client(paymentsApi.attachPaymentMethod, { body });

export const useAttachPaymentMethod = ({ onSuccess, ...config }: MutationConfig<typeof attachPaymentMethod> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: attachPaymentMethod,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.paymentMethods }),
        queryClient.invalidateQueries({ queryKey: [...queryKeys.payments, 'price-detail'] }),
      ]);
      await onSuccess?.(...args);
    },
  });
};
