import { staffApi, type UpcomingExpireQuery, type UpcomingExpireSearch } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { PAYMENT_LISTS_KEY } from '@/back-office/api/payment-lists-key';
import { asQueryText } from '../../../api/search-query';

export const useUpcomingExpire = (search: UpcomingExpireSearch) =>
  useQuery({
    queryKey: [...PAYMENT_LISTS_KEY, 'upcoming', search],
    queryFn: ({ signal }) =>
      client(staffApi.upcomingExpireHistory, { query: asQueryText(search) as UpcomingExpireQuery, signal }),
    placeholderData: keepPreviousData,
  });
