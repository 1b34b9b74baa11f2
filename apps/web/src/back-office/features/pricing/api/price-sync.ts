import { staffApi } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { PRICES_KEY } from './price-list';

/** `price/sync`: sandbox reloads the bundled catalogue, Stripe imports and creates prices; answers a summary. */
export const syncPrices = () => client(staffApi.priceSync, {});

export const useSyncPrices = (config: MutationConfig<typeof syncPrices> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: syncPrices,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: PRICES_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
