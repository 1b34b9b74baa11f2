import { usersApi, type UpdateSecuritySettingRequest, type UserDetail } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

export const updateSecuritySetting = (body: UpdateSecuritySettingRequest) =>
  client(usersApi.updateSecuritySetting, { body });

export const useUpdateSecuritySetting = ({
  onSuccess,
  ...config
}: MutationConfig<typeof updateSecuritySetting> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateSecuritySetting,
    onSuccess: async (data, variables, ...rest) => {
      queryClient.setQueryData<UserDetail>(queryKeys.userDetail, (old) =>
        old ? { ...old, enable_two_step_email_verification: variables.enable_two_step_email_verification } : old,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.userDetail });
      await onSuccess?.(data, variables, ...rest);
    },
  });
};
