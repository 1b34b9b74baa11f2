import { Badge, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUserShield } from '@tabler/icons-react';
import { NAV_ICONS } from './nav-icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { canUseArea, type StaffArea, type StaffRole } from '@fleetdeck/contract/staff';
import { AppFrame } from '@/shared/components/layouts/app-frame';
import { clearStaffSession, getStaffRole } from '@/shared/lib/auth-storage';
import { menuOf, titleOf } from '@/shared/lib/route-table';
import { staffPaths } from '../app/paths';
import { backOfficeRoutes, homeOf, sectionIndex } from '../app/routes';
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
    .map((l) => ({ ...l, icon: NAV_ICONS[l.key as keyof typeof NAV_ICONS] }))
    .sort((a, b) => sectionIndex(a.group) - sectionIndex(b.group));

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
            {/* One button, named by what it shows (the email, the role) and then "Account menu"; nothing focusable
                inside it (axe nested-interactive, label-content-name-mismatch). */}
            <UnstyledButton style={{ borderRadius: 'var(--mantine-radius-sm)' }} p={4}>
              <Group gap={6} wrap="nowrap">
                <IconUserShield size={20} aria-hidden />
                <Text size="sm" fw={600} visibleFrom="sm" truncate="end" maw={260} title={detail.data?.email}>
                  {detail.data?.email ?? 'Staff'}
                </Text>
                {role ? (
                  // The role as the contract and the staff list write it ("SuperAdmin"), not Mantine's capitals.
                  <Badge variant="light" size="sm" visibleFrom="xs" tt="none">
                    {role}
                  </Badge>
                ) : null}
                <VisuallyHidden>Account menu</VisuallyHidden>
                <IconChevronDown size={16} aria-hidden />
              </Group>
            </UnstyledButton>
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
