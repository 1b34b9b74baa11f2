import { Anchor, Box, Group, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { LegalLinks } from '@/portal/components/legal-links';
import { paths } from '@/portal/config/paths';
import { useProductName } from '@/shared/lib/app-config';
import { BrandMark } from '@/shared/components/brand-mark';
import { PageLoader } from '@/shared/components/page-loader';
import { useToastsClearedOnRouteChange } from '@/shared/lib/notify';
import classes from '@/shared/components/layouts/auth-layout.module.css';

/** Public screens: the product mark above a centred card on a soft background. */
export function AuthLayout() {
  const product = useProductName();
  useToastsClearedOnRouteChange();
  return (
    <Box className={classes.root}>
      <Anchor component={Link} to={paths.auth.login.getHref()} underline="never" aria-label={`${product} home`}>
        <BrandMark size="lg" />
      </Anchor>
      <main className={classes.content}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Group gap="md" className={classes.footer} justify="center">
        <Text inherit>
          © {new Date().getFullYear()} {product}
        </Text>
        <Anchor inherit c="dimmed" component={Link} to={paths.public.pricing.getHref()}>
          Pricing
        </Anchor>
        <LegalLinks inherit c="dimmed" />
      </Group>
    </Box>
  );
}
