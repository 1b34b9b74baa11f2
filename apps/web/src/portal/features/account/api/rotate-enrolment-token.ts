import { usersApi, type UserDetail } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** A new login QR code: the old one stops enrolling devices; enrolled devices keep working. */
export const rotateEnrolmentToken = () => client(usersApi.rotateEnrolmentToken);

export const useRotateEnrolmentToken = ({ onSuccess, ...config }: MutationConfig<typeof rotateEnrolmentToken> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: rotateEnrolmentToken,
    onSuccess: async (data, ...rest) => {
      // Show the new image at once; the refetch confirms it.
      queryClient.setQueryData<UserDetail>(queryKeys.userDetail, (old) =>
        old ? { ...old, loginQrCodeUrl: data.data.loginQrCodeUrl } : old,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.userDetail });
      await onSuccess?.(data, ...rest);
    },
  });
};
