import {
  ActionIcon,
  AppShell,
  Badge,
  Box,
  Container,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconKey, IconLogout, IconUserShield } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { canUseArea, type StaffArea, type StaffRole } from '@fleetdeck/contract/staff';
import { BrandMark } from '@/components/brand-mark';
import { ContentSkeleton } from '@/components/page-loader';
import { clearStaffSession, getStaffRole } from '@/lib/auth-storage';
import { menuOf, titleOf } from '@/lib/route-table';
import classes from '@/components/layouts/portal-layout.module.css';
import { staffPaths } from '../app/paths';
import { backOfficeRoutes } from '../app/routes';
import { useStaffDetail, useStaffLogout } from '../features/session/api/staff-session';

const areaOf = new Map(backOfficeRoutes.map((r) => [r.key as string, r.area]));

/** The signed-in back office: a sidebar of the pages the role opens (from the route table), top bar, the page. */
export function BackOfficeLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useStaffDetail();
  const role = (detail.data?.role ?? getStaffRole()) as StaffRole | null;
  const links = menuOf(backOfficeRoutes).filter((l) => canUseArea(role, areaOf.get(l.key) as StaffArea));
  const title = titleOf(backOfficeRoutes, location.pathname) ?? '';

  const endSession = () => {
    clearStaffSession();
    queryClient.clear();
    void navigate(staffPaths.login.getHref(), { replace: true });
  };
  const logout = useStaffLogout({ meta: { silentError: true }, onSettled: endSession });

  return (
    <AppShell
      layout="alt"
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
      padding={0}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="md" size="sm" aria-label="Toggle navigation" />
            <Title order={1} fz={{ base: 17, sm: 20 }} fw={700} lineClamp={1}>
              {title}
            </Title>
          </Group>
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
                <Text size="sm" fw={600} visibleFrom="sm" lineClamp={1} maw={220}>
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
        </Group>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} p="md">
        <AppShell.Section>
          <Group justify="space-between" mb="lg" px={4} h={32}>
            <Box
              component={Link}
              to={links[0]?.href ?? staffPaths.changePassword.getHref()}
              style={{ textDecoration: 'none' }}
            >
              <BrandMark size="sm" />
            </Box>
            <Burger opened={navOpened} onClick={nav.close} hiddenFrom="md" size="sm" aria-label="Close navigation" />
          </Group>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea} mx="-xs" px="xs">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={12} mb={6} lts={0.5}>
            Back office
          </Text>
          <Stack gap={2} component="nav" aria-label="Main">
            {links.map((item) => (
              <NavLink
                key={item.href}
                component={Link}
                to={item.href}
                label={item.label}
                className={classes.link}
                leftSection={<item.icon size={20} stroke={1.6} />}
                active={location.pathname === item.href}
                onClick={nav.close}
              />
            ))}
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <Container size={1400} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
          <Suspense fallback={<ContentSkeleton />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
