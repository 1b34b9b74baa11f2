import { Button, Card, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { logout } from '@/api/logout';
import { clearToken } from '@/lib/auth-storage';
import { useChangePassword } from '../api/change-password';

export function ChangePasswordForm() {
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const change = useChangePassword({
    onSuccess: () => {
      // The server revoked every session; drop ours, tell the server anyway (errors ignored), then log in again.
      clearToken();
      logout().catch(() => undefined);
      void navigate(paths.auth.login.getHref(), { replace: true });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    change.mutate({ old_password: oldPassword, new_password: newPassword, confirm_password: confirm });
  };

  return (
    <Card padding="xl" maw={560}>
      <Text fw={700} size="lg">
        Change your password
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        After the change you will be signed out everywhere and asked to log in with the new password.
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" mt="lg">
          <PasswordInput
            label="Old password"
            name="old_password"
            autoComplete="current-password"
            value={oldPassword}
            onChange={(e) => setOldPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label="New password"
            name="new_password"
            autoComplete="new-password"
            description="8 to 128 characters"
            value={newPassword}
            onChange={(e) => setNewPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm password"
            name="confirm_password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          <Group justify="flex-end" mt="xs">
            <Button type="submit" loading={change.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
