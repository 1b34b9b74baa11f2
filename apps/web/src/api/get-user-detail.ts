import { userDetailResponseSchema, type UserDetail } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';

export const getUserDetail = async (): Promise<UserDetail> =>
  (await api.get(`${USERS_API}/detail`, userDetailResponseSchema)).data;

export const userDetailQueryKey = ['users', 'detail'] as const;

export const userDetailQueryOptions = () => queryOptions({ queryKey: userDetailQueryKey, queryFn: getUserDetail });

export const useUserDetail = () => useQuery(userDetailQueryOptions());
