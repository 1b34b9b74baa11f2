import { staffApi, type CustomerCreateRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { CUSTOMERS_KEY } from './keys';

export const createCustomer = (body: CustomerCreateRequest) => client(staffApi.customerCreate, { body });

export const useCreateCustomer = (config: MutationConfig<typeof createCustomer> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createCustomer,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
