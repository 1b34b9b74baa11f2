import type { QueryClient } from '@tanstack/react-query';
import { userDetailQueryKey } from '@/api/get-user-detail';

/** Prefix of every payments query (plans, price detail, history). */
export const PAYMENTS_QUERY_KEY = ['payments'] as const;
export const PAYMENT_METHODS_QUERY_KEY = ['users', 'payment-methods'] as const;

/**
 * After a payment: plans (seats, expiry), history, the dashboard and the licence summary (banner) change.
 * Dashboard and licence queries are owned by other features; they key under 'dashboard' and 'licences'.
 */
export const invalidateAfterPayment = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: PAYMENTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['licences'] }),
    queryClient.invalidateQueries({ queryKey: userDetailQueryKey }),
  ]);
