import { staffApi, type SubscriptionUpdateRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { CUSTOMERS_KEY } from './keys';

export const updateSubscriptionQty = (body: SubscriptionUpdateRequest) => client(staffApi.subscriptionUpdate, { body });

export const useUpdateSubscriptionQty = (config: MutationConfig<typeof updateSubscriptionQty> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateSubscriptionQty,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
