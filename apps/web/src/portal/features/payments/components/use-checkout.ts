import { CAPTCHA_MESSAGE, type CheckoutResponse } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/shared/lib/api-client';
import { notifyError } from '@/shared/lib/notify';
import { newIdempotencyKey } from '../api/checkout';
import { invalidateAfter } from '@/portal/lib/query-keys';

type CheckoutAnswer = CheckoutResponse['data'];

export interface CheckoutSteps {
  /** Calls purchase or subscription update with the solved captcha; answers the client secret. */
  start: (captcha: string, idempotencyKey: string) => Promise<CheckoutAnswer>;
  /** Confirms the payment with the card (entered, or on file). Throws with the provider's message. */
  confirm: (clientSecret: string) => Promise<'succeeded' | 'processing'>;
}

/**
 * The checkout flow of spec 1 §4: captcha → purchase/update → client secret → card confirmation → success view.
 * A failure shows the provider's message (toast and inline), re-arms the captcha (its payload is single use)
 * and lets the user try again.
 */
export function useCheckout() {
  const queryClient = useQueryClient();
  const [captcha, setCaptchaState] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);

  const mutation = useMutation({
    mutationFn: async ({ steps, captcha: solved }: { steps: CheckoutSteps; captcha: string }) => {
      const checkout = await steps.start(solved, newIdempotencyKey());
      if (checkout.status === 'succeeded' || checkout.status === 'processing') return checkout.status;
      return steps.confirm(checkout.clientSecret);
    },
    meta: { silentError: true, silentSuccess: true },
    onSuccess: async () => {
      setSucceeded(true);
      await invalidateAfter.payment(queryClient);
    },
    onError: (error) => {
      const message = errorMessage(error);
      notifyError(message);
      setFailure(message);
      setCaptchaState(null);
      setCaptchaReset((n) => n + 1);
    },
  });

  const setCaptcha = (payload: string | null) => {
    setCaptchaState(payload);
    if (payload) setCaptchaError(null);
  };

  /** Runs the flow unless the captcha is unsolved ("Please verify captcha.", nothing sent) or `precheck` fails. */
  const pay = (steps: CheckoutSteps, precheck?: () => boolean): boolean => {
    if (mutation.isPending) return false;
    if (!captcha) {
      setCaptchaError(CAPTCHA_MESSAGE);
      notifyError(CAPTCHA_MESSAGE);
      return false;
    }
    if (precheck && !precheck()) return false;
    setFailure(null);
    mutation.mutate({ steps, captcha });
    return true;
  };

  return {
    pay,
    pending: mutation.isPending,
    succeeded,
    failure,
    captcha: { onChange: setCaptcha, resetSignal: captchaReset, error: captchaError, solved: Boolean(captcha) },
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
