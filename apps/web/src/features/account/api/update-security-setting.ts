import { messageSchema, type UpdateSecuritySettingRequest, type UserDetail } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { userDetailQueryKey } from '@/api/get-user-detail';

export const updateSecuritySetting = (body: UpdateSecuritySettingRequest) =>
  api.post(`${USERS_API}/update-security-setting`, body, messageSchema);

export const useUpdateSecuritySetting = ({
  onSuccess,
  ...config
}: MutationConfig<typeof updateSecuritySetting> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateSecuritySetting,
    onSuccess: async (data, variables, ...rest) => {
      queryClient.setQueryData<UserDetail>(userDetailQueryKey, (old) =>
        old ? { ...old, enable_two_step_email_verification: variables.enable_two_step_email_verification } : old,
      );
      await queryClient.invalidateQueries({ queryKey: userDetailQueryKey });
      await onSuccess?.(data, variables, ...rest);
    },
  });
};
