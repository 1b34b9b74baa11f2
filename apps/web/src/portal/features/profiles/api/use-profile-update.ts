import type { ProfileDetailResponse } from '@fleetdeck/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { profileQueryKeys } from './query-keys';

type Options<V> = Omit<UseMutationOptions<ProfileDetailResponse, Error, V>, 'mutationFn'>;

/**
 * A mutation of a profile's settings: the server answers the updated profile detail, which replaces the cached one
 * (so `hasUnappliedChanges` shows at once).
 */
export function useProfileUpdateMutation<V extends { profileId: string }>(
  mutationFn: (variables: V) => Promise<ProfileDetailResponse>,
  { onSuccess, ...config }: Options<V> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: async (answer, variables, ...rest) => {
      queryClient.setQueryData<ProfileDetailResponse>(profileQueryKeys.detail(variables.profileId), answer);
      await onSuccess?.(answer, variables, ...rest);
    },
  });
}
