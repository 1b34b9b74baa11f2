import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  List,
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
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { LoadError } from '@/shared/components/load-error';
import { checkNumber, NumberField, numberText } from '@/shared/components/number-field';
import { ContentSkeleton } from '@/shared/components/page-loader';
import { formatDate, formatEuro } from '@/shared/lib/format';
import { usePaymentDetail } from '../../../api/payment-detail';
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
 * refunds exactly the amount typed, up to what remains paid for those seats). Refund asks for confirmation naming the
 * amount, the seats and every device logged out, then goes back to the customer's subscriptions page.
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
  // null: prefilled with every seat left; else the text typed (kept as typed: "-3" or "1.5" is refused, not changed).
  const [qtyText, setQtyText] = useState<string | null>(null);
  const [devices, setDevices] = useState<string[]>([]);
  // A one-time purchase's amount as typed, for the quantity it was typed for (another quantity starts from its figure).
  const [amountTyped, setAmountTyped] = useState<{ qty: number; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  // One key per page load: a double click or a retried request is one refund.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  // The quantity asked of the server: the one typed once it is a whole number ≥ 1 (its bounds are checked below).
  const asked = qtyText === null ? undefined : (checkNumber(qtyText, { kind: 'whole' }).value ?? undefined);
  const [debounced] = useDebouncedValue({ qty: asked, devices }, 250);
  const detail = usePaymentDetail(id, debounced.qty, debounced.devices);
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

  const minQty = Math.max(1, devices.length);
  const qtyRules = { kind: 'whole', min: minQty, max: Math.max(minQty, data.seatsLeft) } as const;
  const qtyValue = qtyText ?? String(data.seatsLeft);
  const qtyCheck = checkNumber(qtyValue, qtyRules);
  const qty = qtyCheck.value;
  // The figures shown belong to the quantity and devices asked (debounced): no refund while they catch up.
  const current =
    qty !== null &&
    data.refundQty === qty &&
    !detail.isFetching &&
    debounced.devices === devices &&
    (qtyText === null || debounced.qty === qty);

  // One-time: exactly the amount typed, at most what remains paid for these seats. Subscriptions: the server's figure.
  const amountValue =
    data.amountEditable && qty !== null && amountTyped?.qty === qty
      ? amountTyped.text
      : numberText('money', data.proratedRefundAmount);
  const amountRules = {
    kind: 'money',
    min: 0,
    max: data.maxRefundAmount,
    maxHint: `what remains paid for ${data.refundQty} seat(s)`,
  } as const;
  const amountCheck = data.amountEditable
    ? checkNumber(amountValue, amountRules)
    : { value: data.proratedRefundAmount, error: null };
  const amount = amountCheck.value;
  const canRefund = data.refundable && current && qty !== null && amount !== null;

  const toggleDevice = (ids: string[]) => {
    setDevices(ids);
    if (ids.length > (qty ?? 0)) setQtyText(String(Math.min(ids.length, data.seatsLeft)));
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
              <NumberField
                size="md"
                label="Refund qty"
                description={`${minQty} to ${data.seatsLeft} seat(s)`}
                {...qtyRules}
                value={qtyValue}
                disabled={!data.refundable}
                onChange={setQtyText}
              />
              <TextInput
                label="Paid amount"
                description={data.refundedQty > 0 ? `${formatEuro(data.refundedAmount)} refunded` : 'Total paid'}
                value={formatEuro(data.totalAmount)}
                readOnly
                variant="filled"
              />
              <NumberField
                size="md"
                variant={data.amountEditable ? 'default' : 'filled'}
                label="Refund amount"
                description={
                  data.amountEditable
                    ? `Up to ${formatEuro(data.maxRefundAmount)}; prorated ${formatEuro(data.proratedRefundAmount)}`
                    : 'Prorated'
                }
                {...amountRules}
                value={amountValue}
                readOnly={!data.amountEditable}
                disabled={!data.refundable}
                onChange={(text) => qty !== null && setAmountTyped({ qty, text })}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Prorated: {formatEuro(data.totalAmount)} × {data.remainingDays} of {data.periodDays} days left ×{' '}
              {data.refundQty} of {data.qty} seat(s), less what was refunded before ({formatEuro(data.refundedAmount)}
              ).
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
        opened={confirming && canRefund}
        title="Refund this payment?"
        message={<RefundConsequences data={data} amount={amount ?? 0} qty={qty ?? 0} />}
        confirmLabel="Refund"
        confirmColor="red"
        loading={refund.isPending}
        onConfirm={() =>
          amount !== null &&
          qty !== null &&
          refund.mutate({
            body: { id: data._id, refundQty: qty, refundAmount: amount, refundDevices: devices },
            idempotencyKey,
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </Container>
  );
}

/** What the refund does (DECISIONS §14): the amount, the seats and every device it logs out, by name. */
function RefundConsequences({ data, amount, qty }: { data: PaymentDetail; amount: number; qty: number }) {
  const chosen = data.devicesToLogOut.filter((d) => d.chosen);
  const newest = data.devicesToLogOut.filter((d) => !d.chosen);
  const name = (d: PaymentDetail['devicesToLogOut'][number]) =>
    `${d.deviceName || 'Unnamed device'} (${d.serialNumber})`;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {formatEuro(amount)} for {qty} seat(s) of {data.productName} goes back to {data.email}. The seats are removed at
        once.{data.subscriptionType === 'recurring' ? ' The subscription renews with fewer seats.' : ''}
      </Text>
      {data.devicesToLogOut.length === 0 ? (
        <Text size="sm">No device is logged out.</Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {data.devicesToLogOut.length} device(s) are logged out:
          </Text>
          <List size="sm" spacing={2}>
            {chosen.map((d) => (
              <List.Item key={d._id}>{name(d)}, chosen</List.Item>
            ))}
            {newest.map((d) => (
              <List.Item key={d._id}>{name(d)}, newest: more devices than seats would be left</List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
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
