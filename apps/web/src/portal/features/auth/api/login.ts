import { usersApi, type LoginRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

export const login = (body: LoginRequest) => client(usersApi.login, { body });

export const useLogin = (config: MutationConfig<typeof login> = {}) => useMutation({ ...config, mutationFn: login });
