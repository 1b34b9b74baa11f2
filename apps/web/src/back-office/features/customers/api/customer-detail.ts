import { staffApi } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { customerDetailKey } from './keys';

/** `customers/detail`: the customer, a page of their payments, the prices and their seat totals. */
export const useCustomerDetail = (
  customerId: string,
  paging: { page: number; limit: number } = { page: 1, limit: 25 },
) =>
  useQuery({
    queryKey: [...customerDetailKey(customerId), paging],
    queryFn: ({ signal }) =>
      client(staffApi.customerDetail, { query: { customerId, ...paging, cursor: undefined }, signal }),
    enabled: customerId !== '',
    placeholderData: keepPreviousData,
  });
