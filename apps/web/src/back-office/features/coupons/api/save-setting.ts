import { staffApi, type SaveSettingRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { COUPONS_KEY } from './coupons';

export const saveSetting = (body: SaveSettingRequest) => client(staffApi.saveSetting, { body });

export const useSaveSetting = (config: MutationConfig<typeof saveSetting> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveSetting,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
