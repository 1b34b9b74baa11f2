import { MutationCache, QueryCache, QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError, errorMessage, goToPaymentPage } from './api-client';
import { notifyError, notifySuccess } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error;
    queryMeta: {
      /** Do not toast a failure of this query (the page shows it inline, or it is optional). */
      silentError?: boolean;
      paymentPage?: PaymentPage;
    };
    mutationMeta: {
      /** Do not toast `respones_msg` of a success. */
      silentSuccess?: boolean;
      /** Do not toast a failure (the caller handles it, e.g. logout ignores errors). */
      silentError?: boolean;
      paymentPage?: PaymentPage;
    };
  }
}

const messageOf = (data: unknown): string | undefined => {
  if (data && typeof data === 'object' && 'respones_msg' in data) {
    const msg = (data as { respones_msg: unknown }).respones_msg;
    if (typeof msg === 'string' && msg.trim()) return msg;
  }
  return undefined;
};

/**
 * The page a `redirectToPaymentPage: 1` failure of a call leads to (spec 2 §8): the plans page unless the call's
 * `meta.paymentPage` names another (e.g. the Power Chat seats to buy). Without one the app's handler picks its
 * default (`setPaymentRequiredHandler`; the portal's is its plans page).
 */
export type PaymentPage = (error: ApiError) => string;

const toPaymentPage = (error: Error, paymentPage: PaymentPage | undefined) => {
  if (error instanceof ApiError && error.redirectToPaymentPage) {
    goToPaymentPage(paymentPage ? paymentPage(error) : undefined);
  }
};

const shouldRetry = (failureCount: number, error: Error): boolean => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
};

/**
 * Every successful mutation toasts the server's `respones_msg` in green (2000 ms);
 * every failure toasts it in red (spec 1 §8), and a `redirectToPaymentPage` failure goes to the payment page.
 */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        toPaymentPage(error, query.meta?.paymentPage);
        if (query.meta?.silentError) return;
        notifyError(errorMessage(error));
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: (data, _variables, _result, mutation) => {
        if (mutation.meta?.silentSuccess) return;
        const msg = messageOf(data);
        if (msg) notifySuccess(msg);
      },
      onError: (error, _variables, _result, mutation) => {
        toPaymentPage(error, mutation.meta?.paymentPage);
        if (mutation.meta?.silentError) return;
        notifyError(errorMessage(error));
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });

type AnyApiFn = (...args: never[]) => Promise<unknown>;

/** Options a feature hook accepts for its mutation (bulletproof-react style). */
export type MutationConfig<F extends AnyApiFn> = Omit<
  UseMutationOptions<Awaited<ReturnType<F>>, Error, Parameters<F>[0]>,
  'mutationFn'
>;
