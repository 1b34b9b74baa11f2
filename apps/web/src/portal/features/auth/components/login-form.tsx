import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_FIELD_RESET_MS } from '@/shared/config/constants';
import { paths } from '@/portal/config/paths';
import { ApiError } from '@/shared/lib/api-client';
import { setToken } from '@/shared/lib/auth-storage';
import { browser } from '@/shared/lib/navigation';
import { notifyError } from '@/shared/lib/notify';
import { rememberNext, safeNext, takeNext } from '@/portal/lib/post-login-redirect';
import { useLogin } from '../api/login';
import { rememberChallenge } from '../api/verify-otp';

// The dialog (Mantine Modal) is only needed after a failed login of an old-system user.
const LegacyUserDialog = lazy(async () => ({ default: (await import('./legacy-user-dialog')).LegacyUserDialog }));
// The captcha only after the server asks for it (many failed logins of the account across addresses, DECISIONS §4).
const CaptchaField = lazy(async () => ({ default: (await import('@/portal/components/captcha-field')).CaptchaField }));
const CAPTCHA_MISSING = 'Please verify captcha.';

/**
 * The one form not on `useContractForm` (lib/form): the login page is the bundle-budget entry (≤ 150 KB gzip of initial
 * JS) and @mantine/form would add 6.2 KB to it (147.3 → 154.3 KB measured). It has no client checks to share anyway.
 */
export function LoginForm({ onFailed }: { onFailed?: () => void } = {}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [legacyOpen, setLegacyOpen] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  // Bumped to remount the inputs, which also drops values a browser autofilled.
  const [generation, setGeneration] = useState(0);
  const userTouched = useRef(false);
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);

  // The old system blanked the fields one second after the screen appeared (against autofill).
  // Fields the user has already focused are left alone so fast typists keep what they typed.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (userTouched.current) return;
      setEmail('');
      setPassword('');
      setGeneration((g) => g + 1);
    }, LOGIN_FIELD_RESET_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const login = useLogin({
    onSuccess: (answer, variables) => {
      const next = safeNext(params.get('next'));
      if (answer.enable_two_step_email_verification) {
        if (next) rememberNext(next);
        rememberChallenge(variables.email, answer.challengeId);
        void navigate(paths.auth.verifyOtp.getHref(variables.email));
        return;
      }
      const token = answer.data?.token;
      if (!token) {
        notifyError('The server did not start a session. Please try again.');
        return;
      }
      setToken(token);
      setEmail('');
      setPassword('');
      setRedirecting(true);
      browser.assign(next ?? takeNext() ?? paths.portal.dashboard.getHref());
    },
    onError: (error) => {
      onFailed?.();
      if (error instanceof ApiError && error.userExist) setLegacyOpen(true);
      if (error instanceof ApiError && error.code === 'E_CAPTCHA') setCaptchaAsked(true);
    },
    // A solved captcha is accepted once: the next try needs a new one.
    onSettled: () => {
      setCaptcha(null);
      setCaptchaReset((n) => n + 1);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending || redirecting) return;
    if (captchaAsked && !captcha) {
      setCaptchaError(CAPTCHA_MISSING);
      return;
    }
    setCaptchaError(null);
    login.mutate({
      email: email.trim(),
      password,
      userAgent: navigator.userAgent,
      ...(captchaAsked && captcha ? { captcha } : {}),
    });
  };

  /** What both fields share: their icon, their state, and a focus that keeps them from being blanked. */
  const fieldProps = (
    name: 'email' | 'password',
    value: string,
    set: (value: string) => void,
    Icon: typeof IconMail,
  ) => ({
    name,
    value,
    leftSection: <Icon size={18} stroke={1.6} />,
    onFocus: () => {
      userTouched.current = true;
    },
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(e.currentTarget.value),
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            key={`email-${generation}`}
            label="Email"
            type="email"
            placeholder="you@company.com"
            autoComplete="username"
            {...fieldProps('email', email, setEmail, IconMail)}
          />
          <div>
            <PasswordInput
              key={`password-${generation}`}
              label="Password"
              placeholder="Your password"
              autoComplete="current-password"
              {...fieldProps('password', password, setPassword, IconLock)}
            />
            <Group justify="flex-end" mt={6}>
              <Anchor component={Link} to={paths.auth.forgetPassword.getHref()} size="sm">
                Forgot password?
              </Anchor>
            </Group>
          </div>
          {captchaAsked ? (
            <Suspense fallback={null}>
              <CaptchaField onChange={setCaptcha} resetSignal={captchaReset} error={captchaError} />
            </Suspense>
          ) : null}
          <Button type="submit" size="md" fullWidth mt="xs" loading={login.isPending || redirecting}>
            Login
          </Button>
        </Stack>
      </form>
      {legacyOpen ? (
        <Suspense fallback={null}>
          <LegacyUserDialog opened onClose={() => setLegacyOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
