import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '@/shared/components/layouts/auth-card';
import { paths } from '@/portal/config/paths';
import { useProductName } from '@/shared/lib/app-config';
import { RegisterForm } from '../components/register-form';

export function RegisterPage() {
  const product = useProductName();
  return (
    <AuthCard title="Create your account" subtitle={`Start managing your Android fleet with ${product}.`} width={520}>
      <Stack gap="lg">
        <RegisterForm />
        <Text size="sm" ta="center" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to={paths.auth.login.getHref()} fw={600}>
            Log in
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
