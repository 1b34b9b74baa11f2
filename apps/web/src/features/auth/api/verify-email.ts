import { messageSchema, type VerifyEmailRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export const verifyEmail = (body: VerifyEmailRequest) => api.post(`${USERS_API}/verify/email`, body, messageSchema);

export const useVerifyEmail = (config: MutationConfig<typeof verifyEmail> = {}) =>
  useMutation({ ...config, mutationFn: verifyEmail });
