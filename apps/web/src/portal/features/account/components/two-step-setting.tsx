import type { UserDetail } from '@fleetdeck/contract';
import { Badge, Button, Card, Group, List, Modal, PasswordInput, Stack, Switch, Text, ThemeIcon } from '@mantine/core';
import { useState } from 'react';
import { IconMailShare } from '@tabler/icons-react';
import { StaffSessionLock } from '@/portal/components/staff-session-lock';
import { useOtpLength } from '@/shared/lib/app-config';
import { useUpdateSecuritySetting } from '../api/update-security-setting';

export function TwoStepSetting({ user }: { user: UserDetail }) {
  const update = useUpdateSecuritySetting();
  const otpLength = useOtpLength();
  // The value being saved, set in the change handler itself: the mutation's pending state arrives a tick
  // later, and until then the controlled switch would snap back to the saved value.
  const [requested, setRequested] = useState<boolean | null>(null);
  const enabled = requested ?? user.enable_two_step_email_verification;
  // Turning two-step off needs the password (issue 12, item 8): the switch opens this dialog instead.
  const [confirmOff, setConfirmOff] = useState(false);
  const [password, setPassword] = useState('');
  const closeDialog = () => {
    setConfirmOff(false);
    setPassword('');
  };
  const turnOff = () => {
    setRequested(false);
    update.mutate(
      { enable_two_step_email_verification: false, password },
      { onSuccess: closeDialog, onSettled: () => setRequested(null) },
    );
  };

  return (
    <Card padding="xl" maw={720}>
      <StaffSessionLock>
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <ThemeIcon size={48} radius="md" variant="light" visibleFrom="xs">
            <IconMailShare size={26} stroke={1.6} />
          </ThemeIcon>
          <Stack gap="xs" style={{ flex: 1 }}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Group gap="xs">
                  <Text fw={700} size="lg">
                    Two-step email verification
                  </Text>
                  <Badge color={enabled ? 'green' : 'gray'} variant="light">
                    {enabled ? 'On' : 'Off'}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" mt={4}>
                  Ask for a code sent to {user.email} every time you log in, in addition to your password.
                </Text>
              </div>
              <Switch
                size="lg"
                aria-label="Ask for a code sent by email at every login (two-step email verification)"
                checked={enabled}
                disabled={requested !== null}
                onChange={(e) => {
                  const next = e.currentTarget.checked;
                  if (!next) {
                    setConfirmOff(true);
                    return;
                  }
                  setRequested(next);
                  update.mutate({ enable_two_step_email_verification: next }, { onSettled: () => setRequested(null) });
                }}
              />
            </Group>
            <List size="sm" c="dimmed" spacing={4} mt="xs">
              <List.Item>Codes are {otpLength} digits, valid for 10 minutes and work only once.</List.Item>
              <List.Item>If someone learns your password, they still cannot log in without your inbox.</List.Item>
              <List.Item>Didn&apos;t receive a code? Log in again to get a new one.</List.Item>
            </List>
          </Stack>
        </Group>
      </StaffSessionLock>
      <Modal opened={confirmOff} onClose={closeDialog} title="Turn off two-step verification">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (password && !update.isPending) turnOff();
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm">
              Enter your password to turn off two-step verification. We will email {user.email} that it was turned off.
            </Text>
            <PasswordInput
              label="Your password"
              name="password"
              autoComplete="current-password"
              data-autofocus
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={closeDialog}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={update.isPending} disabled={!password}>
                Turn off
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
