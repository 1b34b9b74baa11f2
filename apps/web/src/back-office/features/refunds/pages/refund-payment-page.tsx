import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PaymentDetail } from '@fleetdeck/contract/staff';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import { ContentSkeleton } from '@/components/page-loader';
import { formatDate, formatEuro } from '@/lib/format';
import { usePaymentDetail } from '../api/payment-detail';
import { useRefundPayment } from '../api/refund-payment';

/**
 * The customer's subscriptions page (spec 3 "Customer subscriptions"), where a refund returns to. Built by the
 * customers area: at merge this becomes `staffPaths.customerSubscriptions.getHref(customerId)`.
 */
const customerSubscriptionsHref = (customerId: string) =>
  `/admin-customer-subscription-create?id=${encodeURIComponent(customerId)}`;

/**
 * Refund (spec 3 "Refund", DECISIONS §8): the payment's email and product, the customer's enrolled devices of that
 * product to log out, the seats to refund (at least the devices chosen, at most the seats left), the paid amount and
 * the prorated refund amount the server computes for that quantity (read-only for subscriptions; a one-time purchase
 * may be refunded less). Refund asks for confirmation, then goes back to the customer's subscriptions page.
 */
export function RefundPaymentPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const customerIdParam = params.get('customerId') ?? '';
  if (!id) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No payment chosen">
        Open a refund from the customer&apos;s subscriptions page.
      </Alert>
    );
  }
  return <RefundForm id={id} customerIdParam={customerIdParam} />;
}

