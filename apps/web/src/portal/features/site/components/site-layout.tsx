import { Anchor, Box, Burger, Button, Container, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { BrandMark } from '@/shared/components/brand-mark';
import { PageLoader } from '@/shared/components/page-loader';
import { LegalLinks } from '@/portal/components/legal-links';
import { paths } from '@/portal/config/paths';
import { useProductName } from '@/shared/lib/app-config';
import { sendHomePageView } from '../api/site';
import { NewsletterSignup } from './newsletter-signup';
import classes from './site-layout.module.css';

const NAV = [
  { label: 'Pricing', href: paths.public.pricing.getHref() },
  { label: 'FAQ', href: paths.site.faq.getHref() },
  { label: 'Blog', href: paths.site.blog.getHref() },
  { label: 'Videos', href: paths.site.videos.getHref() },
  { label: 'Contact', href: paths.site.contact.getHref() },
];

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return NAV.map((item) => (
    <NavLink
      key={item.href}
      to={item.href}
      className={classes.link}
      onClick={onNavigate}
      end={item.href !== '/blog'}
      // Only the /videos page's own answer may frame the players (its CSP): load it anew, never in place.
      reloadDocument={item.href === paths.site.videos.getHref()}
    >
      {item.label}
    </NavLink>
  ));
}

/** The public website's frame (DECISIONS §9): header with the site's pages, the page, footer with the newsletter. */
export function SiteLayout() {
  const product = useProductName();
  const [opened, { toggle, close }] = useDisclosure(false);
  useEffect(() => sendHomePageView(), []);
  return (
    <Box className={classes.root}>
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={paths.site.faq.getHref()} underline="never" aria-label={`${product} home`}>
              <BrandMark />
            </Anchor>
            <Group gap={4} visibleFrom="sm" component="nav" aria-label="Site">
              <NavLinks />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Button component={Link} to={paths.auth.login.getHref()} variant="light" size="sm">
                Log in
              </Button>
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Open the site menu" />
            </Group>
          </Group>
        </Container>
      </header>
      <Drawer opened={opened} onClose={close} title={product} size="xs" hiddenFrom="sm">
        <Stack gap={4} component="nav" aria-label="Site menu">
          <NavLinks onNavigate={close} />
        </Stack>
      </Drawer>

      <main className={classes.main}>
        <Container size="lg" py={{ base: 'lg', sm: 40 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </main>

      <footer className={classes.footer}>
        <Container size="lg" py="xl">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            <Stack gap="xs">
              <BrandMark />
              <Text size="sm" c="dimmed">
                Device management for Android fleets, and the apps that go with it.
              </Text>
              <Group gap="md">
                <Anchor size="sm" c="dimmed" component={Link} to={paths.public.pricing.getHref()}>
                  Pricing
                </Anchor>
                <Anchor size="sm" c="dimmed" component={Link} to={paths.site.contact.getHref()}>
                  Contact
                </Anchor>
                <LegalLinks size="sm" c="dimmed" />
              </Group>
              <Text size="xs" c="dimmed">
                © {new Date().getFullYear()} {product}
              </Text>
            </Stack>
            <NewsletterSignup />
          </SimpleGrid>
        </Container>
      </footer>
    </Box>
  );
}
