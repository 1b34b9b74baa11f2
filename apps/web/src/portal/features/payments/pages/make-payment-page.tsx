import type { PriceDetailResponse } from '@fleetdeck/contract';
import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconLock, IconTicket, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { CardEntry, confirmWithEnteredCard, type CardEntryHandle } from '@/portal/components/card-entry';
import { formatEuro } from '@/shared/lib/format';
import { notifyError, notifySuccess } from '@/shared/lib/notify';
import { usePageView } from '@/portal/lib/page-view';
import { useApplyCoupon } from '../api/apply-coupon';
import { purchase } from '../api/checkout';
import { CheckoutForm } from '../components/checkout-form';
import { PriceDetailGate } from '../components/checkout-state';
import { cents, minQtyOf, seatSummaryRows, seatWordOf, totalSummaryRow } from '../components/plan-helpers';
import { useCheckoutForm } from '../components/quantity-input';
import { useCheckout } from '../components/use-checkout';
import { PaymentNotes } from '@/portal/components/payment-notes';

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
  const min = minQtyOf(plan);
  const form = useCheckoutForm(min, initialQty(qtyParam, min));
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const card = useRef<CardEntryHandle>(null);
  const checkout = useCheckout();

  const { n } = form;
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

  const onApply = () => {
    const code = form.form.values.couponCode.trim();
    if (!code || apply.isPending) return;
    apply.mutate({ couponCode: code, priceId: plan._id, qty: Math.max(n, min) });
  };

  const onPay = () => {
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
        confirm: (clientSecret) => confirmWithEnteredCard(card, clientSecret),
      },
      () => card.current?.validate() ?? false,
    );
  };

  return (
    <CheckoutForm
      plan={plan}
      checkout={checkout}
      form={form}
      onPay={onPay}
      submitLabel="Pay"
      submitIcon={<IconLock size={16} />}
      summary={[
        ...seatSummaryRows(
          plan,
          // Spec 1 §2's labels; Power Chat counts users.
          { current: `Current ${seatWordOf(plan)}`, after: `${seatWordOf(plan)} After Purchase` },
          plan.totalPurchasedDevices,
          n,
        ),
        { key: 'discount', label: 'Discount', value: discount > 0 ? `- ${formatEuro(discount)}` : formatEuro(0) },
        totalSummaryRow(total),
      ]}
    >
      <Stack gap={6}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Coupon code"
            name="couponCode"
            placeholder="Enter coupon code"
            style={{ flex: 1 }}
            leftSection={<IconTicket size={16} stroke={1.6} />}
            {...form.form.getInputProps('couponCode')}
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
            disabled={!form.form.values.couponCode.trim() || checkout.pending}
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
      <PaymentNotes />
    </CheckoutForm>
  );
}

export function MakePaymentPage() {
  usePageView('Payment');
  return (
    <PriceDetailGate>
      {(detail, params) => <MakePaymentForm key={detail.data._id} detail={detail} qtyParam={params.get('qty')} />}
    </PriceDetailGate>
  );
}
