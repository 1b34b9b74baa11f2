import { PAYMENT_METHOD_TYPES, paymentHistoryQuerySchema, type StaffPaymentRow } from '@fleetdeck/contract/staff';
import { useMemo, useState } from 'react';
import { allSelect, ListPage } from '@/shared/components/list-page';
import { useListQuery } from '@/shared/lib/list-search';
import { exportPaymentHistory, usePaymentHistory } from '../api/payment-history';
import { useCountWhatsappRedirect } from '../../../api/whatsapp-count';
import { paymentColumns } from '../../../components/payment-columns';
import { SendEmailModal } from '../../../components/send-email-modal';

const ALL = { value: 'All', label: 'All' };

/**
 * Spec 3 "Payment history": every payment across customers with its filters (the coupon comes prefilled from
 * `?coupon=`), Export CSV, and the follow-ups of failed rows (Send Email, WhatsApp). No date is preset, so the
 * coupons page's counts and the history it links to agree.
 */
export function PaymentHistoryPage() {
  const list = useListQuery(paymentHistoryQuerySchema, usePaymentHistory);
  const whatsapp = useCountWhatsappRedirect();
  const [emailing, setEmailing] = useState<StaffPaymentRow | null>(null);
  const columns = useMemo(
    () => paymentColumns({ onEmail: setEmailing, onWhatsapp: (row) => whatsapp.mutate(row.userId._id) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `mutate` is stable.
    [],
  );
  const products = [
    ALL,
    ...(list.result.data?.pricing ?? []).map((p) => ({ value: p.identifier, label: `${p.name} (${p.identifier})` })),
  ];
  return (
    <ListPage
      noun="payment history"
      {...list}
      columns={columns}
      emptyMessage="No payments match these filters."
      onExportCsv={() => exportPaymentHistory(list.search.query)}
      filters={[
        { kind: 'text', key: 'email', label: 'Email', placeholder: 'customer@example.com', maxLength: 254 },
        {
          kind: 'text',
          key: 'coupon',
          label: 'Coupon',
          placeholder: 'SPRING10',
          maxLength: 64,
          w: { base: '100%', xs: 160 },
        },
        { kind: 'dateRange', from: 'from_date', to: 'to_date', label: 'Date' },
        allSelect(
          'subscriptionType',
          'Type',
          [ALL, { value: 'recurring', label: 'Subscription' }, { value: 'one_time', label: 'Onetime' }],
          150,
        ),
        allSelect(
          'paymentMethodType',
          'Payment Method',
          [ALL, ...PAYMENT_METHOD_TYPES.map((m) => ({ value: m, label: m }))],
          160,
        ),
        allSelect(
          'status',
          'Status',
          [ALL, { value: 'Success', label: 'Success' }, { value: 'Failed', label: 'Failed' }],
          130,
        ),
        allSelect('priceId', 'Product Name', products, 240, { searchable: true }),
        { kind: 'switch', key: 'zeroSuccessPayment', label: '0 Success Payments' },
      ]}
    >
      <SendEmailModal row={emailing} onClose={() => setEmailing(null)} />
    </ListPage>
  );
}
