import { tokenResponseSchema, type VerifyOtpRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export const verifyOtp = (body: VerifyOtpRequest) => api.post(`${USERS_API}/verify-otp`, body, tokenResponseSchema);

export const useVerifyOtp = (config: MutationConfig<typeof verifyOtp> = {}) =>
  useMutation({ ...config, mutationFn: verifyOtp });
