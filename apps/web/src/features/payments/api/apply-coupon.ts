import { couponApplyResponseSchema, type CouponApplyRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { api, PAYMENTS_API } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export const applyCoupon = (body: CouponApplyRequest) =>
  api.post(`${PAYMENTS_API}/coupon/apply`, body, couponApplyResponseSchema);

export const useApplyCoupon = (config: MutationConfig<typeof applyCoupon> = {}) =>
  useMutation({ ...config, mutationFn: applyCoupon });
