import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  MAX_OFFLINE_AMOUNT,
  MAX_STAFF_QTY,
  offlinePaymentRequestSchema,
  type CustomerPayment,
  type OfflinePaymentRequest,
  type OfflinePrice,
} from '@fleetdeck/contract/staff';
import { moneyColumn, statusColumn, twoLineColumn } from '@/shared/components/columns';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/shared/components/data-table';
import { QueryError } from '@/shared/components/query-view';
import { checkNumber, NumberField } from '@/shared/components/number-field';
import { PageLoader } from '@/shared/components/page-loader';
import { useContractForm } from '@/shared/lib/form';
import { formatDate, formatDateTime, formatEuro } from '@/shared/lib/format';
import { staffPaths } from '../../../app/paths';
import { LoginAsLink } from '../../../components/login-as-link';
import { useCustomerDetail } from '../api/customer-detail';
import { useCreateOfflinePayment } from '../api/offline-payment';
import { useSubscriptionSeats } from '../api/subscription-detail';
import { canUse } from '../components/can-use';
import { EditSeatsDialog, SEAT_RULES } from '../components/edit-seats-dialog';
import { MembersCard } from '../components/members-card';

/** The refund page (spec 3 "Refund"): `id` = the payment, `customerId` to come back here. */
export const refundHref = (paymentId: string, customerId: string) =>
  `/admin-customer-refund-payment?${new URLSearchParams({ id: paymentId, customerId }).toString()}`;

const STATUS_COLOR: Record<string, string> = {
  Success: 'green',
  'Partially refunded': 'orange',
  Failed: 'red',
  Pending: 'yellow',
  Refunded: 'gray',
};

/** Seats can be edited and refunded while some remain: Success, and Partially refunded (DECISIONS §14). */
const hasSeatsLeft = (p: CustomerPayment) => p.status === 'Success' || p.status === 'Partially refunded';

const newKey = () => crypto.randomUUID();

const AMOUNT_RULES = { kind: 'money', min: 0, max: MAX_OFFLINE_AMOUNT } as const;

function OfflinePaymentForm({ customerId, prices }: { customerId: string; prices: OfflinePrice[] }) {
  const [key, setKey] = useState(newKey);
  // The sale checked and waiting for "Record …?" (DECISIONS §14: amount, seats and product named before it records).
  const [pending, setPending] = useState<OfflinePaymentRequest | null>(null);
  const form = useContractForm(
    offlinePaymentRequestSchema,
    { priceId: '', qty: '1', amount: '', note: '' },
    {
      labels: { priceId: 'Product', qty: 'Qty', amount: 'Amount', note: 'Note' },
      // The numbers as typed: a minus sign, a fraction or too many seats is refused at the field, never changed.
      rules: (v) => ({
        priceId: v.priceId ? undefined : 'Choose a product',
        qty: checkNumber(v.qty, SEAT_RULES).error ?? undefined,
        amount: checkNumber(v.amount, AMOUNT_RULES).error ?? undefined,
      }),
      toRequest: (v) => ({
        customerId,
        priceId: v.priceId,
        qty: checkNumber(v.qty, SEAT_RULES).value ?? v.qty,
        amount: checkNumber(v.amount, AMOUNT_RULES).value ?? v.amount,
        note: v.note,
      }),
    },
  );
  const seats = useSubscriptionSeats(customerId, form.values.priceId || null);
  const create = useCreateOfflinePayment({
    onSuccess: () => {
      setPending(null);
      form.reset();
      setKey(newKey());
    },
    onError: (error) => {
      setPending(null);
      form.setServerErrors(error);
    },
  });
  const chosen = prices.find((p) => p._id === form.values.priceId);
  const typedQty = checkNumber(form.values.qty, SEAT_RULES).value;
  const listPrice = chosen && typedQty !== null ? chosen.amount * typedQty : null;

  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={form.submit((request) => setPending(request), create.isPending)} noValidate>
        <Stack gap="md">
          <Title order={3} size="h5">
            Record an offline payment
          </Title>
          <Radio.Group label="Product" required {...form.getInputProps('priceId')}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
              {prices.map((p) => (
                <Radio
                  key={p._id}
                  value={p._id}
                  label={
                    <Text size="sm" span>
                      {p.name}{' '}
                      <Text span size="xs" c="dimmed">
                        {p.identifier} · {p.type === 'recurring' ? '1 year' : '3 years'}
                      </Text>
                    </Text>
                  }
                />
              ))}
            </SimpleGrid>
          </Radio.Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xs: 4 }}>
              <TextInput
                label="Existing qty"
                value={chosen ? String(seats.data?.totalPurchasedDevices ?? '') : ''}
                placeholder={chosen ? '…' : 'Choose a product'}
                readOnly
                variant="filled"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 4 }}>
              <NumberField
                label="Qty"
                withAsterisk
                description={`1 to ${MAX_STAFF_QTY.toLocaleString('en-GB')} seats`}
                {...SEAT_RULES}
                {...form.getInputProps('qty')}
                value={form.values.qty}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 4 }}>
              <NumberField
                label="Amount"
                withAsterisk
                description={listPrice !== null ? `List price ${formatEuro(listPrice)}` : 'Euro, e.g. 49.99'}
                {...AMOUNT_RULES}
                {...form.getInputProps('amount')}
                value={form.values.amount}
              />
            </Grid.Col>
          </Grid>
          <Textarea label="Note" rows={2} maxLength={1000} {...form.getInputProps('note')} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={pending !== null}
        title={
          pending
            ? `Record ${formatEuro(Number(pending.amount))} for ${Number(pending.qty).toLocaleString('en-GB')} seat(s) of ${chosen?.name ?? 'this product'}?`
            : ''
        }
        message={`The customer gets the seats at once, for ${chosen?.type === 'recurring' ? '1 year' : '3 years'}, and is emailed. An offline payment is not refunded here.`}
        confirmLabel="Record payment"
        loading={create.isPending}
        onConfirm={() => pending && create.mutate({ ...pending, key })}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}

