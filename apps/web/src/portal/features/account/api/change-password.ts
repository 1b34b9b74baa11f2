import { usersApi, type ChangePasswordRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

export const changePassword = (body: ChangePasswordRequest) => client(usersApi.changePassword, { body });

export const useChangePassword = (config: MutationConfig<typeof changePassword> = {}) =>
  useMutation({ ...config, mutationFn: changePassword });
