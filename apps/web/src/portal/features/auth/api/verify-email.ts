import { usersApi, type VerifyEmailRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

export const verifyEmail = (body: VerifyEmailRequest) => client(usersApi.verifyEmail, { body });

export const useVerifyEmail = (config: MutationConfig<typeof verifyEmail> = {}) =>
  useMutation({ ...config, mutationFn: verifyEmail });
