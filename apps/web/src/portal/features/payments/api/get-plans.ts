import { plansApi, type Plan } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

export const getPlans = async () => (await client(plansApi.list)).data;

export const plansQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.payments, 'plans'], queryFn: getPlans, meta: { silentError: true } });

export const usePlans = () => useQuery(plansQueryOptions());

export type { Plan };
