import { usersApi, type VerifyOtpRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export const verifyOtp = (body: VerifyOtpRequest) => client(usersApi.verifyOtp, { body });

export const useVerifyOtp = (config: MutationConfig<typeof verifyOtp> = {}) =>
  useMutation({ ...config, mutationFn: verifyOtp });
