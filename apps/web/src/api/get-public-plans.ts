import { plansApi, type PublicPlansResponse } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export type PublicPlans = PublicPlansResponse['data'];

/** `GET pricing` (public, no session): the Active plans without any customer's seats. */
export const getPublicPlans = async (): Promise<PublicPlans> => (await client(plansApi.pricing)).data;

export const publicPlansQueryOptions = () =>
  queryOptions({
    queryKey: ['pricing'],
    queryFn: getPublicPlans,
    staleTime: 5 * 60_000,
    // The page shows the failure inline with a retry.
    meta: { silentError: true },
  });

export const usePublicPlans = () => useQuery(publicPlansQueryOptions());
