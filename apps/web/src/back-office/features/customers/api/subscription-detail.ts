import { staffApi } from '@fleetdeck/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { customerDetailKey } from './keys';

/** `payments/subscription/detail`: the customer's unexpired seats on a plan (the page's existing qty). */
export const useSubscriptionSeats = (customerId: string, priceId: string | null) =>
  useQuery({
    queryKey: [...customerDetailKey(customerId), 'seats', priceId],
    queryFn: ({ signal }) =>
      client(staffApi.subscriptionDetail, { query: { customerId, priceId: priceId ?? '' }, signal }),
    enabled: customerId !== '' && priceId !== null,
  });
