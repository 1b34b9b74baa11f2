import type { ProfileApplicationCreateRequest } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/lib/query-client';
import { apiRequest } from '@/lib/api-client';
import { PROFILE_API, profileUpdateAnswerSchema } from './profile-request';
import { profileQueryKeys } from './query-keys';

/** `POST profile/application/create`: adds an app to an uninstall/clear list or the kiosk list. */
export const createProfileApplication = (body: ProfileApplicationCreateRequest) =>
  apiRequest(`${PROFILE_API}/application/create`, {
    method: 'POST',
    body,
    schema: profileUpdateAnswerSchema,
  });

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
