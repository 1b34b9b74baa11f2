import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconMail, IconMailCheck } from '@tabler/icons-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { staffLoginRequestSchema } from '@fleetdeck/contract/staff';
import { AuthCard } from '@/shared/components/layouts/auth-card';
import { ApiError } from '@/shared/lib/api-client';
import { useProductName } from '@/shared/lib/app-config';
import { staffPaths } from '../../../app/paths';
import { useStaffLogin } from '../../../api/staff-session';

// Only after the server asks for it: many failed logins of the account across addresses (DECISIONS §4).
const CaptchaField = lazy(async () => ({ default: (await import('@/shared/components/captcha-field')).CaptchaField }));
const CAPTCHA_MISSING = 'Please verify captcha.';

/** Staff login (spec 3 "Staff login"): email and password; the emailed code follows on the next page. */
export function StaffLoginPage() {
  const product = useProductName();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const login = useStaffLogin({
    meta: { silentSuccess: true },
    onSuccess: (_answer, variables) => void navigate(staffPaths.verifyOtp.getHref(variables.email)),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'E_CAPTCHA') setCaptchaAsked(true);
    },
    // A solved captcha is accepted once: the next try needs a new one.
    onSettled: () => {
      setCaptcha(null);
      setCaptchaReset((n) => n + 1);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    const checked = staffLoginRequestSchema.safeParse({ email, password });
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as 'email' | 'password';
        found[field] ??= field === 'email' ? 'Enter a valid email address' : 'Enter your password';
      }
      setErrors(found);
      return;
    }
    setErrors({});
    if (captchaAsked && !captcha) {
      setCaptchaError(CAPTCHA_MISSING);
      return;
    }
    setCaptchaError(null);
    login.mutate(captchaAsked && captcha ? { ...checked.data, captcha } : checked.data);
  };

  return (
    <AuthCard title={`Welcome to ${product}`} subtitle="Sign in to the back office.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {params.get('show_email_div') ? (
            <Alert color="green" variant="light" icon={<IconMailCheck size={18} />}>
              We have emailed you a confirmation link. Please check your inbox.
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            leftSection={<IconMail size={16} />}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            required
          />
          {captchaAsked ? (
            <Suspense fallback={null}>
              <CaptchaField onChange={setCaptcha} resetSignal={captchaReset} error={captchaError} />
            </Suspense>
          ) : null}
          <Button type="submit" loading={login.isPending} fullWidth>
            Login
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
