import { profilesApi, type ProfileApplicationCreateRequest } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { profileQueryKeys } from './query-keys';

/** `POST profile/application/create`: adds an app to an uninstall/clear list or the kiosk list. */
export const createProfileApplication = (body: ProfileApplicationCreateRequest) =>
  client(profilesApi.applicationCreate, { body });

export const useCreateProfileApplication = ({
  onSuccess,
  ...config
}: MutationConfig<typeof createProfileApplication> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createProfileApplication,
    onSuccess: async (data, variables, ...rest) => {
      await invalidateApplications(queryClient, variables.profileId);
      await onSuccess?.(data, variables, ...rest);
    },
  });
};

/** A list entry changed: the lists and the profile detail (unapplied changes) are fetched again. */
export const invalidateApplications = (queryClient: ReturnType<typeof useQueryClient>, profileId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [...profileQueryKeys.profile(profileId), 'applications'] }),
    queryClient.invalidateQueries({ queryKey: profileQueryKeys.detail(profileId) }),
  ]);
