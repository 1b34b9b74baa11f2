import { staffApi } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { CUSTOMERS_KEY } from './keys';

/** `payments/delete/device`: logs the device out (its token stops working; the seat is freed). */
export const deleteCustomerDevice = (id: string) => client(staffApi.deleteDevice, { query: { id } });

export const useDeleteCustomerDevice = (config: MutationConfig<typeof deleteCustomerDevice> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteCustomerDevice,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
