import { staffApi } from '@fleetdeck/contract/staff';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

/** One customer by email, to send to their devices. */
export const searchCustomer = (email: string) => client(staffApi.notificationCustomerSearch, { query: { email } });

export const useCustomerSearch = (config: MutationConfig<typeof searchCustomer> = {}) =>
  useMutation({ ...config, mutationFn: searchCustomer, meta: { silentSuccess: true, ...config.meta } });
