import type { CaptchaFieldProps } from '@/portal/components/captcha-field';

/** Stand-in for the ALTCHA widget (jsdom cannot run it): a button that "solves" it. */
export function FakeCaptchaField({ onChange, error, resetSignal = 0 }: CaptchaFieldProps) {
  return (
    <div>
      <button type="button" onClick={() => onChange('captcha-payload')}>
        Solve captcha
      </button>
      <span data-testid="captcha-resets">{resetSignal}</span>
      {error ? <p>{error}</p> : null}
    </div>
  );
}
