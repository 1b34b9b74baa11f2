import { paymentHistoryQuerySchema, type PaymentHistoryRow } from '@fleetdeck/contract';
import { Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBrandAlipay, IconBrandPaypal, IconBrandWechat } from '@tabler/icons-react';
import { Link } from 'react-router';
import { brandLabel, PaymentBrandIcon } from '@/portal/components/card-entry';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { PaymentDocuments, refundedText } from '@/shared/components/payment-documents';
import { paths } from '@/portal/config/paths';
import { formatDate, formatDateTime, formatEuro, isPast } from '@/shared/lib/format';
import { useListSearch } from '@/shared/lib/list-search';
import { customerDocuments } from '../api/download-documents';
import { usePaymentHistory } from '../api/get-payment-history';

const WALLETS = ['google_pay', 'apple_pay', 'link'] as const;
const WALLET_LABELS: Record<string, string> = { google_pay: 'Google Pay', apple_pay: 'Apple Pay', link: 'Link' };

/** How a payment was paid: PayPal, WeChatPay, Alipay, a wallet icon, or card brand and last 4. */
function PaymentMethodCell({ method }: { method: PaymentHistoryRow['paymentMethod'] }) {
  if (!method) return null;
  const type = method.type.toLowerCase();
  const wallet =
    method.card?.wallet?.type?.toLowerCase() ?? ((WALLETS as readonly string[]).includes(type) ? type : null);
  if (type === 'paypal') {
    return (
      <Group gap={4} wrap="nowrap">
        <IconBrandPaypal size={16} aria-hidden />
        <Text size="xs">PayPal</Text>
      </Group>
    );
  }
  if (type === 'wechat_pay') {
    return (
      <Group gap={4} wrap="nowrap">
        <IconBrandWechat size={16} aria-hidden />
        <Text size="xs">WeChatPay</Text>
      </Group>
    );
  }
  if (type === 'alipay') {
    return (
      <Group gap={4} wrap="nowrap">
        <IconBrandAlipay size={16} aria-hidden />
        <Text size="xs">Alipay</Text>
      </Group>
    );
  }
  if (wallet) {
    const label = WALLET_LABELS[wallet] ?? wallet;
    return (
      <Tooltip label={label} withArrow>
        <Group gap={4} wrap="nowrap" aria-label={label} role="img">
          <PaymentBrandIcon brand={wallet} size={18} />
        </Group>
      </Tooltip>
    );
  }
  if (method.card) {
    return (
      <Group gap={4} wrap="nowrap">
        <PaymentBrandIcon brand={method.card.brand} size={16} />
        <Text size="xs">{`${brandLabel(method.card.brand)} •••• ${method.card.last4}`}</Text>
      </Group>
    );
  }
  return <Text size="xs">{method.type}</Text>;
}

function StatusCell({ row }: { row: PaymentHistoryRow }) {
  if (row.status === 'Success') return <Badge color="green">Success</Badge>;
  if (row.status === 'Failed') {
    const badge = <Badge color="red">Failed</Badge>;
    return (
      <Stack gap={2} align="flex-start">
        {row.message ? (
          <Tooltip label={row.message} withArrow multiline maw={280}>
            {badge}
          </Tooltip>
        ) : (
          badge
        )}
        {row.message ? (
          <Text size="xs" c="red" maw={220}>
            {row.message}
          </Text>
        ) : null}
      </Stack>
    );
  }
  return <Badge color="brand">{row.status}</Badge>;
}

const COLUMNS: DataTableColumn<PaymentHistoryRow>[] = [
  {
    key: 'name',
    header: 'Name',
    width: 200,
    render: (row) => (
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {row.productName}
        </Text>
        <PaymentMethodCell method={row.paymentMethod} />
      </Stack>
    ),
  },
  {
    key: 'type',
    header: 'Type',
    width: 140,
    render: (row) => (
      <Stack gap={2}>
        <Text size="sm">{row.subscriptionType === 'recurring' ? 'Recurring' : 'Onetime'}</Text>
        {row.subscriptionReason ? (
          <Text size="xs" c="dimmed">
            {row.subscriptionReason}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'qty',
    header: 'Qty',
    width: 120,
    render: (row) => (
      <Stack gap={4} align="flex-start">
        <Text size="sm">{`${row.qty} Licence`}</Text>
        <Badge variant="light" size="sm">
          {row.priceId.identifier}
        </Badge>
      </Stack>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    width: 200,
    render: (row) => (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {formatEuro(row.totalAmount)}
          {refundedText(row) ? <Text span size="sm" fw={400} c="grape.8">{` — ${refundedText(row)}`}</Text> : null}
        </Text>
        {row.refundedQty > 0 ? (
          <Text size="xs" c="dimmed">
            {`${row.refundedQty} of ${row.qty} seat(s) refunded`}
          </Text>
        ) : null}
        {row.coupon ? (
          <Text size="xs" c="dimmed">
            {`CouponCode : ${row.coupon}`}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { key: 'status', header: 'Status', width: 150, render: (row) => <StatusCell row={row} /> },
  {
    key: 'expiry',
    header: 'Expiry At',
    width: 130,
    render: (row) =>
      row.expiryAt ? (
        <Stack gap={4} align="flex-start">
          <Text size="sm">{formatDate(row.expiryAt)}</Text>
          {isPast(row.expiryAt) ? (
            <Badge color="red" variant="light" size="sm">
              Expired
            </Badge>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm">-</Text>
      ),
  },
  {
    key: 'documents',
    header: 'Invoice',
    width: 170,
    render: (row) => <PaymentDocuments row={row} downloads={customerDocuments} />,
  },
  {
    key: 'created',
    header: 'Created On',
    width: 150,
    render: (row) => <Text size="sm">{formatDateTime(row.created_at)}</Text>,
  },
];

export function PaymentHistoryPage() {
  const list = useListSearch(paymentHistoryQuerySchema);
  const { priceId } = list.query;
  const history = usePaymentHistory(list.query);

  return (
    <ListPage
      label="Payment history"
      search={list}
      result={history}
      columns={COLUMNS}
      errorTitle="The payment history could not load"
      minWidth={1180}
      header={
        priceId ? (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {`Showing the payments of plan ${history.data?.data[0]?.priceId.name ?? ''}`.trim()}
            </Text>
            <Anchor component={Link} to={paths.portal.paymentHistory.getHref()} size="sm">
              Show all payments
            </Anchor>
          </Group>
        ) : null
      }
    />
  );
}
