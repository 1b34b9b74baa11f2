import { messageSchema, type ForgetPasswordRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export const sendForgetPasswordLink = (body: ForgetPasswordRequest) =>
  api.post(`${USERS_API}/send-forget-password-link`, body, messageSchema);

export const useSendForgetPasswordLink = (config: MutationConfig<typeof sendForgetPasswordLink> = {}) =>
  useMutation({ ...config, mutationFn: sendForgetPasswordLink });
