import { licencesApi, type LicenceSummaryResponse } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** `GET licences/summary`: seats per family and whether any family uses more than it bought (red banner). */
export const getLicenceSummary = (): Promise<LicenceSummaryResponse> => client(licencesApi.summary);

export const licenceSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.licenceSummary,
    queryFn: getLicenceSummary,
    staleTime: 60_000,
    // The banner is a hint: a failure must not toast on every page of the shell.
    meta: { silentError: true },
  });

export const useLicenceSummary = () => useQuery(licenceSummaryQueryOptions());
