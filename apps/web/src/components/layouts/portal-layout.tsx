import {
  ActionIcon,
  AppShell,
  Badge,
  Box,
  Burger,
  Button,
  Container,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconDownload, IconShoppingCart } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { portalRoutes } from '@/app/portal-routes';
import { paths } from '@/config/paths';
import { useUserDetail } from '@/api/get-user-detail';
import { menuOf, titleOf } from '@/lib/route-table';
import { BrandMark } from '../brand-mark';
import { ContentSkeleton } from '../page-loader';
import { AccountMenu } from './account-menu';
import { DownloadApkModal } from './download-apk-modal';
import { LicenceBanner } from './licence-banner';
import { StaffSessionBanner } from './staff-session-banner';
import classes from './portal-layout.module.css';

/** The sidebar: the portal route table's entries with `nav` (main menu), in table order. */
const NAV = menuOf(portalRoutes);

/** The signed-in customer console: sidebar, top bar and the page. */
export function PortalLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const [apkOpened, apk] = useDisclosure(false);
  const location = useLocation();
  const navigate = useNavigate();
  const detail = useUserDetail();
  const title = titleOf(portalRoutes, location.pathname) ?? '';

  const showBuyPlan = detail.data ? !detail.data.isOfflineCustomer : false;

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
            <Tooltip label="Back" withArrow>
              <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => void navigate(-1)} aria-label="Back">
                <IconArrowLeft size={20} />
              </ActionIcon>
            </Tooltip>
            <Title order={1} fz={{ base: 17, sm: 20 }} fw={700} lineClamp={1}>
              {title}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={apk.open} visibleFrom="sm">
              Download APK
            </Button>
            <Tooltip label="Download APK" withArrow>
              <ActionIcon variant="default" size="lg" onClick={apk.open} hiddenFrom="sm" aria-label="Download APK">
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
            {showBuyPlan ? (
              <>
                <Button
                  component={Link}
                  to={paths.portal.plans.getHref()}
                  leftSection={<IconShoppingCart size={16} />}
                  visibleFrom="sm"
                >
                  Buy Plan
                </Button>
                <Tooltip label="Buy Plan" withArrow>
                  <ActionIcon
                    component={Link}
                    to={paths.portal.plans.getHref()}
                    size="lg"
                    hiddenFrom="sm"
                    aria-label="Buy Plan"
                  >
                    <IconShoppingCart size={18} />
                  </ActionIcon>
                </Tooltip>
              </>
            ) : null}
            <AccountMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} p="md">
        <AppShell.Section>
          <Group justify="space-between" mb="lg" px={4} h={32}>
            <Box component={Link} to={paths.portal.dashboard.getHref()} style={{ textDecoration: 'none' }}>
              <BrandMark size="sm" />
            </Box>
            <Burger opened={navOpened} onClick={nav.close} hiddenFrom="md" size="sm" aria-label="Close navigation" />
          </Group>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea} mx="-xs" px="xs">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={12} mb={6} lts={0.5}>
            Menu
          </Text>
          <Stack gap={2} component="nav" aria-label="Main">
            {NAV.map((item) => (
              <NavLink
                key={item.href}
                component={Link}
                to={item.href}
                label={item.label}
                className={classes.link}
                leftSection={<item.icon size={20} stroke={1.6} />}
                rightSection={
                  item.isNew ? (
                    <Badge size="xs" variant="filled" color="pink" radius="sm">
                      New
                    </Badge>
                  ) : null
                }
                active={location.pathname === item.href}
                onClick={nav.close}
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          {showBuyPlan ? (
            <Box
              p="md"
              mt="md"
              style={{
                borderRadius: 'var(--mantine-radius-lg)',
                background: 'linear-gradient(135deg, var(--mantine-color-brand-6), var(--mantine-color-violet-6))',
              }}
            >
              <Text c="white" fw={700} size="sm">
                Need more licences?
              </Text>
              <Text c="white" size="xs" opacity={0.85} mt={4}>
                Add devices to any app in a few clicks.
              </Text>
              <Button
                component={Link}
                to={paths.portal.plans.getHref()}
                onClick={nav.close}
                variant="white"
                size="xs"
                mt="sm"
                fullWidth
              >
                View plans
              </Button>
            </Box>
          ) : null}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <StaffSessionBanner />
        <LicenceBanner />
        <Container size={1200} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
          <Suspense fallback={<ContentSkeleton />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>

      <DownloadApkModal opened={apkOpened} onClose={apk.close} />
    </AppShell>
  );
}
