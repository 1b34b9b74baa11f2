import { plansApi } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** `GET payments/price/detail?id=`: the plan (by `_id` or identifier), the default card and the account email. */
export const getPriceDetail = (id: string) => client(plansApi.priceDetail, { query: { id } });

export const priceDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.payments, 'price-detail', id],
    queryFn: () => getPriceDetail(id),
    enabled: Boolean(id),
    meta: { silentError: true },
  });

export const usePriceDetail = (id: string) => useQuery(priceDetailQueryOptions(id));
