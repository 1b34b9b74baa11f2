import { staffApi, type RefundRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { PAYMENT_DETAIL_KEY } from '../../../api/payment-detail';

/** `payments/refund` with the page's Idempotency-Key: a double click or a retry is one refund. */
export const refundPayment = ({ body, idempotencyKey }: { body: RefundRequest; idempotencyKey: string }) =>
  client(staffApi.paymentRefund, { body, headers: { 'Idempotency-Key': idempotencyKey } });

export const useRefundPayment = (config: MutationConfig<typeof refundPayment> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: refundPayment,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: PAYMENT_DETAIL_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
