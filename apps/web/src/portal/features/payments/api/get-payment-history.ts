import { paymentsApi, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

export type PaymentHistoryParams = EndpointQueryOut<typeof paymentsApi.history>;

/** `GET payments/history?priceId&page&limit`: the customer's payments, newest first, paged on the server. */
export const getPaymentHistory = ({ priceId, page, limit }: PaymentHistoryParams) =>
  client(paymentsApi.history, { query: { priceId, page, limit } });

export const paymentHistoryQueryOptions = (params: PaymentHistoryParams) =>
  queryOptions({
    queryKey: [...queryKeys.payments, 'history', params],
    queryFn: () => getPaymentHistory(params),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });

export const usePaymentHistory = (params: PaymentHistoryParams) => useQuery(paymentHistoryQueryOptions(params));
