import { useState, type FormEvent } from 'react';

const CAPTCHA_MISSING = 'Please verify captcha.';

/** What the gate needs of a `useContractForm` whose request is `B`. */
interface GatedForm<B> {
  setServerErrors: (error: unknown) => boolean;
  reset: () => void;
  submit: (send: (request: B) => void, busy?: boolean) => (event?: FormEvent<HTMLFormElement>) => void;
}

/** The mutation a gated form sends through. */
interface GatedSend<B> {
  mutate: (body: B & { captcha: string }) => void;
  isPending: boolean;
}

/**
 * The captcha of a public form (DECISIONS §9): what `CaptchaField` takes, the send mutation's callbacks (`mutation`:
 * a success empties the form and calls `onSent`; a used captcha cannot be sent again) and `onSubmit`, which sends
 * only once the captcha is solved.
 */
export function useCaptchaGate<B>(form: GatedForm<B>, onSent: () => void) {
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  return {
    field: { onChange: setCaptcha, resetSignal, error: captchaError },
    mutation: {
      onSuccess: () => {
        form.reset();
        onSent();
      },
      onError: (error: unknown) => {
        form.setServerErrors(error);
        if ((error as { code?: string }).code === 'E_CAPTCHA') setCaptchaError(CAPTCHA_MISSING);
      },
      onSettled: () => {
        setCaptcha(null);
        setResetSignal((n) => n + 1);
      },
    },
    onSubmit: (send: GatedSend<B>) =>
      form.submit((body) => {
        if (!captcha) return setCaptchaError(CAPTCHA_MISSING);
        setCaptchaError(null);
        send.mutate({ ...body, captcha });
      }, send.isPending),
  };
}
