import { Avatar, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard } from '@/shared/components/layouts/auth-card';
import { paths } from '@/portal/config/paths';

/** Lock screen of the template: a fixed sample user; Unlock goes to Login. */
export function LockPage() {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(paths.auth.login.getHref());
  };
  return (
    <AuthCard title="Screen locked" subtitle="Enter your password to unlock the console." width={400}>
      <form onSubmit={onSubmit}>
        <Stack gap="md" align="stretch">
          <Stack gap={6} align="center" my="sm">
            <Avatar size={72} radius="xl" color="brand" variant="light">
              SU
            </Avatar>
            <Text fw={600} size="lg">
              Sample User
            </Text>
          </Stack>
          <PasswordInput label="Password" name="password" autoComplete="current-password" />
          <Button type="submit" size="md" fullWidth leftSection={<IconLockOpen size={18} />}>
            Unlock
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
