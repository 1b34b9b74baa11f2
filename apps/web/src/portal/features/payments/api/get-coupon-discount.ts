import { useQuery } from '@tanstack/react-query';
import { applyCoupon } from './apply-coupon';
import { queryKeys } from '@/portal/lib/query-keys';

/**
 * The discount a subscription's coupon gives on `qty` more seats. The contract's subscription detail carries
 * only the coupon code, so the amount is asked of `coupon/apply` (a calculation; nothing is stored).
 */
export const useCouponDiscount = (couponCode: string | null, priceId: string, qty: number) =>
  useQuery({
    queryKey: [...queryKeys.payments, 'coupon-discount', couponCode, priceId, qty],
    queryFn: async () => (await applyCoupon({ couponCode: couponCode ?? '', priceId, qty })).data,
    enabled: Boolean(couponCode) && qty >= 1,
    meta: { silentError: true },
  });
