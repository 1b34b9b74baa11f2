import { staffApi, type BloatwareUpdateRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { BLOATWARE_KEY } from './bloatware-list';

export const updateBloatware = (body: BloatwareUpdateRequest) => client(staffApi.bloatwareUpdate, { body });

export const useUpdateBloatware = (config: MutationConfig<typeof updateBloatware> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateBloatware,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: BLOATWARE_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
