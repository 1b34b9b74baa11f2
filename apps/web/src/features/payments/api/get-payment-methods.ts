import { paymentMethodListResponseSchema } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import { PAYMENT_METHODS_QUERY_KEY } from './query-keys';

export const getPaymentMethods = () => api.get(`${USERS_API}/payment-method/list`, paymentMethodListResponseSchema);

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: PAYMENT_METHODS_QUERY_KEY, queryFn: getPaymentMethods, meta: { silentError: true } });

export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions());
