import { forgetPasswordRequestSchema } from '@fleetdeck/contract';
import { Alert, Stack } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { BackToLoginLink } from '@/shared/components/back-to-login-link';
import { BoundEmailInput, FullSubmitButton } from '@/portal/components/form-fields';
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
            <BoundEmailInput form={form} field="email" autoComplete="email" />
            <FullSubmitButton loading={send.isPending} />
          </Stack>
        </form>
        <BackToLoginLink to={paths.auth.login.getHref()} />
      </Stack>
    </AuthCard>
  );
}
