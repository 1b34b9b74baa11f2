import { usersApi, type RegisterRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

export const register = (body: RegisterRequest) => client(usersApi.register, { body });

export const useRegister = (config: MutationConfig<typeof register> = {}) =>
  useMutation({ ...config, mutationFn: register });