/** One of the customer's figures in the header: a dimmed label over the number. */
function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Stack>
  );
}

/**
 * Spec 3 "Customer subscriptions" (`?id=` customer): the account's members (DECISIONS §12), the offline payment form
 * (finance roles), the customer's payments
 * with Edit and Refund (not offline) while seats remain (Success, Partially refunded), the edit dialog with the enrolled devices.
 */
export function CustomerSubscriptionsPage() {
  const [params] = useSearchParams();
  const customerId = params.get('id') ?? '';
  const [paging, setPaging] = useState({ page: 1, limit: 25 });
  const detail = useCustomerDetail(customerId, paging);
  const [editing, setEditing] = useState<CustomerPayment | null>(null);
  const canSell = canUse('customerPayments');

  if (!customerId) {
    return (
      <Text c="dimmed">
        No customer chosen: open this page from the <Link to={staffPaths.customerList.getHref()}>customer list</Link>.
      </Text>
    );
  }
  if (detail.isError && !detail.data) {
    return <QueryError title="The customer could not load" query={detail} />;
  }
  const data = detail.data;
  if (!data) return <PageLoader />;
  const customer = data.customerDetail;

  const columns: DataTableColumn<CustomerPayment>[] = [
    twoLineColumn('name', 'Name', 170, (p) => ({ main: p.productName, detail: p.note || null, detailLines: 2 })),
    {
      key: 'type',
      header: 'Type',
      width: 130,
      render: (p) => (
        <Stack gap={2} align="flex-start">
          <Text size="sm">{p.subscriptionType === 'recurring' ? 'Subscription' : 'Onetime'}</Text>
          {p.isOfflinePayment ? (
            <Badge size="xs" color="grape" variant="light">
              Offline
            </Badge>
          ) : null}
          {p.recordedBy ? (
            <Text size="xs" c="dimmed">
              by {p.recordedBy}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'qty',
      header: 'Qty',
      width: 90,
      render: (p) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" ff="monospace">
            {p.qty}
          </Text>
          <Badge size="sm" variant="outline">
            {p.priceId.identifier}
          </Badge>
        </Group>
      ),
    },
    moneyColumn('amount', 'Amount', 100, (p) => p.totalAmount),
    statusColumn('status', 'Status', 110, (p) => ({ label: p.status, color: STATUS_COLOR[p.status] ?? 'gray' })),
    {
      key: 'refundBy',
      header: 'Refund By',
      width: 110,
      render: (p) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {p.refundBy ?? '-'}
        </Text>
      ),
    },
    { key: 'expiry', header: 'Expiry', width: 100, render: (p) => <Text size="sm">{formatDate(p.expiryAt)}</Text> },
    {
      key: 'created',
      header: 'Created',
      width: 100,
      render: (p) => {
        // Day over time, so the column stays narrow enough for Edit and Refund to stay on screen.
        const [day, time] = formatDateTime(p.created_at).split(', ');
        return (
          <Stack gap={0}>
            <Text size="sm">{day}</Text>
            <Text size="xs" c="dimmed">
              {time}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 130,
      render: (p) =>
        canSell && hasSeatsLeft(p) ? (
          <Group gap={6} wrap="nowrap">
            <Button size="compact-xs" variant="light" onClick={() => setEditing(p)}>
              Edit
            </Button>
            {!p.isOfflinePayment ? (
              <Button size="compact-xs" variant="light" color="red" component={Link} to={refundHref(p._id, customerId)}>
                Refund
              </Button>
            ) : null}
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            -
          </Text>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Customer
            </Text>
            <Group gap={6}>
              <LoginAsLink email={customer.email} />
              {customer.isOfflineCustomer ? (
                <Badge size="xs" color="grape" variant="light">
                  Offline
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {customer.name}
            </Text>
          </Stack>
          <Group gap="xl">
            <Figure label="Purchased licences" value={data.totalPurchasedDevices} />
            <Figure label="Enrolled devices" value={data.totalEnrolledDevices} />
            <Anchor component={Link} to={staffPaths.customerEdit.getHref(customerId)} size="sm">
              Edit customer
            </Anchor>
          </Group>
        </Group>
      </Card>
      <MembersCard members={data.members} pendingInvites={data.pendingInvites} />
      {canSell ? <OfflinePaymentForm customerId={customerId} prices={data.prices} /> : null}
      <Stack gap="xs">
        <Title order={3} size="h5">
          Payments
        </Title>
        <DataTable
          label="Payments of this customer"
          columns={columns}
          rows={data.userSubscriptions}
          rowKey={(p) => p._id}
          total={data.userSubscriptionsPagination.total}
          page={paging.page}
          pageSize={paging.limit}
          onPageChange={(page) => setPaging((p) => ({ ...p, page }))}
          onPageSizeChange={(limit) => setPaging({ page: 1, limit })}
          loading={detail.isFetching}
          emptyMessage="No payment yet."
          // Fits the content area at 1366 px beside the sidebar, Edit and Refund included.
          minWidth={1030}
        />
      </Stack>
      <EditSeatsDialog customerId={customerId} payment={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
