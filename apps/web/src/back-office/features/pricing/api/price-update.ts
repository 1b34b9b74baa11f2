import { staffApi, type PriceUpdateRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { PRICES_KEY } from './price-list';

export const updatePrice = (body: PriceUpdateRequest) => client(staffApi.priceUpdate, { body });

export const useUpdatePrice = (config: MutationConfig<typeof updatePrice> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updatePrice,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: PRICES_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
