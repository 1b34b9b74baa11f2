import { staffApi, type CouponUpdateRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { COUPONS_KEY } from './coupons';

export const updateCoupon = (body: CouponUpdateRequest) => client(staffApi.couponUpdate, { body });

export const useUpdateCoupon = (config: MutationConfig<typeof updateCoupon> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateCoupon,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
