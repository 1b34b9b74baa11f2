import { forgetPasswordRequestSchema } from '@fleetdeck/contract';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconMail, IconMailCheck } from '@tabler/icons-react';
import { BackToLoginLink } from '@/shared/components/back-to-login-link';
import { paths } from '@/portal/config/paths';
import { AuthCard } from '@/shared/components/layouts/auth-card';
import { useContractForm } from '@/shared/lib/form';
import { useSendForgetPasswordLink } from '../api/forget-password';

export function ForgetPasswordPage() {
  // No client checks: the server's message is shown.
  const form = useContractForm(
    forgetPasswordRequestSchema,
    { email: '' },
    { clientCheck: false, toRequest: ({ email }) => ({ email: email.trim() }) },
  );
  const send = useSendForgetPasswordLink();

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your account email and we will send you a link to reset it."
    >
      <Stack gap="lg">
        {send.isSuccess ? (
          <Alert color="green" variant="light" icon={<IconMailCheck size={18} />}>
            {send.data.respones_msg}
          </Alert>
        ) : null}
        <form onSubmit={form.submit((request) => send.mutate(request), send.isPending)} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@company.com"
              leftSection={<IconMail size={18} stroke={1.6} />}
              {...form.getInputProps('email')}
            />
            <Button type="submit" size="md" fullWidth loading={send.isPending}>
              Submit
            </Button>
          </Stack>
        </form>
        <BackToLoginLink to={paths.auth.login.getHref()} />
      </Stack>
    </AuthCard>
  );
}
