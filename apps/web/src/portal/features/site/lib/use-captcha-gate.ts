import { useState } from 'react';

const CAPTCHA_MISSING = 'Please verify captcha.';

/**
 * The captcha of a public form (DECISIONS §9): what `CaptchaField` takes, the mutation's `onError`/`onSettled`
 * (a used captcha cannot be sent again) and `withCaptcha`, which sends only once the captcha is solved.
 */
export function useCaptchaGate(form: { setServerErrors: (error: unknown) => boolean }) {
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  return {
    field: { onChange: setCaptcha, resetSignal, error: captchaError },
    onError: (error: unknown) => {
      form.setServerErrors(error);
      if ((error as { code?: string }).code === 'E_CAPTCHA') setCaptchaError(CAPTCHA_MISSING);
    },
    onSettled: () => {
      setCaptcha(null);
      setResetSignal((n) => n + 1);
    },
    withCaptcha:
      <B>(send: (body: B & { captcha: string }) => void) =>
      (body: B) => {
        if (!captcha) return setCaptchaError(CAPTCHA_MISSING);
        setCaptchaError(null);
        send({ ...body, captcha });
      },
  };
}
