import type { PlanCode } from '@fleetdeck/contract';
import { staffApi, type AppVersionUpdateRequest } from '@fleetdeck/contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

const APP_VERSION_KEY = ['staff', 'app-version'] as const;

/** `price/get/app-version?planIdentifier`: null until configured. */
export const useAppVersion = (planIdentifier: PlanCode | null) =>
  useQuery({
    queryKey: [...APP_VERSION_KEY, planIdentifier],
    queryFn: ({ signal }) =>
      client(staffApi.appVersionGet, { query: { planIdentifier: planIdentifier as PlanCode }, signal }),
    enabled: planIdentifier !== null,
  });

export const updateAppVersion = (body: AppVersionUpdateRequest) => client(staffApi.appVersionUpdate, { body });

export const useUpdateAppVersion = (config: MutationConfig<typeof updateAppVersion> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateAppVersion,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: APP_VERSION_KEY });
      return config.onSuccess?.(...args);
    },
  });
};
