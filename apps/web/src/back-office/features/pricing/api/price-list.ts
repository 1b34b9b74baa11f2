import { staffApi } from '@fleetdeck/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';

export const PRICES_KEY = ['staff', 'prices'] as const;

/** `price/list`: every price (Active and Inactive) split into recurring and one-time (spec 3 §7). */
export const usePriceList = () =>
  useQuery({
    queryKey: [...PRICES_KEY, 'list'],
    queryFn: ({ signal }) => client(staffApi.priceList, { signal }),
  });
