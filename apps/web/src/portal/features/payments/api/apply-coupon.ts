import { paymentsApi, type CouponApplyRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

/** `POST payments/coupon/apply`: the discount a coupon gives on a plan and quantity (nothing is stored). */
export const applyCoupon = (body: CouponApplyRequest) => client(paymentsApi.applyCoupon, { body });

export const useApplyCoupon = (config: MutationConfig<typeof applyCoupon> = {}) =>
  useMutation({ ...config, mutationFn: applyCoupon });
