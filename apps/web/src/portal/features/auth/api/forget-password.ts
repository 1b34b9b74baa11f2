import { usersApi, type ForgetPasswordRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

export const sendForgetPasswordLink = (body: ForgetPasswordRequest) =>
  client(usersApi.sendForgetPasswordLink, { body });

export const useSendForgetPasswordLink = (config: MutationConfig<typeof sendForgetPasswordLink> = {}) =>
  useMutation({ ...config, mutationFn: sendForgetPasswordLink });
