import { staffApi, type PaymentHistoryQuery, type PaymentHistorySearch } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { asQueryText } from '../../../api/search-query';
import { downloadFile } from '@/shared/lib/download-file';
import { PAYMENT_LISTS_KEY } from '@/back-office/api/payment-lists-key';

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
