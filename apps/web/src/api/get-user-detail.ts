import { userDetailResponseSchema, type UserDetail } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getUserDetail = async (): Promise<UserDetail> =>
  (await api.get(`${USERS_API}/detail`, userDetailResponseSchema)).data;

export const userDetailQueryOptions = () => queryOptions({ queryKey: queryKeys.userDetail, queryFn: getUserDetail });

export const useUserDetail = () => useQuery(userDetailQueryOptions());
