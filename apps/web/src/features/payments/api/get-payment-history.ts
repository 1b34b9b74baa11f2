import { paymentHistoryResponseSchema } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, PAYMENTS_API } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface PaymentHistoryParams {
  priceId?: string;
  page: number;
  limit: number;
}

export const getPaymentHistory = ({ priceId, page, limit }: PaymentHistoryParams) =>
  api.get(`${PAYMENTS_API}/history`, paymentHistoryResponseSchema, { query: { priceId, page, limit } });

export const paymentHistoryQueryOptions = (params: PaymentHistoryParams) =>
  queryOptions({
    queryKey: [...queryKeys.payments, 'history', params],
    queryFn: () => getPaymentHistory(params),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });

export const usePaymentHistory = (params: PaymentHistoryParams) => useQuery(paymentHistoryQueryOptions(params));
