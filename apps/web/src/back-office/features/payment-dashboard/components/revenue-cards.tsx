import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { RevenueFigures } from '@fleetdeck/contract/staff';
import { formatEuro } from '@/shared/lib/format';

export interface RevenuePeriod {
  /** "Today", "March 2025", "2025". */
  title: string;
  /** undefined: loading; null: could not load. */
  figures: RevenueFigures | null | undefined;
}

const LINES = [
  { key: 'gross', label: 'Gross', color: undefined },
  { key: 'refunded', label: 'Refunded', color: 'red.7' },
  { key: 'net', label: 'Net', color: undefined },
] as const;

function RevenueCard({ title, figures }: RevenuePeriod) {
  return (
    <Card withBorder radius="lg" p="md" component="section" aria-label={`Revenue, ${title}`}>
      <Title order={2} fz={14} c="dimmed" fw={600} mb={6}>
        Revenue, {title}
      </Title>
      <Stack gap={4}>
        {LINES.map((line) => (
          <Group key={line.key} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={line.key === 'net' ? 700 : 500}>
              {line.label}
            </Text>
            {figures === undefined ? (
              <Skeleton h={20} w={90} />
            ) : figures === null ? (
              <Text size="sm" c="dimmed" aria-label="not available">
                —
              </Text>
            ) : (
              <Text
                size={line.key === 'net' ? 'lg' : 'sm'}
                fw={line.key === 'net' ? 800 : 600}
                c={line.key === 'refunded' && figures.refunded > 0 ? line.color : undefined}
                style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
              >
                {line.key === 'refunded' && figures.refunded > 0 ? '−' : ''}
                {formatEuro(figures[line.key])}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * Revenue cards (DECISIONS §14): today, the report month and the report year, each with gross (money of payments
 * that succeeded), refunded and net = gross − refunded, in EUR.
 */
export function RevenueCards({ periods }: { periods: RevenuePeriod[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      {periods.map((p) => (
        <RevenueCard key={p.title} {...p} />
      ))}
    </SimpleGrid>
  );
}
