import { paymentsApi, type EndpointBody } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** `POST users/payment-method/detach {pmId}`: removes a saved method that is not the default. */
export const detachPaymentMethod = (body: EndpointBody<typeof paymentsApi.detachPaymentMethod>) =>
  client(paymentsApi.detachPaymentMethod, { body });

export const useDetachPaymentMethod = ({ onSuccess, ...config }: MutationConfig<typeof detachPaymentMethod> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: detachPaymentMethod,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.paymentMethods });
      await onSuccess?.(...args);
    },
  });
};
