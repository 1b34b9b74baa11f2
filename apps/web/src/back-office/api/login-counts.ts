import { staffApi } from '@fleetdeck/contract/staff';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';

/** The browser's zone: "today", the week days and the months of the dashboard are the staff member's own. */
export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export type HasErrorFilter = 'true' | 'false' | undefined;

const countsQuery = (hasError: HasErrorFilter) => ({ hasError, timeZone: browserTimeZone() });

export const todayLoginsQueryOptions = (hasError: HasErrorFilter) =>
  queryOptions({
    queryKey: ['staff', 'dashboard', 'today', hasError],
    queryFn: async () => (await client(staffApi.loginDashboard, { query: countsQuery(hasError) })).data,
  });

export const weekLoginsQueryOptions = (hasError: HasErrorFilter) =>
  queryOptions({
    queryKey: ['staff', 'dashboard', 'week', hasError],
    queryFn: async () => (await client(staffApi.weekWiseLogin, { query: countsQuery(hasError) })).data,
  });

export const monthLoginsQueryOptions = (hasError: HasErrorFilter) =>
  queryOptions({
    queryKey: ['staff', 'dashboard', 'month', hasError],
    queryFn: async () => (await client(staffApi.monthWiseLogin, { query: countsQuery(hasError) })).data,
  });

export const useTodayLogins = (hasError: HasErrorFilter) => useQuery(todayLoginsQueryOptions(hasError));
export const useWeekLogins = (hasError: HasErrorFilter) => useQuery(weekLoginsQueryOptions(hasError));
export const useMonthLogins = (hasError: HasErrorFilter) => useQuery(monthLoginsQueryOptions(hasError));

/** The dashboard's Source filter as its URL carries it (`?hasError=true|false`, anything else: all records). */
export const hasErrorFilterOf = (value: string | null): HasErrorFilter =>
  value === 'true' || value === 'false' ? value : undefined;

/**
 * The route's `prefetch` (routes.tsx): on a first visit the three counts start loading beside the page's chunk, with
 * the keys and the filter the page asks with.
 */
export function prefetchLoginCounts(queryClient: QueryClient, search: URLSearchParams) {
  const hasError = hasErrorFilterOf(search.get('hasError'));
  void queryClient.prefetchQuery(todayLoginsQueryOptions(hasError));
  void queryClient.prefetchQuery(weekLoginsQueryOptions(hasError));
  void queryClient.prefetchQuery(monthLoginsQueryOptions(hasError));
}
