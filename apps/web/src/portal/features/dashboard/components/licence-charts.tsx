import { familyDisplayName, type Dashboard, type Family } from '@fleetdeck/contract';
import { Card, ColorSwatch, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar, IconChartPie } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CHART_HEIGHT, ChartSkeleton, LazyBarChart, LazyPieChart, type PieDatum } from '@/shared/components/charts';
import { useProductName } from '@/shared/lib/app-config';

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Slices of the "licences by application" pie, in the order of spec 1 §2 (Super Lock last: not in the spec). */
const PIE_SLICES: { family: Family; field: keyof Dashboard; color: string }[] = [
  { family: 'PD', field: 'pdEnrolledDevices', color: 'brand.6' },
  { family: 'PDOW', field: 'pdOWEnrolledDevices', color: 'indigo.3' },
  { family: 'PC', field: 'pcEnrolledDevices', color: 'teal.6' },
  { family: 'UB', field: 'ubEnrolledDevices', color: 'orange.6' },
  { family: 'KM', field: 'kmEnrolledDevices', color: 'grape.6' },
  { family: 'PCHAT', field: 'pChatUsers', color: 'pink.6' },
  { family: 'POB', field: 'pobEnrolledDevices', color: 'yellow.6' },
  { family: 'SL', field: 'slEnrolledDevices', color: 'cyan.6' },
];

export const monthlyData = (counts: readonly number[]) => MONTHS.map((label, i) => ({ label, value: counts[i] ?? 0 }));

export const pieData = (data: Dashboard, product: string): PieDatum[] =>
  PIE_SLICES.map(({ family, field, color }) => ({
    name: familyDisplayName(family, product),
    value: Number(data[field]) || 0,
    color,
  }));

function ChartCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Card padding="lg" h="100%" component="section" aria-label={title}>
      <Text fw={700}>{title}</Text>
      <Text size="sm" c="dimmed" mb="md">
        {subtitle}
      </Text>
      {children}
    </Card>
  );
}

function EmptyChart({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Stack
      h={CHART_HEIGHT}
      align="center"
      justify="center"
      gap={6}
      ta="center"
      bg="gray.0"
      style={{ borderRadius: 12 }}
    >
      <ThemeIcon size={44} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" maw={280}>
        {text}
      </Text>
    </Stack>
  );
}

/** Monthly enrolment bars and the per-app pie of spec 1 §2 (230 px high, code loaded lazily). */
export function LicenceCharts({ data }: { data: Dashboard | undefined }) {
  const product = useProductName();
  const year = new Date().getFullYear();
  const monthly = data ? monthlyData(data.monthWiseDeviceCount) : [];
  const slices = data ? pieData(data, product) : [];
  const noEnrolments = monthly.every((m) => m.value === 0);
  const noLicences = slices.every((s) => s.value === 0);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <ChartCard title="Licence enrolments per month" subtitle={`Devices enrolled in ${year}, January to December`}>
        {!data ? (
          <ChartSkeleton />
        ) : noEnrolments ? (
          <EmptyChart
            icon={<IconChartBar size={22} />}
            title="No enrolments yet"
            text="Devices you enrol this year appear here, month by month."
          />
        ) : (
          <div data-testid="enrolments-chart">
            <LazyBarChart data={monthly} seriesLabel="Enrolments" />
          </div>
        )}
      </ChartCard>
      <ChartCard title="Licences by application" subtitle="Devices and chat users in use, per app">
        {!data ? (
          <ChartSkeleton />
        ) : noLicences ? (
          <EmptyChart
            icon={<IconChartPie size={22} />}
            title="No licences in use yet"
            text="Enrol a device with any app and its share shows here."
          />
        ) : (
          <Group align="center" gap="lg" wrap="wrap" justify="center" data-testid="applications-chart">
            <div style={{ flex: '1 1 200px', minWidth: 200 }}>
              <LazyPieChart data={slices} />
            </div>
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none', flex: '0 1 auto' }}>
              {slices.map((s) => (
                <Group key={s.name} component="li" gap="xs" wrap="nowrap">
                  <ColorSwatch color={`var(--mantine-color-${s.color.replace('.', '-')})`} size={12} />
                  <Text size="sm" c={s.value ? undefined : 'dimmed'}>
                    {s.name}
                  </Text>
                  <Text size="sm" fw={700} ml="auto" pl="sm">
                    {s.value}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
        )}
      </ChartCard>
    </SimpleGrid>
  );
}
