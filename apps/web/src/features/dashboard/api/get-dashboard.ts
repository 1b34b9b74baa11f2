import { dashboardResponseSchema, type Dashboard } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET dashboard` (spec 1 §3 dashboard data, §7). */
export const getDashboard = async (): Promise<Dashboard> =>
  (await api.get('/api/v1/admin/dashboard', dashboardResponseSchema)).data;

export const dashboardQueryKey = ['dashboard'] as const;

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: getDashboard,
    // The page shows the failure inline with a retry.
    meta: { silentError: true },
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
