import { staffApi } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';

export const PAYMENT_DETAIL_KEY = ['staff', 'payments', 'detail'] as const;

/**
 * `payments/detail`: the payment, what remains of it, the prorated refund of `refundQty` seats and the most that may
 * be refunded for them (spec 3 §7), and every device such a refund choosing `refundDevices` would log out.
 */
export const usePaymentDetail = (id: string, refundQty: number | undefined, refundDevices: readonly string[] = []) =>
  useQuery({
    queryKey: [...PAYMENT_DETAIL_KEY, id, refundQty ?? null, refundDevices.join(',')],
    queryFn: ({ signal }) =>
      client(staffApi.paymentDetail, {
        query: {
          id,
          ...(refundQty ? { refundQty } : {}),
          ...(refundDevices.length > 0 ? { refundDevices: refundDevices.join(',') } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: id !== '',
  });
