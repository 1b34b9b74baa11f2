import { familyDisplayName, PCHAT_MIN_QTY_MESSAGE, type PriceDetailResponse } from '@fleetdeck/contract';
import { ActionIcon, Badge, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLock, IconTicket, IconX } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CaptchaField } from '@/components/captcha-field';
import { CardEntry, type CardEntryHandle } from '@/components/card-entry';
import { useProductName } from '@/lib/app-config';
import { formatEuro } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useApplyCoupon } from '../api/apply-coupon';
import { purchase } from '../api/checkout';
import { usePriceDetail } from '../api/get-price-detail';
import { CheckoutFailure } from '../components/checkout-failure';
import { CheckoutLoadError, CheckoutSkeleton, NoPlanChosen } from '../components/checkout-state';
import { PaymentSuccess } from '../components/payment-success';
import { cents, minQtyOf, priceLabelOf, qtyLabelOf } from '../components/plan-helpers';
import { QuantityInput, type Qty } from '../components/quantity-input';
import { SummaryPanel } from '../components/summary-panel';
import { useCheckout } from '../components/use-checkout';

export const NO_DISCOUNT_MESSAGE = 'This coupon gives no discount on this plan.';

interface AppliedCoupon {
  code: string;
  percentOff: number;
  discountAmount: number;
  qty: number;
}

const initialQty = (raw: string | null, min: number): number => {
  const n = Number(raw);
  const qty = Number.isInteger(n) && n >= 1 ? n : 1;
  return Math.max(qty, min);
};

function MakePaymentForm({ detail, qtyParam }: { detail: PriceDetailResponse; qtyParam: string | null }) {
  const plan = detail.data;
  const product = useProductName();
  const min = minQtyOf(plan);
  const [qty, setQty] = useState<Qty>(() => initialQty(qtyParam, min));
  const [qtyError, setQtyError] = useState<string | null>(null);
  const [couponInput, setCouponInput] = useState('');
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const card = useRef<CardEntryHandle>(null);
  const checkout = useCheckout();

  const n = qty === '' ? 0 : qty;
  const subtotal = cents(plan.amount * n);
  const discount = coupon
    ? coupon.qty === n
      ? coupon.discountAmount
      : cents((subtotal * coupon.percentOff) / 100)
    : 0;
  const total = Math.max(0, cents(subtotal - discount));

  const apply = useApplyCoupon({
    meta: { silentSuccess: true },
    onSuccess: (answer) => {
      if (answer.data.discountAmount > 0) {
        setCoupon({
          code: answer.data.couponCode,
          percentOff: answer.data.percentOff,
          discountAmount: answer.data.discountAmount,
          qty: n,
        });
        notifySuccess(answer.respones_msg);
      } else {
        setCoupon(null);
        notifyError(NO_DISCOUNT_MESSAGE);
      }
    },
    onError: () => setCoupon(null),
  });

  const onQtyChange = (value: Qty) => {
    setQty(value);
    if (value !== '' && value >= min) setQtyError(null);
  };

  const onApply = () => {
    const code = couponInput.trim();
    if (!code || apply.isPending) return;
    apply.mutate({ couponCode: code, priceId: plan._id, qty: Math.max(n, min) });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (n < min) {
      const message = min > 1 ? PCHAT_MIN_QTY_MESSAGE : `Enter at least ${min}.`;
      setQtyError(message);
      notifyError(message);
      return;
    }
    checkout.pay(
      {
        start: (captcha, key) =>
          purchase(
            {
              qty: n,
              priceId: plan._id,
              couponCode: coupon?.code ?? null,
              coupon_code: coupon?.code ?? null,
              email: detail.userDetail.email,
              token: null,
              payment_method_id: null,
              captcha,
            },
            key,
          ),
        confirm: (clientSecret) => {
          if (!card.current) throw new Error('The card form is not ready.');
          return card.current.confirmPayment(clientSecret);
        },
      },
      () => card.current?.validate() ?? false,
    );
  };

  if (checkout.succeeded) return <PaymentSuccess />;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
        <Card withBorder padding="lg" radius="md">
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="lg">
              <div>
                <Title order={2} fz="lg">
                  {plan.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {familyDisplayName(plan.family, product)} · {priceLabelOf(plan)}
                </Text>
              </div>
              <QuantityInput
                label={qtyLabelOf(plan)}
                value={qty}
                onChange={onQtyChange}
                error={qtyError}
                disabled={checkout.pending}
              />
              <Stack gap={6}>
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    label="Coupon code"
                    name="couponCode"
                    placeholder="Enter coupon code"
                    style={{ flex: 1 }}
                    leftSection={<IconTicket size={16} stroke={1.6} />}
                    value={couponInput}
                    onChange={(e) => setCouponInput(e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        onApply();
                      }
                    }}
                    disabled={checkout.pending}
                  />
                  <Button
                    variant="light"
                    onClick={onApply}
                    loading={apply.isPending}
                    disabled={!couponInput.trim() || checkout.pending}
                  >
                    Apply
                  </Button>
                </Group>
                {coupon && discount > 0 ? (
                  <Group gap="xs">
                    <Badge
                      color="teal"
                      variant="light"
                      size="lg"
                      data-testid="coupon-badge"
                      rightSection={
                        <ActionIcon
                          size="xs"
                          variant="transparent"
                          color="teal"
                          aria-label="Remove coupon"
                          onClick={() => setCoupon(null)}
                        >
                          <IconX size={12} />
                        </ActionIcon>
                      }
                    >
                      {coupon.code}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {`${coupon.percentOff}% off`}
                    </Text>
                  </Group>
                ) : null}
              </Stack>
              <CardEntry ref={card} disabled={checkout.pending} />
              <CaptchaField
                onChange={checkout.captcha.onChange}
                resetSignal={checkout.captcha.resetSignal}
                error={checkout.captcha.error}
              />
              <CheckoutFailure message={checkout.failure} />
              <Group justify="flex-end">
                <Button
                  type="submit"
                  size="md"
                  leftSection={<IconLock size={16} />}
                  loading={checkout.pending}
                  disabled={checkout.pending}
                  miw={160}
                >
                  Pay
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
        <SummaryPanel
          rows={[
            { key: 'product', label: 'Product', value: plan.name },
            { key: 'price', label: 'Plan Price', value: priceLabelOf(plan) },
            { key: 'current', label: 'Current Devices', value: plan.totalPurchasedDevices },
            { key: 'after', label: 'Devices After Purchase', value: plan.totalPurchasedDevices + n },
            { key: 'discount', label: 'Discount', value: discount > 0 ? `- ${formatEuro(discount)}` : formatEuro(0) },
            { key: 'total', label: 'Total', value: formatEuro(total), strong: true },
          ]}
        />
      </Grid.Col>
    </Grid>
  );
}

export function MakePaymentPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = usePriceDetail(id);

  if (!id) return <NoPlanChosen />;
  if (detail.isPending) return <CheckoutSkeleton />;
  if (detail.isError) {
    return (
      <CheckoutLoadError error={detail.error} retrying={detail.isFetching} onRetry={() => void detail.refetch()} />
    );
  }
  return <MakePaymentForm key={detail.data.data._id} detail={detail.data} qtyParam={params.get('qty')} />;
}
