import { Alert, Button, Card, Grid, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconDeviceMobile, IconShoppingCart, IconUserCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useUserDetail } from '@/api/get-user-detail';
import { AccountLoadError } from '@/components/account-load-error';
import { LoginQrCard } from '@/components/login-qr-card';
import { useProductName } from '@/lib/app-config';

const greeting = () => {
  const hour = dayjs().hour();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
};

const STEPS = [
  { title: 'Install the app', text: 'Use Download APK at the top to get the app for your devices.' },
  { title: 'Scan the QR code', text: 'Scan your enrolment code with each device to add it.' },
  { title: 'Manage devices', text: 'Set up profiles and follow activity under Devices.' },
];

export function DashboardPage() {
  const product = useProductName();
  const detail = useUserDetail();
  if (detail.isError) return <AccountLoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  const user = detail.data;

  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Card padding="xl" h="100%">
            {user ? (
              <Stack gap="xs">
                <Text size="sm" c="dimmed" fw={500}>
                  {greeting()}
                </Text>
                <Title order={2} fz={{ base: 24, sm: 28 }}>
                  Welcome, {user.name}
                </Title>
                <Text c="dimmed" maw={560}>
                  This is your {product} console. Enrol devices with the QR code, manage their profiles and keep track
                  of your licences from here.
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="md">
                  {STEPS.map((step, index) => (
                    <Group key={step.title} gap="sm" wrap="nowrap" align="flex-start">
                      <ThemeIcon variant="light" radius="xl" size={28} fw={700} fz="sm">
                        {index + 1}
                      </ThemeIcon>
                      <div>
                        <Text size="sm" fw={600}>
                          {step.title}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {step.text}
                        </Text>
                      </div>
                    </Group>
                  ))}
                </SimpleGrid>
                <Group gap="sm" mt="md">
                  <Button
                    component={Link}
                    to={paths.portal.profiles.getHref()}
                    leftSection={<IconDeviceMobile size={16} />}
                  >
                    View devices
                  </Button>
                  {!user.isOfflineCustomer ? (
                    <Button
                      component={Link}
                      to={paths.portal.plans.getHref()}
                      variant="light"
                      leftSection={<IconShoppingCart size={16} />}
                    >
                      Buy licences
                    </Button>
                  ) : null}
                  <Button
                    component={Link}
                    to={paths.portal.updateProfile.getHref()}
                    variant="default"
                    leftSection={<IconUserCircle size={16} />}
                  >
                    Update profile
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Stack gap="sm" aria-busy="true">
                <Skeleton h={14} w={120} />
                <Skeleton h={30} w="60%" />
                <Skeleton h={14} w="80%" />
                <Skeleton h={36} w={300} mt="md" />
              </Stack>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <LoginQrCard url={user?.loginQrCodeUrl} loading={detail.isPending} />
        </Grid.Col>
      </Grid>
      <Alert
        variant="light"
        color="gray"
        radius="lg"
        title="Licence overview"
        icon={
          <ThemeIcon variant="light" size="md" radius="md">
            <IconChartBar size={16} />
          </ThemeIcon>
        }
      >
        Purchased and used licence counts, monthly enrolments and the licence split per app arrive with the licences
        feature.
      </Alert>
    </Stack>
  );
}
