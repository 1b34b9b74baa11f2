import { staffApi, type CouponListSearch } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';

export const COUPONS_KEY = ['staff', 'coupons'] as const;

/** The coupons with their Success payments, and the payment notes. */
export const useCoupons = (search: CouponListSearch) =>
  useQuery({
    queryKey: [...COUPONS_KEY, search],
    queryFn: ({ signal }) => client(staffApi.coupons, { query: search, signal }),
    placeholderData: keepPreviousData,
  });
