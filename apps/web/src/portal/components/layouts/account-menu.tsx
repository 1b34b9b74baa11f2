import { Avatar, Box, Group, Menu, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { menuFor } from '@/portal/app/portal-routes';
import { paths } from '@/portal/config/paths';
import { useUserDetail } from '@/portal/api/get-user-detail';
import { useLogout } from '@/portal/api/logout';
import { usePermissions } from '@/portal/lib/permissions';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('') || '?';

export function AccountMenu() {
  const navigate = useNavigate();
  const detail = useUserDetail();
  const logout = useLogout({
    onSettled: () => void navigate(paths.auth.login.getHref(), { replace: true }),
  });
  // The signed-in person: a member of the team (`member`), or the registrant on a server without one.
  const member = detail.data?.member;
  const name = member?.name ?? detail.data?.name ?? '';
  const email = member?.email ?? detail.data?.email ?? '';
  // The account menu's pages: the route table's entries with `nav.menu: 'account'` the member may open.
  const accountMenu = menuFor(usePermissions(), 'account');

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton style={{ borderRadius: 'var(--mantine-radius-xl)' }} p={4}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="brand" radius="xl" size={34} aria-hidden>
              {detail.data ? initials(name) : null}
            </Avatar>
            {detail.isPending ? (
              <Skeleton h={14} w={90} visibleFrom="sm" />
            ) : (
              <Text size="sm" fw={600} visibleFrom="sm" maw={160} truncate="end">
                {name || 'Account'}
              </Text>
            )}
            {/* Named by its content (the name shows from sm), so what is read contains what is seen. */}
            <VisuallyHidden>Account menu</VisuallyHidden>
            <Box visibleFrom="sm" display="flex">
              <IconChevronDown size={14} stroke={1.8} />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {detail.data ? (
          <>
            <Menu.Label>
              <Text size="sm" fw={600} c="dark" truncate="end">
                {name}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {email}
              </Text>
              {member ? (
                <Text size="xs" c="dimmed">
                  Role: {member.role}
                </Text>
              ) : null}
            </Menu.Label>
            <Menu.Divider />
          </>
        ) : null}
        {accountMenu.map((item) => (
          <Menu.Item
            key={item.key}
            leftSection={item.icon ? <item.icon size={16} /> : undefined}
            onClick={() => void navigate(item.href)}
          >
            {item.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          disabled={logout.isPending}
          closeMenuOnClick={false}
          onClick={() => logout.mutate()}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
