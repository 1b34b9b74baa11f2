import { Alert, Skeleton } from '@mantine/core';
import type { Ref } from 'react';
import { useAppConfig } from '@/shared/lib/app-config';
import { SandboxCardForm } from './sandbox-card-form';
import { StripeCardElement } from './stripe-card-element';
import type { CardEntryHandle } from './types';

/**
 * The card form of the checkout and payment-method pages: the sandbox form, or Stripe's card element
 * when the installation's provider is Stripe (`appConfig.paymentProvider`).
 */
export function CardEntry({ ref, disabled }: { ref?: Ref<CardEntryHandle>; disabled?: boolean }) {
  const config = useAppConfig();
  if (config.isPending) return <Skeleton height={96} radius="md" />;
  if (config.data?.paymentProvider === 'stripe') {
    const key = config.data.stripePublishableKey;
    if (!key) {
      return (
        <Alert color="red" variant="light">
          Card payments are not configured on this installation. Please contact support.
        </Alert>
      );
    }
    return <StripeCardElement ref={ref} publishableKey={key} disabled={disabled} />;
  }
  return <SandboxCardForm ref={ref} disabled={disabled} />;
}
