import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUserShield } from '@tabler/icons-react';
import { NAV_ICONS } from './nav-icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { canUseArea, type StaffArea, type StaffRole } from '@fleetdeck/contract/staff';
import { AppFrame } from '@/shared/components/layouts/app-frame';
import { clearStaffSession, getStaffRole } from '@/shared/lib/auth-storage';
import { menuOf, titleOf } from '@/shared/lib/route-table';
import { staffPaths } from '../app/paths';
import { backOfficeRoutes, homeOf } from '../app/routes';
import { useStaffDetail, useStaffLogout } from '../api/staff-session';

const areaOf = new Map(backOfficeRoutes.map((r) => [r.key as string, r.area]));

/** The signed-in back office: the pages the role opens (from the route table) in the shared frame. */
export function BackOfficeLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useStaffDetail();
  const role = (detail.data?.role ?? getStaffRole()) as StaffRole | null;
  const links = menuOf(backOfficeRoutes)
    .filter((l) => canUseArea(role, areaOf.get(l.key) as StaffArea))
    .map((l) => ({ ...l, icon: NAV_ICONS[l.key as keyof typeof NAV_ICONS] }));

  const endSession = () => {
    clearStaffSession();
    queryClient.clear();
    void navigate(staffPaths.login.getHref(), { replace: true });
  };
  const logout = useStaffLogout({ meta: { silentError: true }, onSettled: endSession });

  return (
    <AppFrame
      title={titleOf(backOfficeRoutes, location.pathname) ?? ''}
      homeHref={homeOf(role)}
      navHeading="Back office"
      links={links}
      contentWidth={1400}
      actions={
        <Menu position="bottom-end" width={220} withinPortal>
          <Menu.Target>
            <Group
              gap={6}
              wrap="nowrap"
              style={{ cursor: 'pointer' }}
              role="button"
              aria-label="Account menu"
              tabIndex={0}
            >
              <IconUserShield size={20} />
              <Text size="sm" fw={600} visibleFrom="sm" truncate="end" maw={260} title={detail.data?.email}>
                {detail.data?.email ?? 'Staff'}
              </Text>
              {role ? (
                <Badge variant="light" size="sm" visibleFrom="xs">
                  {role}
                </Badge>
              ) : null}
              <ActionIcon variant="subtle" color="gray" size="sm" aria-hidden tabIndex={-1}>
                <IconChevronDown size={16} />
              </ActionIcon>
            </Group>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={staffPaths.changePassword.getHref()} leftSection={<IconKey size={16} />}>
              Change Password
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => logout.mutate()}>
              Logout
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      }
    />
  );
}
