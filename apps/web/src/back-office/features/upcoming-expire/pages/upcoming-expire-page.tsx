import { upcomingExpireQuerySchema, type StaffPaymentRow } from '@fleetdeck/contract/staff';
import { Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ListPage } from '@/shared/components/list-page';
import { useListQuery } from '@/shared/lib/list-search';
import { useUpcomingExpire } from '../api/upcoming-expire';
import { useCountWhatsappRedirect } from '../../../api/whatsapp-count';
import { paymentColumns } from '../../../components/payment-columns';
import { SendEmailModal } from '../../../components/send-email-modal';

/** Spec 3 "Upcoming-expiry payments": Success payments whose seats expire in the next 30 days, soonest first. */
export function UpcomingExpirePage() {
  const list = useListQuery(upcomingExpireQuerySchema, useUpcomingExpire);
  const whatsapp = useCountWhatsappRedirect();
  const [emailing, setEmailing] = useState<StaffPaymentRow | null>(null);
  const columns = useMemo(
    () => paymentColumns({ onEmail: setEmailing, onWhatsapp: (row) => whatsapp.mutate(row.userId._id) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `mutate` is stable.
    [],
  );
  return (
    <ListPage
      label="Upcoming expiry payments"
      noun="upcoming expiries"
      {...list}
      columns={columns}
      emptyMessage="No payment expires in the next 30 days."
      minWidth={1220}
      header={
        <Text size="sm" c="dimmed">
          Successful payments whose licences expire in the next 30 days, soonest first.
        </Text>
      }
      filters={[
        { kind: 'text', key: 'email', label: 'Email', placeholder: 'customer@example.com', maxLength: 254 },
        { kind: 'switch', key: 'isOfflinePayment', label: 'Offline Payments' },
      ]}
    >
      <SendEmailModal row={emailing} onClose={() => setEmailing(null)} />
    </ListPage>
  );
}
