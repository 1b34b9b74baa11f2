import { paymentsApi } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

export const getPaymentMethods = () => client(paymentsApi.paymentMethods);

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.paymentMethods, queryFn: getPaymentMethods, meta: { silentError: true } });

export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions());
