import { Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useUserDetail } from '@/portal/api/get-user-detail';
import { AccountLoadError } from '@/portal/components/account-load-error';
import { QueryError } from '@/shared/components/query-view';
import { LoginQrCard } from '@/portal/components/login-qr-card';
import { useProductName } from '@/shared/lib/app-config';
import { useDashboard } from '../api/get-dashboard';
import { GettingStarted } from '../components/getting-started';
import { LicenceCharts } from '../components/licence-charts';
import { LicenceStatCards } from '../components/licence-stat-cards';
import { LicenceTable } from '../components/licence-table';

const greeting = () => {
  const hour = dayjs().hour();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
};

/** /dashboard (spec 1 §2): licence totals, the login QR code, monthly enrolments and licences per app. */
export function DashboardPage() {
  const product = useProductName();
  const detail = useUserDetail();
  const dashboard = useDashboard();

  // The chart code (about 100 KB) loads when a chart comes near the screen, after the page's first paint with its
  // data, not beside that data: on a phone's network it would hold up the numbers the page opens with.

  if (detail.isError) return <AccountLoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  const user = detail.data;

  return (
    <Stack gap="lg">
      {user ? (
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {greeting()}
          </Text>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            Welcome, {user.name}
          </Title>
          <Text c="dimmed" size="sm" maw={640}>
            This is your {product} console: enrol devices with the QR code, manage their profiles and keep track of your
            licences.
          </Text>
        </div>
      ) : (
        <Stack gap={6} aria-busy="true">
          <Skeleton h={12} w={110} />
          <Skeleton h={28} w="50%" />
          <Skeleton h={12} w="70%" />
        </Stack>
      )}

      {dashboard.isError ? <QueryError title="Your licence overview could not load" query={dashboard} /> : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg" h="100%">
            {!dashboard.isError ? <LicenceStatCards data={dashboard.data} /> : null}
            <GettingStarted showBuy={user ? !user.isOfflineCustomer : false} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <LoginQrCard url={user?.loginQrCodeUrl} link={user?.enrolmentLink} loading={detail.isPending} />
        </Grid.Col>
      </Grid>

      {!dashboard.isError ? <LicenceCharts data={dashboard.data} /> : null}
      {dashboard.data ? <LicenceTable licences={dashboard.data.licences} /> : null}
    </Stack>
  );
}
