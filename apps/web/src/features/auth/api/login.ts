import { loginResponseSchema, type LoginRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export const login = (body: LoginRequest) => api.post(`${USERS_API}/login`, body, loginResponseSchema);

export const useLogin = (config: MutationConfig<typeof login> = {}) => useMutation({ ...config, mutationFn: login });
