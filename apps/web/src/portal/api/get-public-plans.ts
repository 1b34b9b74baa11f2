import { plansApi, type PublicPlansResponse } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';

export type PublicPlans = PublicPlansResponse['data'];

/** `GET pricing` (public, no session): the Active plans without any customer's seats, and the visitor's local prices. */
export const getPublicPricing = (): Promise<PublicPlansResponse> => client(plansApi.pricing);
export const getPublicPlans = async (): Promise<PublicPlans> => (await getPublicPricing()).data;

export const publicPlansQueryOptions = () =>
  queryOptions({
    queryKey: ['pricing'],
    queryFn: getPublicPricing,
    staleTime: 5 * 60_000,
    // The page shows the failure inline with a retry.
    meta: { silentError: true },
  });

export const usePublicPlans = () => useQuery({ ...publicPlansQueryOptions(), select: (answer) => answer.data });

/**
 * The visitor's local prices and coupon by their country (DECISIONS §8, §9), from the same answer: null when their
 * country has no currency rule.
 */
export const useLocalPricing = () =>
  useQuery({ ...publicPlansQueryOptions(), select: (answer) => answer.localPricing ?? null });
