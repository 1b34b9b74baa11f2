import { messageSchema, type ResetPasswordRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export const resetPassword = (body: ResetPasswordRequest) =>
  api.post(`${USERS_API}/reset-password`, body, messageSchema);

export const useResetPassword = (config: MutationConfig<typeof resetPassword> = {}) =>
  useMutation({ ...config, mutationFn: resetPassword });