function RefundForm({ id, customerIdParam }: { id: string; customerIdParam: string }) {
  const navigate = useNavigate();
  // undefined: prefilled with every seat left; '' while the field is being retyped.
  const [refundQty, setRefundQty] = useState<number | '' | undefined>(undefined);
  const [debouncedQty] = useDebouncedValue(typeof refundQty === 'number' ? refundQty : undefined, 250);
  const detail = usePaymentDetail(id, debouncedQty);
  const [devices, setDevices] = useState<string[]>([]);
  // A one-time purchase's lowered amount, for the quantity it was typed for (another quantity shows its own figure).
  const [amountOverride, setAmountOverride] = useState<{ qty: number; value: number } | null>(null);
  const [confirming, setConfirming] = useState(false);
  // One key per page load: a double click or a retried request is one refund.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const data = detail.data?.data;

  const refund = useRefundPayment({
    onSuccess: () => {
      setConfirming(false);
      void navigate(customerSubscriptionsHref(customerIdParam || data?.customerId || ''));
    },
    onError: () => setConfirming(false),
  });

  if (detail.isPending) return <ContentSkeleton />;
  if (detail.isError || !data) {
    return (
      <LoadError
        title="The payment could not load"
        error={detail.error}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
      />
    );
  }

  // Prefilled: every seat left, and the server's prorated figure for the quantity shown.
  const qty = refundQty === undefined ? data.seatsLeft : refundQty === '' ? 0 : refundQty;
  const minQty = Math.max(1, devices.length);
  // The figure shown belongs to the quantity asked (debounced): no refund while it catches up.
  const figureCurrent = data.refundQty === qty && !detail.isFetching;
  const amountValue =
    data.amountEditable && amountOverride?.qty === qty ? amountOverride.value : data.proratedRefundAmount;
  const amountTooHigh = amountValue > data.proratedRefundAmount;
  const canRefund =
    data.refundable && figureCurrent && qty >= minQty && qty <= data.seatsLeft && !amountTooHigh && amountValue >= 0;

  const toggleDevice = (ids: string[]) => {
    setDevices(ids);
    if (ids.length > qty) setRefundQty(Math.min(ids.length, data.seatsLeft));
  };

  return (
    <Container size={720} px={0}>
      <Stack gap="lg">
        <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <PaymentSummary data={data} />
            {!data.refundable && data.notRefundableReason && (
              <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} title="Not refundable">
                {data.notRefundableReason}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Email" value={data.email} readOnly variant="filled" />
              <TextInput label="Product name" value={data.productName} readOnly variant="filled" />
            </SimpleGrid>

            <Checkbox.Group
              size="md"
              label="Devices to log out"
              description={`Enrolled ${data.productName} devices of this customer. If more devices than seats remain, the newest are logged out too.`}
              value={devices}
              onChange={toggleDevice}
            >
              {data.devices.length === 0 ? (
                <Text size="sm" c="dimmed" mt="xs">
                  No enrolled devices of this product.
                </Text>
              ) : (
                <Stack gap={6} mt="xs">
                  {data.devices.map((d) => (
                    <Checkbox
                      size="sm"
                      key={d._id}
                      value={d._id}
                      disabled={!data.refundable || (!devices.includes(d._id) && devices.length >= data.seatsLeft)}
                      label={
                        <Text size="sm">
                          {d.deviceName || 'Unnamed device'}{' '}
                          <Text span c="dimmed" size="sm" ff="monospace">
                            {d.serialNumber}
                          </Text>
                        </Text>
                      }
                    />
                  ))}
                </Stack>
              )}
            </Checkbox.Group>

            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <NumberInput
                size="md"
                label="Refund qty"
                description={`${minQty} to ${data.seatsLeft} seat(s)`}
                value={refundQty === '' ? '' : qty}
                min={minQty}
                max={Math.max(minQty, data.seatsLeft)}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                disabled={!data.refundable}
                onChange={(v) => setRefundQty(typeof v === 'number' ? v : '')}
              />
              <TextInput
                label="Paid amount"
                description={data.refundedQty > 0 ? `${formatEuro(data.refundedAmount)} refunded` : 'Total paid'}
                value={formatEuro(data.totalAmount)}
                readOnly
                variant="filled"
              />
              <NumberInput
                size="md"
                variant={data.amountEditable ? 'default' : 'filled'}
                label="Refund amount"
                description={data.amountEditable ? `At most ${formatEuro(data.proratedRefundAmount)}` : 'Prorated'}
                value={amountValue}
                prefix="€"
                decimalScale={2}
                fixedDecimalScale
                min={0}
                max={data.proratedRefundAmount}
                allowNegative={false}
                readOnly={!data.amountEditable}
                disabled={!data.refundable}
                error={amountTooHigh ? `At most ${formatEuro(data.proratedRefundAmount)}` : undefined}
                onChange={(v) => setAmountOverride({ qty, value: typeof v === 'number' ? v : 0 })}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Prorated: {formatEuro(data.totalAmount)} × {data.remainingDays} of {data.periodDays} days left × {qty} of{' '}
              {data.qty} seat(s), less what was refunded before ({formatEuro(data.refundedAmount)}).
            </Text>
            <Group justify="space-between" gap="sm">
              <Button variant="default" onClick={() => void navigate(-1)}>
                Back
              </Button>
              <Button
                color="red"
                leftSection={<IconReceiptRefund size={18} />}
                disabled={!canRefund}
                loading={refund.isPending}
                onClick={() => setConfirming(true)}
              >
                Refund
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Refund this payment?"
        message={
          `${formatEuro(amountValue)} for ${qty} seat(s) of ${data.productName} goes back to ${data.email}. ` +
          `The seats are removed at once` +
          (devices.length > 0 ? ` and ${devices.length} device(s) are logged out.` : '.') +
          (data.subscriptionType === 'recurring' ? ' The subscription renews with fewer seats.' : '')
        }
        confirmLabel="Refund"
        confirmColor="red"
        loading={refund.isPending}
        onConfirm={() =>
          refund.mutate({
            body: {
              id: data._id,
              refundQty: qty,
              refundAmount: amountValue,
              refundDevices: devices,
            },
            idempotencyKey,
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </Container>
  );
}

const STATUS_COLOR: Record<string, string> = {
  Success: 'green',
  'Partially refunded': 'orange',
  Refunded: 'gray',
  Failed: 'red',
  Pending: 'blue',
};

function PaymentSummary({ data }: { data: PaymentDetail }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={3} size="h4">
          {data.productName}
        </Title>
        <Group gap={6}>
          <Badge variant="light">{data.priceId.identifier}</Badge>
          <Badge variant="light" color={STATUS_COLOR[data.status] ?? 'gray'}>
            {data.status}
          </Badge>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {data.qty} seat(s), {formatEuro(data.totalAmount)}{' '}
        {data.subscriptionType === 'recurring' ? 'subscription' : 'one-time'} paid on {formatDate(data.created_at)}
        {data.expiryAt ? `, until ${formatDate(data.expiryAt)}` : ''}.
      </Text>
      <Text size="sm" c="dimmed">
        {data.seatsLeft} seat(s) left to refund
        {data.refundedQty > 0
          ? ` · ${data.refundedQty} refunded (${formatEuro(data.refundedAmount)}${data.refundBy ? ` by ${data.refundBy}` : ''})`
          : ''}
        .
      </Text>
    </Stack>
  );
}
