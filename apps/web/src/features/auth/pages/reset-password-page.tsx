import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const iv = params.get('iv') ?? '';
  const encryptedData = params.get('encryptedData') ?? params.get('encrypted_data') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const reset = useResetPassword({
    onSuccess: () => void navigate(paths.auth.login.getHref(), { replace: true }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    reset.mutate({ password, confirm_password: confirm, iv, encrypted_data: encryptedData });
  };

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
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <PasswordInput
              label="New password"
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <PasswordInput
              label="Confirm password"
              name="confirm_password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
            />
            <Button type="submit" size="md" fullWidth loading={reset.isPending}>
              Submit
            </Button>
          </Stack>
        </form>
        <Anchor component={Link} to={paths.auth.login.getHref()} size="sm" ta="center">
          <IconArrowLeft size={14} style={{ verticalAlign: -2 }} /> Back to login
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
