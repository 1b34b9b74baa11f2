import {
  ActionIcon,
  AppShell,
  Badge,
  Box,
  Burger,
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
import { IconArrowLeft } from '@tabler/icons-react';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '../brand-mark';
import { ContentSkeleton } from '../page-loader';
import { useToastsClearedOnRouteChange } from '@/shared/lib/notify';
import classes from './app-frame.module.css';

export interface FrameLink {
  href: string;
  label: string;
  icon?: ComponentType<{ size?: number; stroke?: number }>;
  isNew?: boolean;
  /** Sidebar section (a heading above its links); links without one are listed first, under `navHeading`. */
  group?: string | undefined;
}

/** Links in sections, in the order each section first appears (a flat list is one section without a heading). */
function sectionsOf(links: FrameLink[]) {
  const sections = new Map<string, FrameLink[]>();
  for (const link of links) {
    const key = link.group ?? '';
    sections.set(key, [...(sections.get(key) ?? []), link]);
  }
  return [...sections];
}

interface AppFrameProps {
  /** Top bar title (the page's, from the app's route table). */
  title: string;
  /** Where the brand mark in the sidebar leads. */
  homeHref: string;
  /** Heading above the sidebar links. */
  navHeading: string;
  links: FrameLink[];
  /** Right side of the top bar (buttons, account menu). */
  actions: ReactNode;
  /** Below the links (the portal's "Need more licences?" card); gets the function that closes the mobile menu. */
  navFooter?: (closeNav: () => void) => ReactNode;
  /** Above the page (banners). */
  banners?: ReactNode;
  /** Widest content, px. */
  contentWidth?: number;
  /** Shows the Back button (the customer console, spec 1 §2). */
  withBack?: boolean;
}

/**
 * The signed-in frame of both apps: a sidebar that collapses into a burger on a phone, a top bar with the page title,
 * and the page in a padded container. The customer console and the back office fill it with their own links and
 * actions.
 */
export function AppFrame({
  title,
  homeHref,
  navHeading,
  links,
  actions,
  navFooter,
  banners,
  contentWidth = 1200,
  withBack = false,
}: AppFrameProps) {
  const [navOpened, nav] = useDisclosure(false);
  const location = useLocation();
  const navigate = useNavigate();
  useToastsClearedOnRouteChange();
  return (
    <AppShell
      layout="alt"
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
      padding={0}
    >
      <a
        href="#main-content"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to content
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="md" size="sm" aria-label="Toggle navigation" />
            {withBack ? (
              <Tooltip label="Back" withArrow>
                <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => void navigate(-1)} aria-label="Back">
                  <IconArrowLeft size={20} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {/* Two lines on a phone rather than "Payment…": the whole title stays readable. */}
            <Title order={1} fw={700} lineClamp={2} className={classes.title}>
              {title}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {actions}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} p="md">
        <AppShell.Section>
          <Group justify="space-between" mb="lg" px={4} h={32}>
            <Box component={Link} to={homeHref} style={{ textDecoration: 'none' }}>
              <BrandMark size="sm" />
            </Box>
            <Burger opened={navOpened} onClick={nav.close} hiddenFrom="md" size="sm" aria-label="Close navigation" />
          </Group>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea} mx="-xs" px="xs">
          <Stack gap="sm" component="nav" aria-label="Main">
            {sectionsOf(links).map(([group, items]) => (
              <Stack key={group} gap={2} role="group" aria-label={group || navHeading}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={12} mb={4} lts={0.5} aria-hidden>
                  {group || navHeading}
                </Text>
                {items.map((item) => (
                  <NavLink
                    key={item.href}
                    component={Link}
                    to={item.href}
                    label={item.label}
                    className={classes.link}
                    leftSection={item.icon ? <item.icon size={20} stroke={1.6} /> : undefined}
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
            ))}
          </Stack>
        </AppShell.Section>
        {navFooter ? <AppShell.Section>{navFooter(nav.close)}</AppShell.Section> : null}
      </AppShell.Navbar>

      <AppShell.Main className={classes.main} id="main-content" tabIndex={-1}>
        {banners}
        <Container size={contentWidth} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
          <Suspense fallback={<ContentSkeleton />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
