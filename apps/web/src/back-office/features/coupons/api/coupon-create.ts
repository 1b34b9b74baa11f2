import { staffApi, type CouponCreateRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { COUPONS_KEY } from './coupons';

export const createCoupon = (body: CouponCreateRequest) => client(staffApi.couponCreate, { body });

export const useCreateCoupon = (config: MutationConfig<typeof createCoupon> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createCoupon,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
