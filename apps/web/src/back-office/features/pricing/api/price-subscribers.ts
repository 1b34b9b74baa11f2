import { staffApi } from '@fleetdeck/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { PRICES_KEY } from './price-list';

/** `price/subscribers?id`: the live subscriptions an amount change's confirmation names. */
export const usePriceSubscribers = (id: string) =>
  useQuery({
    queryKey: [...PRICES_KEY, 'subscribers', id],
    queryFn: ({ signal }) => client(staffApi.priceSubscribers, { query: { id }, signal }),
    enabled: id !== '',
  });
