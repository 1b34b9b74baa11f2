import { dashboardResponseSchema, type Dashboard } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET dashboard` (spec 1 §3 dashboard data, §7). */
export const getDashboard = async (): Promise<Dashboard> =>
  (await api.get('/api/v1/admin/dashboard', dashboardResponseSchema)).data;

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboard,
    queryFn: getDashboard,
    // The page shows the failure inline with a retry.
    meta: { silentError: true },
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
