import { Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import type { StaffPaymentRow } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { PaymentDocuments, refundedText } from '@/shared/components/payment-documents';
import { staffDocuments } from '../api/payment-documents';
import { formatPaymentEuro, methodLabel, staffDateTimeParts, whatsappHref } from '../lib/format';
import { CopyText } from './copy-text';

const STATUS_COLOR: Record<string, string> = { Success: 'green', Failed: 'red', Pending: 'yellow', Refunded: 'grape' };

/** An email that wraps after its `@` first, anywhere else only when it must. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}

/** Fits "28 Nov 2026" (the date line of `DateTimeCell`) with the cell's padding: at 100 px it was cut (issue 24). */
export const DATE_TIME_WIDTH = 120;

/** 'DD Mon YYYY HH:MM:SS' on two lines, so the date columns stay narrow. */
export function DateTimeCell({ value }: { value: string | null }) {
  const parts = staffDateTimeParts(value);
  if (!parts) return <Text size="sm">-</Text>;
  return (
    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {parts[0]}
      <br />
      <Text span size="xs" c="dimmed" inherit={false}>
        {parts[1]}
      </Text>
    </Text>
  );
}

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
 * amount in euro with the coupon and what was refunded, the invoice and credit notes (PDF), the provider's payment id
 * and the offline note, status with the message or the provider's error code, WhatsApp for failed rows,
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
      width: 220,
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
                style={{ textAlign: 'left' }}
              >
                <EmailText email={row.email} />
              </Anchor>
            ) : (
              <Text size="sm">
                <EmailText email={row.email} />
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
      width: 95,
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
      width: 150,
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
      width: 100,
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
          {refundedText(row) ? (
            <Text size="xs" c="grape.8" ta="right">
              {`${refundedText(row)} (${row.refundedQty} seat${row.refundedQty === 1 ? '' : 's'})`}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'documents',
      header: 'Invoice',
      width: 150,
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <PaymentDocuments row={row} downloads={staffDocuments} />
          {row.providerPaymentId ? (
            <CopyText value={row.providerPaymentId}>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.providerPaymentId}
              </Text>
            </CopyText>
          ) : null}
          {row.note ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Note: {row.note}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 160,
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
      width: 80,
      render: (row) => (row.status === 'Failed' ? <WhatsappLink row={row} onOpen={onWhatsapp} /> : null),
    },
    {
      key: 'expiryAt',
      header: 'Expiry At',
      width: DATE_TIME_WIDTH,
      render: (row) => <DateTimeCell value={row.expiryAt} />,
    },
    {
      key: 'created_at',
      header: 'Created On',
      width: DATE_TIME_WIDTH,
      render: (row) => <DateTimeCell value={row.created_at} />,
    },
  ];
}
