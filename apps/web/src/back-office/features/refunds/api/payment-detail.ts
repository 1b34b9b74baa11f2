import { staffApi } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export const PAYMENT_DETAIL_KEY = ['staff', 'payments', 'detail'] as const;

/** `payments/detail`: the payment, what remains of it and the prorated refund of `refundQty` seats (spec 3 §7). */
export const usePaymentDetail = (id: string, refundQty: number | undefined) =>
  useQuery({
    queryKey: [...PAYMENT_DETAIL_KEY, id, refundQty ?? null],
    queryFn: ({ signal }) =>
      client(staffApi.paymentDetail, { query: { id, ...(refundQty ? { refundQty } : {}) }, signal }),
    placeholderData: keepPreviousData,
    enabled: id !== '',
  });
