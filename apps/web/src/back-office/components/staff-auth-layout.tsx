import { Box, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BrandMark } from '@/shared/components/brand-mark';
import { PageLoader } from '@/shared/components/page-loader';
import { useProductName } from '@/shared/lib/app-config';
import classes from '@/shared/components/layouts/auth-layout.module.css';

/** The back office's sign-in screens: the product mark above a centred card. */
export function StaffAuthLayout() {
  const product = useProductName();
  return (
    <Box className={classes.root}>
      <BrandMark size="lg" />
      <main className={classes.content}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Text className={classes.footer} ta="center">
        © {new Date().getFullYear()} {product} · Back office
      </Text>
    </Box>
  );
}
