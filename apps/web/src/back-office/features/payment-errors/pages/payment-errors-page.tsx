import { Code, Stack, Text } from '@mantine/core';
import { dateColumn } from '@/shared/components/columns';
import { STAFF_PAGE_SIZES, paymentErrorsQuerySchema, type PaymentErrorRow } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { useListQuery } from '@/shared/lib/list-search';
import { usePaymentErrors } from '../api/payment-errors';
import { CopyText } from '../../../components/copy-text';
import { EmailText } from '../../../components/payment-columns';
import { formatStaffDateTime } from '../../../lib/format';

const billingName = (row: PaymentErrorRow) => row.reqBody.error.payment_method?.billing_details.name ?? null;

const columns: DataTableColumn<PaymentErrorRow>[] = [
  {
    key: 'email',
    header: 'Email',
    width: 220,
    render: (row) => {
      const who = row.email ?? billingName(row);
      if (!who) return <Text size="sm">-</Text>;
      return (
        <Stack gap={0}>
          <CopyText value={who}>
            <Text size="sm">
              <EmailText email={who} />
            </Text>
          </CopyText>
          {row.email && billingName(row) ? (
            <Text size="xs" c="dimmed">
              Billing name: {billingName(row)}
            </Text>
          ) : null}
        </Stack>
      );
    },
  },
  {
    key: 'message',
    header: 'Message',
    render: (row) => (
      <Stack gap={2}>
        <Text size="sm">{row.message}</Text>
        {row.code ? <Code>{row.code}</Code> : null}
      </Stack>
    ),
  },
  dateColumn('created_at', 'Created On', 180, formatStaffDateTime),
];

/** Spec 3 "Payment errors": what the payment provider refused, newest first, 5 to 500 rows a page. */
export function PaymentErrorsPage() {
  const list = useListQuery(paymentErrorsQuerySchema, usePaymentErrors);
  return (
    <ListPage
      noun="payment errors"
      {...list}
      columns={columns}
      emptyMessage="No payment errors match these filters."
      minWidth={620}
      pageSizes={STAFF_PAGE_SIZES.wide}
      filters={[
        { kind: 'text', key: 'email', label: 'Email', placeholder: 'customer@example.com', maxLength: 254 },
        { kind: 'dateRange', from: 'from_date', to: 'to_date', label: 'Date' },
      ]}
    />
  );
}
