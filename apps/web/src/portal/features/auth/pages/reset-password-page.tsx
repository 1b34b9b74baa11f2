import { resetPasswordRequestSchema } from '@fleetdeck/contract';
import { Alert, Anchor, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BackToLoginLink } from '@/shared/components/back-to-login-link';
import { AuthCard } from '@/shared/components/layouts/auth-card';
import { FullSubmitButton } from '@/portal/components/form-fields';
import { NewPasswordInputs } from '@/shared/components/form-fields';
import { paths } from '@/portal/config/paths';
import { errorMessage } from '@/shared/lib/api-client';
import { useContractForm } from '@/shared/lib/form';
import { useResetPassword } from '../api/reset-password';

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const iv = params.get('iv') ?? '';
  const encryptedData = params.get('encryptedData') ?? params.get('encrypted_data') ?? '';
  // Spec 1: no client checks on a reset; the server decides and its message is shown.
  const form = useContractForm(
    resetPasswordRequestSchema,
    { password: '', confirm_password: '' },
    { clientCheck: false, toRequest: (values) => ({ ...values, iv, encrypted_data: encryptedData }) },
  );

  const reset = useResetPassword({
    onSuccess: () => void navigate(paths.auth.login.getHref(), { replace: true }),
  });

  const linkIncomplete = !iv || !encryptedData;

  return (
    <AuthCard title="Choose a new password" subtitle="Your new password must be 8 to 128 characters long.">
      <Stack gap="lg">
        {linkIncomplete ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Incomplete link">
            This reset link is missing information. Open the link from the email again, or{' '}
            <Anchor component={Link} to={paths.auth.forgetPassword.getHref()} inherit>
              request a new one
            </Anchor>
            .
          </Alert>
        ) : null}
        {reset.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {errorMessage(reset.error)}
          </Alert>
        ) : null}
        <form onSubmit={form.submit((request) => reset.mutate(request), reset.isPending)} noValidate>
          <Stack gap="md">
            <NewPasswordInputs form={form} field="password" />
            <FullSubmitButton loading={reset.isPending} />
          </Stack>
        </form>
        <BackToLoginLink to={paths.auth.login.getHref()} />
      </Stack>
    </AuthCard>
  );
}
