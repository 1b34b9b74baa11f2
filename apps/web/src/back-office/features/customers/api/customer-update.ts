import { staffApi, type CustomerUpdateRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { CUSTOMERS_KEY } from './keys';

export const updateCustomer = (body: CustomerUpdateRequest) => client(staffApi.customerUpdate, { body });

export const useUpdateCustomer = (config: MutationConfig<typeof updateCustomer> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateCustomer,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
