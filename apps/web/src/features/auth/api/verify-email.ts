import { usersApi, type VerifyEmailRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export const verifyEmail = (body: VerifyEmailRequest) => client(usersApi.verifyEmail, { body });

export const useVerifyEmail = (config: MutationConfig<typeof verifyEmail> = {}) =>
  useMutation({ ...config, mutationFn: verifyEmail });
