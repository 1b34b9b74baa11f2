import { messageSchema, type ChangePasswordRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export const changePassword = (body: ChangePasswordRequest) =>
  api.post(`${USERS_API}/change-password`, body, messageSchema);

export const useChangePassword = (config: MutationConfig<typeof changePassword> = {}) =>
  useMutation({ ...config, mutationFn: changePassword });
