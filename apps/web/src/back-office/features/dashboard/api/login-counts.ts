import { staffApi } from '@fleetdeck/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

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

export const useTodayLogins = (hasError: HasErrorFilter) =>
  useQuery({
    queryKey: ['staff', 'dashboard', 'today', hasError],
    queryFn: async () => (await client(staffApi.loginDashboard, { query: countsQuery(hasError) })).data,
  });

export const useWeekLogins = (hasError: HasErrorFilter) =>
  useQuery({
    queryKey: ['staff', 'dashboard', 'week', hasError],
    queryFn: async () => (await client(staffApi.weekWiseLogin, { query: countsQuery(hasError) })).data,
  });

export const useMonthLogins = (hasError: HasErrorFilter) =>
  useQuery({
    queryKey: ['staff', 'dashboard', 'month', hasError],
    queryFn: async () => (await client(staffApi.monthWiseLogin, { query: countsQuery(hasError) })).data,
  });
