import { licencesApi, type Dashboard } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** `GET dashboard` (spec 1 §3 dashboard data, §7). */
export const getDashboard = async (): Promise<Dashboard> => (await client(licencesApi.dashboard)).data;

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboard,
    queryFn: getDashboard,
    // The page shows the failure inline with a retry.
    meta: { silentError: true },
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
