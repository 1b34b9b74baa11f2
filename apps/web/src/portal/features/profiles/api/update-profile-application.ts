import { profilesApi, type ProfileApplication, type ProfileApplicationUpdateRequest } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/shared/lib/query-client';
import { invalidateApplications } from './create-profile-application';
import { client } from '@/shared/lib/api-client';
import { profileQueryKeys } from './query-keys';

/** `POST profile/application/update {profileId, appPackageName, status}`: the entry's action. */
export const updateProfileApplication = (body: ProfileApplicationUpdateRequest) =>
  client(profilesApi.applicationUpdate, { body });

/** Key of the status selects' calls: the list reads which entries are in flight. */
export const PROFILE_APPLICATION_UPDATE_KEY = ['profiles', 'profile-application-update'] as const;

type ListAnswer = { respones_msg: string; data: ProfileApplication[] };

export const useUpdateProfileApplication = ({
  onSettled,
  ...config
}: MutationConfig<typeof updateProfileApplication> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationKey: PROFILE_APPLICATION_UPDATE_KEY,
    mutationFn: updateProfileApplication,
    onMutate: async ({ profileId, appPackageName, status, productType }) => {
      // The select shows the new status at once; the refetch after the call confirms (or reverts) it.
      const key = profileQueryKeys.applications(profileId, productType ?? undefined);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<ListAnswer>(key, (old) =>
        old ? { ...old, data: old.data.map((a) => (a.appPackageName === appPackageName ? { ...a, status } : a)) } : old,
      );
    },
    onSettled: async (data, error, variables, ...rest) => {
      await invalidateApplications(queryClient, variables.profileId);
      await onSettled?.(data, error, variables, ...rest);
    },
  });
};
