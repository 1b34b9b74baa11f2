import { messageSchema, type RegisterRequest } from '@fleetdeck/contract';
import { useMutation } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export const register = (body: RegisterRequest) => api.post(`${USERS_API}/register`, body, messageSchema);

export const useRegister = (config: MutationConfig<typeof register> = {}) =>
  useMutation({ ...config, mutationFn: register });
