import { staffApi, type OfflinePaymentRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { CUSTOMERS_KEY } from './keys';

/** `payments/create` with the form's Idempotency-Key: a retried Save records the sale once. */
export const createOfflinePayment = ({ key, ...body }: OfflinePaymentRequest & { key: string }) =>
  client(staffApi.offlinePaymentCreate, { body, headers: { 'Idempotency-Key': key } });

export const useCreateOfflinePayment = (config: MutationConfig<typeof createOfflinePayment> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createOfflinePayment,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
