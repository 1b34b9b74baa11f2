import { Anchor, Box, Group, Text } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { PRIVACY_POLICY_URL } from '@/config/constants';
import { paths } from '@/config/paths';
import { useProductName } from '@/lib/app-config';
import { BrandMark } from '../brand-mark';
import { PageLoader } from '../page-loader';
import { useToastsClearedOnRouteChange } from '@/lib/notify';
import classes from './auth-layout.module.css';

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
        <Anchor inherit c="dimmed" href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer">
          Privacy policy
        </Anchor>
      </Group>
    </Box>
  );
}

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}

/** The card every auth page sits in. */
export function AuthCard({ title, subtitle, children, width = 440 }: AuthCardProps) {
  return (
    <Box
      w="100%"
      maw={width}
      p={{ base: 'lg', sm: 36 }}
      bg="white"
      style={{
        borderRadius: 'var(--mantine-radius-lg)',
        border: '1px solid var(--mantine-color-gray-2)',
        boxShadow: '0 1px 2px rgba(16,24,40,.04), 0 12px 32px -8px rgba(16,24,40,.12)',
      }}
    >
      <Text component="h1" fz={24} fw={700} m={0} lh={1.25}>
        {title}
      </Text>
      {subtitle ? (
        <Text c="dimmed" size="sm" mt={6}>
          {subtitle}
        </Text>
      ) : null}
      <Box mt="lg">{children}</Box>
    </Box>
  );
}
