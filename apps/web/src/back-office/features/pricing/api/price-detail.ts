import { staffApi } from '@fleetdeck/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { PRICES_KEY } from './price-list';

/** `price/detail?id`: one price for the edit page. */
export const usePriceDetail = (id: string) =>
  useQuery({
    queryKey: [...PRICES_KEY, 'detail', id],
    queryFn: ({ signal }) => client(staffApi.priceDetail, { query: { id }, signal }),
    enabled: id !== '',
  });
