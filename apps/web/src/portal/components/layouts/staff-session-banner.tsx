import { Group, Text } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { useUserDetail } from '@/portal/api/get-user-detail';

/**
 * Login-as (DECISIONS §8): on every page of a console a staff member opened, who is viewing and as whom. The server
 * marks the session; `users/detail` carries `staffSession` only then.
 */
export function StaffSessionBanner() {
  const detail = useUserDetail();
  const staff = detail.data?.staffSession;
  if (!staff || !detail.data) return null;
  return (
    <Group
      role="status"
      data-testid="staff-session-banner"
      gap="xs"
      justify="center"
      wrap="wrap"
      px={{ base: 'md', sm: 'xl' }}
      py={8}
      bg="dark.7"
      c="white"
      ta="center"
    >
      <IconUserShield size={18} aria-hidden />
      <Text inherit size="sm" fw={600}>
        Viewing as {detail.data.email} — staff session ({staff.staffEmail})
      </Text>
    </Group>
  );
}
