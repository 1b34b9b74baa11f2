import { staffApi, type PaymentErrorsQuery, type PaymentErrorsSearch } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { PAYMENT_LISTS_KEY } from '@/back-office/api/payment-lists-key';
import { asQueryText } from '../../../api/search-query';

export const usePaymentErrors = (search: PaymentErrorsSearch) =>
  useQuery({
    queryKey: [...PAYMENT_LISTS_KEY, 'errors', search],
    queryFn: ({ signal }) =>
      client(staffApi.paymentErrors, { query: asQueryText(search) as PaymentErrorsQuery, signal }),
    placeholderData: keepPreviousData,
  });
