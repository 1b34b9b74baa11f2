import { Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import type { StaffPaymentRow } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/components/data-table';
import { formatPaymentEuro, formatStaffDateTime, methodLabel, whatsappHref } from '../format';
import { CopyText } from './copy-text';

const STATUS_COLOR: Record<string, string> = { Success: 'green', Failed: 'red', Pending: 'yellow', Refunded: 'grape' };

const typeLabel = (row: StaffPaymentRow) => (row.subscriptionType === 'recurring' ? 'Subscription' : 'Onetime');

function WhatsappLink({ row, onOpen }: { row: StaffPaymentRow; onOpen: (row: StaffPaymentRow) => void }) {
  const href = whatsappHref(row.userId.phone_number);
  if (!href) return <Text size="sm">-</Text>;
  return (
    <Tooltip label={`WhatsApp ${row.userId.phone_number}`} withArrow>
      <Anchor
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        c="green.8"
        onClick={() => onOpen(row)}
        aria-label={`WhatsApp ${row.email}`}
      >
        <Group gap={4} wrap="nowrap">
          <IconBrandWhatsapp size={18} />
          <Text span size="xs" c="dimmed">
            {row.userId.whatsappRedirectCount}
          </Text>
        </Group>
      </Anchor>
    </Tooltip>
  );
}

/**
 * The columns of the payment history and the upcoming-expiry list (spec 3 "Payment history"): name/email with a
 * copy icon (a failed row's email opens the Send Email modal and shows the follow-ups sent), type, qty with method,
 * amount in euro with the coupon, status with the message or the provider's error code, WhatsApp for failed rows,
 * expiry and creation.
 */
export function paymentColumns({
  onEmail,
  onWhatsapp,
}: {
  onEmail: (row: StaffPaymentRow) => void;
  onWhatsapp: (row: StaffPaymentRow) => void;
}): DataTableColumn<StaffPaymentRow>[] {
  return [
    {
      key: 'email',
      header: 'Name / Email',
      width: 250,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600} lineClamp={1}>
            {row.userId.name || '-'}
          </Text>
          <CopyText value={row.email}>
            {row.status === 'Failed' ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => onEmail(row)}
                style={{ wordBreak: 'break-all', textAlign: 'left' }}
              >
                {row.email}
              </Anchor>
            ) : (
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {row.email}
              </Text>
            )}
          </CopyText>
          {row.status === 'Failed' ? (
            <Text size="xs" c="dimmed">
              Follow-up emails: {row.failedEmailFollowupCount}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      width: 130,
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm">{typeLabel(row)}</Text>
          {row.isOfflinePayment ? (
            <Badge size="xs" variant="outline" color="gray">
              Offline
            </Badge>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'qty',
      header: 'Qty',
      width: 170,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">
            {row.qty} × {row.productName}
          </Text>
          <Text size="xs" c="dimmed" tt="capitalize">
            {methodLabel(row.paymentMethod)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      width: 120,
      align: 'right',
      render: (row) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatPaymentEuro(row.totalAmount)}
          </Text>
          {row.coupon ? (
            <Text size="xs" c="dimmed">
              Coupon {row.coupon}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 200,
      render: (row) => {
        const code = row.paymentIntent.last_payment_error?.code;
        return (
          <Stack gap={2}>
            <Badge color={STATUS_COLOR[row.status] ?? 'gray'} variant="light">
              {row.status}
            </Badge>
            {row.status !== 'Success' && (row.message || code) ? (
              <Text size="xs" c="dimmed">
                {row.message ?? ''}
                {code ? ` (${code})` : ''}
              </Text>
            ) : null}
            {row.refundBy ? (
              <Text size="xs" c="dimmed">
                Refund by {row.refundBy}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    {
      key: 'whatsapp',
      header: 'WhatsApp',
      width: 100,
      render: (row) => (row.status === 'Failed' ? <WhatsappLink row={row} onOpen={onWhatsapp} /> : null),
    },
    {
      key: 'expiryAt',
      header: 'Expiry At',
      width: 170,
      render: (row) => <Text size="sm">{formatStaffDateTime(row.expiryAt)}</Text>,
    },
    {
      key: 'created_at',
      header: 'Created On',
      width: 170,
      render: (row) => <Text size="sm">{formatStaffDateTime(row.created_at)}</Text>,
    },
  ];
}
