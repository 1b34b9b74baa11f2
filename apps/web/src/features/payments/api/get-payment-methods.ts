import { paymentMethodListResponseSchema } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, USERS_API } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getPaymentMethods = () => api.get(`${USERS_API}/payment-method/list`, paymentMethodListResponseSchema);

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.paymentMethods, queryFn: getPaymentMethods, meta: { silentError: true } });

export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions());
