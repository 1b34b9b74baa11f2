import {
  familyDisplayName,
  PCHAT_MIN_QTY_MESSAGE,
  type PriceDetailResponse,
  type SavedPaymentMethod,
} from '@fleetdeck/contract';
import { Anchor, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconRefresh } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CaptchaField } from '@/components/captcha-field';
import {
  brandLabel,
  CardEntry,
  confirmWithSavedCard,
  PaymentBrandIcon,
  type CardEntryHandle,
} from '@/components/card-entry';
import { paths } from '@/config/paths';
import { useAppConfig, useProductName } from '@/lib/app-config';
import { formatEuro } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { updateSubscription } from '../api/checkout';
import { useCouponDiscount } from '../api/get-coupon-discount';
import { usePriceDetail } from '../api/get-price-detail';
import { CheckoutFailure } from '../components/checkout-failure';
import { CheckoutLoadError, CheckoutSkeleton, NoPlanChosen } from '../components/checkout-state';
import { PaymentSuccess } from '../components/payment-success';
import { cents, minQtyOf, priceLabelOf, qtyLabelOf } from '../components/plan-helpers';
import { QuantityInput, type Qty } from '../components/quantity-input';
import { SummaryPanel, type SummaryRow } from '../components/summary-panel';
import { useCheckout } from '../components/use-checkout';

/** The card on file that the update will charge, with a link to change it. */
function DefaultCard({ method }: { method: SavedPaymentMethod }) {
  const label =
    method.type === 'paypal'
      ? `PayPal ${method.paypal?.payer_email ?? ''}`.trim()
      : `${brandLabel(method.card?.brand)} •••• ${method.card?.last4 ?? ''}`;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Payment method
      </Text>
      <Card withBorder padding="sm" radius="md" data-testid="default-card">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <PaymentBrandIcon brand={method.type === 'paypal' ? 'paypal' : method.card?.brand} size={24} />
            <Text size="sm" fw={600}>
              {label}
            </Text>
          </Group>
          <Anchor
            component={Link}
            to={paths.portal.paymentMethods.getHref()}
            size="sm"
            aria-label="Edit payment method"
          >
            <Group gap={4} wrap="nowrap">
              <IconPencil size={14} />
              Edit
            </Group>
          </Anchor>
        </Group>
      </Card>
    </Stack>
  );
}

function UpdateSubscriptionForm({ detail }: { detail: PriceDetailResponse }) {
  const plan = detail.data;
  const product = useProductName();
  const config = useAppConfig();
  const min = minQtyOf(plan);
  const [qty, setQty] = useState<Qty>(min);
  const [qtyError, setQtyError] = useState<string | null>(null);
  const card = useRef<CardEntryHandle>(null);
  const checkout = useCheckout();
  const saved = detail.defaultPaymentMethodDetail;
  const couponCode = plan.subscriptionDetail?.coupon ?? null;

  const n = qty === '' ? 0 : qty;
  const current = plan.subscriptionDetail?.quantity ?? plan.totalPurchasedDevices;
  const subtotal = cents(plan.amount * n);
  const couponDiscount = useCouponDiscount(couponCode, plan._id, n);
  const discount = couponCode ? (couponDiscount.data?.discountAmount ?? 0) : 0;
  const total = Math.max(0, cents(subtotal - discount));

  const onQtyChange = (value: Qty) => {
    setQty(value);
    if (value !== '' && value >= min) setQtyError(null);
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
        start: (captcha, key) => updateSubscription({ qty: n, priceId: plan._id, captcha }, key),
        confirm: (clientSecret) => {
          if (saved && config.data) return confirmWithSavedCard(config.data, clientSecret, saved.id);
          if (!card.current) throw new Error('The card form is not ready.');
          return card.current.confirmPayment(clientSecret);
        },
      },
      () => (saved ? true : (card.current?.validate() ?? false)),
    );
  };

  if (checkout.succeeded) return <PaymentSuccess />;

  const rows: SummaryRow[] = [
    { key: 'product', label: 'Product', value: plan.name },
    { key: 'price', label: 'Plan Price', value: priceLabelOf(plan) },
    { key: 'current', label: 'Current License', value: current },
    { key: 'after', label: 'License After Purchase', value: current + n },
  ];
  if (couponCode) {
    rows.push(
      { key: 'coupon', label: 'Coupon', value: couponCode },
      {
        key: 'coupon-discount',
        label: 'Coupon Discount',
        value: couponDiscount.isPending ? '…' : `- ${formatEuro(discount)}`,
      },
    );
  }
  rows.push({ key: 'total', label: 'Total', value: formatEuro(total), strong: true });

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
              {saved ? <DefaultCard method={saved} /> : <CardEntry ref={card} disabled={checkout.pending} />}
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
                  leftSection={<IconRefresh size={16} />}
                  loading={checkout.pending}
                  disabled={checkout.pending}
                  miw={160}
                >
                  Update
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
        <SummaryPanel rows={rows} />
      </Grid.Col>
    </Grid>
  );
}

export function UpdateSubscriptionPage() {
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
  return <UpdateSubscriptionForm key={detail.data.data._id} detail={detail.data} />;
}
