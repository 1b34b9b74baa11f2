import { changePasswordRequestSchema } from '@fleetdeck/contract';
import { Card, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { SubmitRow } from '@/portal/components/form-fields';
import { BoundPasswordInput, NewPasswordInputs } from '@/shared/components/form-fields';
import { StaffSessionLock } from '@/portal/components/staff-session-lock';
import { paths } from '@/portal/config/paths';
import { logout } from '@/portal/api/logout';
import { clearToken } from '@/shared/lib/auth-storage';
import { useContractForm } from '@/shared/lib/form';
import { useChangePassword } from '../api/change-password';

export function ChangePasswordForm() {
  const navigate = useNavigate();
  // Spec 1: no client checks on a password change; the server decides and its message is shown.
  const form = useContractForm(
    changePasswordRequestSchema,
    { old_password: '', new_password: '', confirm_password: '' },
    { clientCheck: false },
  );

  const change = useChangePassword({
    onSuccess: () => {
      // The server revoked every session; drop ours, tell the server anyway (errors ignored), then log in again.
      clearToken();
      logout().catch(() => undefined);
      void navigate(paths.auth.login.getHref(), { replace: true });
    },
  });

  return (
    <Card padding="xl" maw={560}>
      <Text fw={700} size="lg">
        Change your password
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        After the change you will be signed out everywhere and asked to log in with the new password.
      </Text>
      <StaffSessionLock>
        <form onSubmit={form.submit((request) => change.mutate(request), change.isPending)} noValidate>
          <Stack gap="md" mt="lg">
            <BoundPasswordInput form={form} field="old_password" label="Old password" autoComplete="current-password" />
            <NewPasswordInputs form={form} field="new_password" description="8 to 128 characters" />
            <SubmitRow loading={change.isPending}>Submit</SubmitRow>
          </Stack>
        </form>
      </StaffSessionLock>
    </Card>
  );
}
