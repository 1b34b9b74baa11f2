import { Alert, Box, Input, Skeleton } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { getStripe } from './stripe-loader';
import { CardPaymentError, type CardEntryHandle } from './types';

const NIGHT_STYLE = {
  base: {
    color: '#f8f9fa',
    iconColor: '#c1c2c5',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontSize: '16px',
    '::placeholder': { color: '#868e96' },
  },
  invalid: { color: '#ff8787', iconColor: '#ff8787' },
};

/** Stripe's card element in the "night" theme; Stripe.js is fetched only when this renders. */
export function StripeCardElement({
  ref,
  publishableKey,
  disabled,
}: {
  ref?: Ref<CardEntryHandle>;
  publishableKey: string;
  disabled?: boolean;
}) {
  const mountRef = useRef<HTMLDivElement | null>(null);
  const stripeRef = useRef<Stripe | null>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const completeRef = useRef(false);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | null = null;
    getStripe(publishableKey)
      .then((stripe) => {
        if (cancelled) return;
        if (!stripe || !mountRef.current) {
          setStatus('failed');
          return;
        }
        const elements = stripe.elements({ appearance: { theme: 'night' } });
        card = elements.create('card', { style: NIGHT_STYLE, hidePostalCode: true });
        card.mount(mountRef.current);
        card.on('change', (event) => {
          completeRef.current = event.complete;
          setError(event.error?.message ?? null);
        });
        stripeRef.current = stripe;
        cardRef.current = card;
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      card?.destroy();
      cardRef.current = null;
    };
  }, [publishableKey]);

  useEffect(() => {
    cardRef.current?.update({ disabled: Boolean(disabled) });
  }, [disabled, status]);

  useImperativeHandle(ref, () => {
    const ready = () => {
      if (!stripeRef.current || !cardRef.current) throw new CardPaymentError('The card form is still loading.');
      return { stripe: stripeRef.current, card: cardRef.current };
    };
    return {
      validate: () => {
        if (!completeRef.current) setError((e) => e ?? 'Enter your complete card details.');
        return completeRef.current;
      },
      confirmPayment: async (clientSecret) => {
        const { stripe, card } = ready();
        const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
        if (result.error) throw new CardPaymentError(result.error.message ?? 'Your card could not be charged.');
        return result.paymentIntent.status === 'succeeded' ? 'succeeded' : 'processing';
      },
      createPaymentMethod: async () => {
        const { stripe, card } = ready();
        const result = await stripe.createPaymentMethod({ type: 'card', card });
        if (result.error) throw new CardPaymentError(result.error.message ?? 'The card could not be saved.');
        return result.paymentMethod.id;
      },
      clear: () => cardRef.current?.clear(),
    };
  }, []);

  return (
    <Input.Wrapper label="Card details" error={error}>
      {status === 'failed' ? (
        <Alert color="red" variant="light" mt={6}>
          The card form could not load. Check your connection and reload the page.
        </Alert>
      ) : null}
      <Box
        mt={6}
        p="sm"
        style={{
          background: '#30313d',
          borderRadius: 'var(--mantine-radius-md)',
          display: status === 'failed' ? 'none' : undefined,
        }}
      >
        {status === 'loading' ? <Skeleton height={22} radius="sm" /> : null}
        <div ref={mountRef} data-testid="stripe-card-element" />
      </Box>
    </Input.Wrapper>
  );
}
