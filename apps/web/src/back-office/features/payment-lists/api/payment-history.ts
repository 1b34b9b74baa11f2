import { staffApi, type PaymentHistoryQuery, type PaymentHistorySearch } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { asQueryText } from './search-query';
import { downloadFile } from '@/shared/lib/download-file';

/** Payment history, payment errors and upcoming-expiry lists share this key (follow-ups refresh them). */
export const PAYMENT_LISTS_KEY = ['staff', 'payment-lists'] as const;

export const usePaymentHistory = (search: PaymentHistorySearch) =>
  useQuery({
    queryKey: [...PAYMENT_LISTS_KEY, 'history', search],
    queryFn: ({ signal }) =>
      client(staffApi.paymentHistory, { query: asQueryText(search) as PaymentHistoryQuery, signal }),
    placeholderData: keepPreviousData,
  });

/** Export CSV: the same filters, every page, as `payment-history.csv`. */
export const exportPaymentHistory = (search: PaymentHistorySearch) =>
  downloadFile(staffApi.paymentHistory, {
    query: {
      ...asQueryText({ ...search, page: undefined, limit: undefined, cursor: undefined }),
      isExportData: 'true',
    },
    fallbackName: 'payment-history.csv',
  });
