import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { setToken } from '@/shared/lib/auth-storage';
import { useOtpLength } from '@/shared/lib/app-config';
import { browser } from '@/shared/lib/navigation';
import { notifyError } from '@/shared/lib/notify';
import { takeNext } from '@/portal/lib/post-login-redirect';
import { paths } from '@/portal/config/paths';
import { challengeFor, useVerifyOtp } from '../api/verify-otp';
import { OtpField } from '@/shared/components/otp-field';

export function VerifyOtpForm({ email }: { email: string }) {
  const length = useOtpLength();
  const [otp, setOtp] = useState('');
  const [redirecting, setRedirecting] = useState(false);

  const verify = useVerifyOtp({
    onSuccess: (answer) => {
      setToken(answer.data.token);
      setRedirecting(true);
      browser.assign(takeNext() ?? paths.portal.dashboard.getHref());
    },
    onError: () => setOtp(''),
  });

  const send = (code: string) => {
    if (verify.isPending || redirecting) return;
    if (code.length !== length) {
      notifyError(`Enter the ${length}-digit code from the email.`);
      return;
    }
    const challengeId = challengeFor(email);
    verify.mutate(challengeId ? { otp: code, email, challengeId } : { otp: code, email });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(otp);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <TextInput label="Email" value={email} readOnly variant="filled" />
        <OtpField
          label="Verification code"
          digitLabel="Verification code digit"
          length={length}
          value={otp}
          onChange={setOtp}
          onComplete={send}
          disabled={verify.isPending || redirecting}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={verify.isPending || redirecting}
          disabled={otp.length !== length}
        >
          Verify
        </Button>
      </Stack>
    </form>
  );
}
