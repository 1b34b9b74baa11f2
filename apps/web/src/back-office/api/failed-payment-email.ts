import { staffApi, type FailedPaymentEmailRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { PAYMENT_LISTS_KEY } from '@/back-office/api/payment-lists-key';

export const sendFailedPaymentEmail = (body: FailedPaymentEmailRequest) =>
  client(staffApi.failedPaymentEmail, { body });

/** The Send Email modal: queues the apology; the lists refresh to show the new follow-up count. */
export const useSendFailedPaymentEmail = (config: MutationConfig<typeof sendFailedPaymentEmail> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendFailedPaymentEmail,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: PAYMENT_LISTS_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
