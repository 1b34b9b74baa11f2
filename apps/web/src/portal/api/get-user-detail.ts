import { usersApi, type UserDetail } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

export const getUserDetail = async (): Promise<UserDetail> => (await client(usersApi.detail)).data;

export const userDetailQueryOptions = () => queryOptions({ queryKey: queryKeys.userDetail, queryFn: getUserDetail });

export const useUserDetail = () => useQuery(userDetailQueryOptions());
