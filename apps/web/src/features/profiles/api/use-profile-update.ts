import type { ProfileDetailResponse } from '@fleetdeck/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ProfileUpdateResult } from './profile-request';
import { profileQueryKeys } from './query-keys';

type Options<V> = Omit<UseMutationOptions<ProfileUpdateResult, Error, V>, 'mutationFn'>;

/**
 * A mutation of a profile's settings: the answer's profile detail replaces the cached one (so `hasUnappliedChanges`
 * shows at once); without one, the detail is fetched again.
 */
export function useProfileUpdateMutation<V extends { profileId: string }>(
  mutationFn: (variables: V) => Promise<ProfileUpdateResult>,
  { onSuccess, ...config }: Options<V> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: async (result, variables, ...rest) => {
      const key = profileQueryKeys.detail(variables.profileId);
      if (result.profile) {
        const profile = result.profile;
        queryClient.setQueryData<ProfileDetailResponse>(key, (old) => ({
          respones_msg: old?.respones_msg ?? result.respones_msg,
          data: profile,
        }));
      } else {
        await queryClient.invalidateQueries({ queryKey: key });
      }
      await onSuccess?.(result, variables, ...rest);
    },
  });
}
