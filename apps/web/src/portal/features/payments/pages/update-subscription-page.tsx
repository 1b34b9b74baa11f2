import type { PriceDetailResponse, SavedPaymentMethod } from '@fleetdeck/contract';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconRefresh } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import {
  brandLabel,
  CardEntry,
  confirmWithEnteredCard,
  confirmWithSavedCard,
  PaymentBrandIcon,
  type CardEntryHandle,
} from '@/portal/components/card-entry';
import { paths } from '@/portal/config/paths';
import { useAppConfig } from '@/shared/lib/app-config';
import { formatEuro } from '@/shared/lib/format';
import { updateSubscription } from '../api/checkout';
import { useCouponDiscount } from '../api/get-coupon-discount';
import { CheckoutForm } from '../components/checkout-form';
import { PriceDetailGate } from '../components/checkout-state';
import { cents, minQtyOf, seatSummaryRows, totalSummaryRow } from '../components/plan-helpers';
import { useCheckoutForm } from '../components/quantity-input';
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
  const config = useAppConfig();
  const min = minQtyOf(plan);
  const form = useCheckoutForm(min);
  const card = useRef<CardEntryHandle>(null);
  const checkout = useCheckout();
  const saved = detail.defaultPaymentMethodDetail;
  const couponCode = plan.subscriptionDetail?.coupon ?? null;

  const { n } = form;
  const current = plan.subscriptionDetail?.quantity ?? plan.totalPurchasedDevices;
  const subtotal = cents(plan.amount * n);
  const couponDiscount = useCouponDiscount(couponCode, plan._id, n);
  const discount = couponCode ? (couponDiscount.data?.discountAmount ?? 0) : 0;
  const total = Math.max(0, cents(subtotal - discount));

  const onPay = () => {
    checkout.pay(
      {
        start: (captcha, key) => updateSubscription({ qty: n, priceId: plan._id, captcha }, key),
        confirm: (clientSecret) => {
          if (saved && config.data) return confirmWithSavedCard(config.data, clientSecret, saved.id);
          return confirmWithEnteredCard(card, clientSecret);
        },
      },
      () => (saved ? true : (card.current?.validate() ?? false)),
    );
  };

  const rows = seatSummaryRows(plan, { current: 'Current Licence', after: 'Licence After Purchase' }, current, n);
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
  rows.push(totalSummaryRow(total));

  return (
    <CheckoutForm
      plan={plan}
      checkout={checkout}
      form={form}
      onPay={onPay}
      submitLabel="Update"
      submitIcon={<IconRefresh size={16} />}
      summary={rows}
    >
      {saved ? <DefaultCard method={saved} /> : <CardEntry ref={card} disabled={checkout.pending} />}
    </CheckoutForm>
  );
}

export function UpdateSubscriptionPage() {
  return (
    <PriceDetailGate>{(detail) => <UpdateSubscriptionForm key={detail.data._id} detail={detail} />}</PriceDetailGate>
  );
}
