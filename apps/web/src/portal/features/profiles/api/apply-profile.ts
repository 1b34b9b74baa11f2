import { policyApi, type ProfileDetailResponse } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { profileQueryKeys } from './query-keys';
import { queryKeys } from '@/portal/lib/query-keys';

/** `GET profile/apply?profileId=`: freezes the settings into a new policy version and wakes the device. */
export const applyProfile = (profileId: string) => client(policyApi.apply, { query: { profileId } });

export const useApplyProfile = ({ onSuccess, ...config }: MutationConfig<typeof applyProfile> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: applyProfile,
    onSuccess: async (answer, profileId, ...rest) => {
      // Show the new version at once (the detail then polls until the device acknowledges it).
      queryClient.setQueryData<ProfileDetailResponse>(profileQueryKeys.detail(profileId), (old) =>
        old
          ? {
              ...old,
              data: {
                ...old.data,
                policyVersion: answer.data.policyVersion,
                appliedPolicyVersion: answer.data.appliedPolicyVersion,
                hasUnappliedChanges: false,
              },
            }
          : old,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile(profileId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profileLists }),
      ]);
      await onSuccess?.(answer, profileId, ...rest);
    },
  });
};
