import { usersApi, type ResetPasswordRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

export const resetPassword = (body: ResetPasswordRequest) => client(usersApi.resetPassword, { body });

export const useResetPassword = (config: MutationConfig<typeof resetPassword> = {}) =>
  useMutation({ ...config, mutationFn: resetPassword });
