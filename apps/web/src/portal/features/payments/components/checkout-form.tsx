import { familyDisplayName, type Plan } from '@fleetdeck/contract';
import { Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CaptchaField } from '@/portal/components/captcha-field';
import { StaffSessionLock } from '@/portal/components/staff-session-lock';
import { useProductName } from '@/shared/lib/app-config';
import { CheckoutFailure } from './checkout-failure';
import { PaymentSuccess } from './payment-success';
import { priceLabelOf, qtyHintOf, qtyLabelOf } from './plan-helpers';
import { QuantityInput, type CheckoutFormState } from './quantity-input';
import { SummaryPanel, type SummaryRow } from './summary-panel';
import { TestModeBanner } from './test-mode-banner';
import type { Checkout } from './use-checkout';

interface CheckoutFormProps {
  plan: Plan;
  checkout: Checkout;
  form: CheckoutFormState;
  /** Runs on submit once the quantity is at least the minimum. */
  onPay: () => void;
  submitLabel: string;
  submitIcon: ReactNode;
  summary: SummaryRow[];
  /** Fields between the quantity and the captcha (coupon, card). */
  children: ReactNode;
}

/**
 * The checkout layout of make-payment and update-subscription: the form (plan, quantity, the page's own fields,
 * captcha, the payment failure and the submit button) beside the order summary; the success view once paid.
 */
export function CheckoutForm({
  plan,
  checkout,
  form,
  onPay,
  submitLabel,
  submitIcon,
  summary,
  children,
}: CheckoutFormProps) {
  const product = useProductName();

  if (checkout.succeeded) return <PaymentSuccess />;

  return (
    <Stack gap="md">
      <TestModeBanner />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Card withBorder padding="lg" radius="md">
            <StaffSessionLock>
              <form onSubmit={form.submit(onPay)} noValidate>
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
                    hint={qtyHintOf(plan)}
                    value={form.qty}
                    onChange={form.onChange}
                    error={form.error}
                    disabled={checkout.pending}
                  />
                  {children}
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
                      leftSection={submitIcon}
                      loading={checkout.pending}
                      disabled={checkout.pending}
                      miw={160}
                    >
                      {submitLabel}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </StaffSessionLock>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <SummaryPanel rows={summary} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
