import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { BackToLoginLink } from '@/shared/components/back-to-login-link';
import { AuthCard } from '@/shared/components/layouts/auth-card';
import { useOtpLength } from '@/shared/lib/app-config';
import { setStaffSession } from '@/shared/lib/auth-storage';
import { staffPaths } from '../../../app/paths';
import { useStaffVerifyOtp } from '../../../api/staff-session';
import { OtpField } from '@/shared/components/otp-field';

/** The emailed code (spec 3 "Staff code check"): the email read-only, a numeric code, Verify OTP. */
export function StaffVerifyOtpPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const length = useOtpLength();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useStaffVerifyOtp({
    onSuccess: ({ data }) => {
      // Staff sign-in clears any customer token in this browser (spec 3 §4).
      setStaffSession(data.token, data.user.role);
      queryClient.clear();
      // The sign-in pages' guard sends a signed-in member on to their home (router.tsx, `StaffGuestOnly`): the page
      // does not import the route table that lazily imports it.
      void navigate(staffPaths.login.getHref(), { replace: true });
    },
  });

  if (!email) return <Navigate to={staffPaths.login.getHref()} replace />;

  const send = (code: string) => {
    if (verify.isPending) return;
    if (!new RegExp(`^\\d{${length}}$`).test(code)) {
      setError(`Enter the ${length}-digit code from the email.`);
      return;
    }
    setError(null);
    verify.mutate({ email, otp: code });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(otp);
  };

  return (
    <AuthCard title="Verify OTP" subtitle="Enter the code we emailed you to finish signing in.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Alert color="blue" variant="light" icon={<IconMailCheck size={18} />}>
            Check your email for otp.
          </Alert>
          <TextInput label="Email" value={email} readOnly variant="filled" />
          <OtpField
            label="OTP"
            digitLabel="OTP digit"
            length={length}
            value={otp}
            onChange={setOtp}
            onComplete={send}
            error={error}
            disabled={verify.isPending}
          />
          <Button type="submit" loading={verify.isPending} fullWidth>
            Verify OTP
          </Button>
          <BackToLoginLink to={staffPaths.login.getHref()} />
        </Stack>
      </form>
    </AuthCard>
  );
}
