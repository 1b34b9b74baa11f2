import { Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDeviceMobile, IconSearch, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LazyBarChart } from '@/shared/components/charts';
import { LoadError } from '@/shared/components/load-error';
import { staffPaths } from '../../../app/paths';
import { hasErrorFilterOf, useMonthLogins, useTodayLogins, useWeekLogins } from '../../../api/login-counts';

const SOURCE_OPTIONS = [
  { value: 'all', label: 'All Records' },
  { value: 'false', label: 'Success' },
  { value: 'true', label: 'Error' },
];

/** The line of a card's count (32 px figures), its skeleton's height too. */
const STAT_LINE_PX = 40;

/** Spec 3 "Admin dashboard": today's login counts linking to the history, four bar charts, the Source filter. */
export function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const hasError = hasErrorFilterOf(params.get('hasError'));
  const [choice, setChoice] = useState<string>(hasError ?? 'all');
  const today = useTodayLogins(hasError);
  const week = useWeekLogins(hasError);
  const month = useMonthLogins(hasError);
  // No early download of the chart code: it loads when a chart comes near the screen, after the counts are shown.

  const search = () => setParams(choice === 'all' ? {} : { hasError: choice });
  const historyHref = (source: 'App' | 'Web') =>
    staffPaths.dashboardHistory.getHref({
      type: 'Login',
      source,
      ...(hasError ? { hasError: hasError === 'true' } : {}),
    });

  const cards = [
    {
      source: 'App' as const,
      label: "Today's app logins",
      value: today.data?.todayAppLoginCount,
      icon: IconDeviceMobile,
    },
    { source: 'Web' as const, label: "Today's web logins", value: today.data?.todayWebLoginCount, icon: IconWorld },
  ];
  const bars = (rows: { label: string; count: number }[] | undefined) =>
    (rows ?? []).map((r) => ({ label: r.label, value: r.count }));

  return (
    <Stack gap="lg">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Source"
          data={SOURCE_OPTIONS}
          value={choice}
          onChange={(v) => setChoice(v ?? 'all')}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <Button leftSection={<IconSearch size={16} />} onClick={search}>
          Search
        </Button>
        {/* Always there (a blank line until the answer), so that the cards below do not move when it comes. */}
        <Text size="xs" c="dimmed" ml="auto">
          {today.data ? `Days and months in ${today.data.timeZone}` : '\u00a0'}
        </Text>
      </Group>

      {today.isError ? (
        <LoadError
          title="Today's login counts could not load"
          error={today.error}
          onRetry={() => void today.refetch()}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {cards.map((c) => (
          <Card key={c.source} withBorder radius="lg" p="lg" component={Link} to={historyHref(c.source)}>
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={4}>
                <Text size="sm" c="dimmed" fw={600}>
                  {c.label}
                </Text>
                {/* The skeleton is as tall as the number's line, so the charts below do not move when it comes. */}
                {c.value === undefined ? (
                  <Skeleton h={STAT_LINE_PX} w={80} />
                ) : (
                  <Text fz={32} fw={800} lh={`${STAT_LINE_PX}px`}>
                    {c.value.toLocaleString('en-GB')}
                  </Text>
                )}
              </Stack>
              <c.icon size={36} stroke={1.4} color="var(--mantine-color-brand-6)" />
            </Group>
            {/* Named by what it shows, then where it goes: a spoken or typed name must hold the visible text. */}
            <VisuallyHidden>: open the login history</VisuallyHidden>
          </Card>
        ))}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {[
          { title: 'App logins, last 8 days', data: bars(week.data?.weekWiseAppLoginCount), q: week },
          { title: 'Web logins, last 8 days', data: bars(week.data?.weekWiseWebLoginCount), q: week },
          {
            title: `App logins by month${month.data ? `, ${month.data.year}` : ''}`,
            data: bars(month.data?.monthWiseAppLoginCount),
            q: month,
          },
          {
            title: `Web logins by month${month.data ? `, ${month.data.year}` : ''}`,
            data: bars(month.data?.monthWiseWebLoginCount),
            q: month,
          },
        ].map((chart) => (
          <Card key={chart.title} withBorder radius="lg" p="lg">
            <Title order={2} fz={16} mb="md">
              {chart.title}
            </Title>
            {chart.q.isError ? (
              <LoadError
                title="This chart could not load"
                error={chart.q.error}
                onRetry={() => void chart.q.refetch()}
              />
            ) : chart.q.isPending ? (
              <Skeleton h={230} radius="md" />
            ) : (
              <LazyBarChart data={chart.data} seriesLabel="Logins" />
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
