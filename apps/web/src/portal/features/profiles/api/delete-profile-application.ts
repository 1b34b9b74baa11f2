import { profilesApi, type ProfileEntryDeleteRequest } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/shared/lib/query-client';
import { invalidateApplications } from './create-profile-application';
import { client } from '@/shared/lib/api-client';

/** `DELETE profile/application/delete?profileId&id`. */
export const deleteProfileApplication = ({ profileId, id }: ProfileEntryDeleteRequest) =>
  client(profilesApi.applicationDelete, { query: { profileId, id } });

export const useDeleteProfileApplication = ({
  onSuccess,
  ...config
}: MutationConfig<typeof deleteProfileApplication> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteProfileApplication,
    onSuccess: async (data, variables, ...rest) => {
      await invalidateApplications(queryClient, variables.profileId);
      await onSuccess?.(data, variables, ...rest);
    },
  });
};
