import { staffApi, type CustomerDisableRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { CUSTOMERS_KEY } from './keys';

/** "Send password reset link" (DECISIONS §8): the customer's own reset flow, for roles that may not set a password. */
export const sendResetLink = (customerId: string) => client(staffApi.customerSendResetLink, { body: { customerId } });

export const useSendResetLink = (config: MutationConfig<typeof sendResetLink> = {}) =>
  useMutation({ ...config, mutationFn: sendResetLink });

/** Disable (ends the customer's sessions and device tokens at once) or enable a customer (issue 24). */
export const setCustomerDisabled = (body: CustomerDisableRequest) => client(staffApi.customerDisable, { body });

export const useSetCustomerDisabled = (config: MutationConfig<typeof setCustomerDisabled> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setCustomerDisabled,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
