import { usersApi, type UpdateUserRequest } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

export const updateUser = (body: UpdateUserRequest) => client(usersApi.update, { body });

export const useUpdateUser = ({ onSuccess, ...config }: MutationConfig<typeof updateUser> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateUser,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.userDetail });
      await onSuccess?.(...args);
    },
  });
};
