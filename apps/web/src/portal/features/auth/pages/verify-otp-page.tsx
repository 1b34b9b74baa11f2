import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { BackToLoginLink } from '@/shared/components/back-to-login-link';
import { AuthCard } from '@/shared/components/layouts/auth-card';
import { paths } from '@/portal/config/paths';
import { VerifyOtpForm } from '../components/verify-otp-form';

export function VerifyOtpPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';

  return (
    <AuthCard
      title="Check your email"
      subtitle="We sent a sign-in code to your email address. Enter it below to continue."
    >
      <Stack gap="lg">
        {email ? (
          <VerifyOtpForm email={email} />
        ) : (
          <>
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
              This page needs the email you signed in with. Please log in again to receive a new code.
            </Alert>
            <Button component={Link} to={paths.auth.login.getHref()}>
              Go to login
            </Button>
          </>
        )}
        <Text size="sm" ta="center" c="dimmed">
          Didn&apos;t get a code? Log in again to receive a new one.
        </Text>
        <BackToLoginLink to={paths.auth.login.getHref()} />
      </Stack>
    </AuthCard>
  );
}
