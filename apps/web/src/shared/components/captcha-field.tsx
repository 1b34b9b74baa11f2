import { captchaApi } from '@fleetdeck/contract';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import { Input, Skeleton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

export interface CaptchaFieldProps {
  /** The solved payload (base64 JSON) once verified; null when unsolved, expired or reset. */
  onChange: (payload: string | null) => void;
  /** Change this number to re-arm the widget (after a failed payment: the payload is single use). */
  resetSignal?: number;
  /** Error shown under the widget (e.g. "Please verify captcha."). */
  error?: string | null;
}

type Detail = { payload?: string | null; state?: string };

/**
 * The ALTCHA proof-of-work widget. The web component is loaded with a dynamic import the first time a
 * checkout page renders it, so no other page pays for it. The default bundle runs its workers from blob:
 * URLs and injects one style element, which the CSP allows (`worker-src 'self' blob:`, inline styles).
 * Tests replace this module (jsdom cannot run the widget).
 */
export function CaptchaField({ onChange, resetSignal = 0, error }: CaptchaFieldProps) {
  const ref = useRef<AltchaWidgetElement | null>(null);
  const [ready, setReady] = useState(
    () => typeof customElements !== 'undefined' && !!customElements.get('altcha-widget'),
  );
  const [loadFailed, setLoadFailed] = useState(false);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    import('altcha')
      .then(() => {
        if (!cancelled) setReady(true);
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [ready]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !ready) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<Detail>).detail ?? {};
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    const onExpired = () => onChangeRef.current(null);
    el.addEventListener('statechange', onState);
    el.addEventListener('expired', onExpired);
    return () => {
      el.removeEventListener('statechange', onState);
      el.removeEventListener('expired', onExpired);
    };
  }, [ready]);

  // Re-arm after a failure: the server accepts each solution once.
  useEffect(() => {
    if (resetSignal === 0) return;
    onChangeRef.current(null);
    const el = ref.current;
    if (el && typeof el.reset === 'function') el.reset();
  }, [resetSignal]);

  return (
    <Input.Wrapper
      label="Verification"
      error={error ?? (loadFailed ? 'The captcha could not load. Reload the page.' : null)}
    >
      <div style={{ marginTop: 6 }}>
        {ready ? (
          <altcha-widget
            ref={ref}
            challenge={captchaApi.challenge.path}
            name="captcha"
            style={{ '--altcha-max-width': '100%' }}
          />
        ) : (
          <Skeleton height={64} radius="md" />
        )}
      </div>
    </Input.Wrapper>
  );
}
