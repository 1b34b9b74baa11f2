import { Alert, Anchor, Divider, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '@/shared/components/layouts/auth-card';
import { paths } from '@/portal/config/paths';
import { useProductName } from '@/shared/lib/app-config';
import { EmailVerificationStatus } from '../components/email-verification-status';
import { LoginForm } from '../components/login-form';
import { ProductBuyLinks } from '../components/product-buy-links';

export const EMAIL_SENT_NOTICE = 'We have sent a verification link to your email. Please verify your email to log in.';

export function LoginPage() {
  const product = useProductName();
  const [params] = useSearchParams();
  const showEmailNotice = params.get('show_email_div') === '1';
  // A failed login makes the verification link's answer stale: a new key drops it (the link is already used).
  const [failedLogins, setFailedLogins] = useState(0);

  return (
    <AuthCard title={`Sign in to ${product}`} subtitle="Manage your devices, licences and apps in one place.">
      <Stack gap="lg">
        {showEmailNotice ? (
          <Alert color="brand" variant="light" icon={<IconMailCheck size={18} />} title="Check your inbox">
            {EMAIL_SENT_NOTICE}
          </Alert>
        ) : null}
        <EmailVerificationStatus key={failedLogins} />
        <LoginForm onFailed={() => setFailedLogins((n) => n + 1)} />
        <Text size="sm" ta="center" c="dimmed">
          New to {product}?{' '}
          <Anchor component={Link} to={paths.auth.register.getHref()} fw={600}>
            Create an account
          </Anchor>
        </Text>
        <Divider label="Buy a licence" labelPosition="center" />
        <ProductBuyLinks />
      </Stack>
    </AuthCard>
  );
}
