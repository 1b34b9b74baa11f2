import { staffApi } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { CUSTOMERS_KEY } from './keys';

export const approveReseller = (customerId: string) => client(staffApi.resellerApprove, { body: { customerId } });

export const useApproveReseller = (config: MutationConfig<typeof approveReseller> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: approveReseller,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
