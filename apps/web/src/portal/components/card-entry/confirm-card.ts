import type { AppConfig } from '@fleetdeck/contract';
import { confirmSandboxPayment } from '@/portal/api/sandbox-payments';
import { errorMessage } from '@/shared/lib/api-client';
import { getStripe } from './stripe-loader';
import type { RefObject } from 'react';
import { CardPaymentError, type CardEntryHandle } from './types';

/** Confirms a payment intent with a payment method already on file (the default card). */
export const confirmWithSavedCard = async (
  config: Pick<AppConfig, 'paymentProvider' | 'stripePublishableKey'>,
  clientSecret: string,
  paymentMethodId: string,
): Promise<'succeeded' | 'processing'> => {
  if (config.paymentProvider === 'stripe') {
    const stripe = config.stripePublishableKey ? await getStripe(config.stripePublishableKey) : null;
    if (!stripe) throw new CardPaymentError('Card payments are not available right now.');
    const result = await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethodId });
    if (result.error) throw new CardPaymentError(result.error.message ?? 'Your card could not be charged.');
    return result.paymentIntent.status === 'succeeded' ? 'succeeded' : 'processing';
  }
  try {
    return (await confirmSandboxPayment({ clientSecret, paymentMethodId })).status;
  } catch (error) {
    throw new CardPaymentError(errorMessage(error));
  }
};

/** Confirms a payment intent with the card typed into `CardEntry` (through its handle). */
export const confirmWithEnteredCard = (
  card: RefObject<CardEntryHandle | null>,
  clientSecret: string,
): Promise<'succeeded' | 'processing'> => {
  if (!card.current) throw new Error('The card form is not ready.');
  return card.current.confirmPayment(clientSecret);
};
