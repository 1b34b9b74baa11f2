import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SummaryRow {
  key: string;
  label: string;
  value: ReactNode;
  strong?: boolean;
}

/** The order summary beside a checkout form. Each value carries `data-testid="summary-<key>"`. */
export function SummaryPanel({ title = 'Summary', rows }: { title?: string; rows: SummaryRow[] }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      <Stack gap="sm" component="dl" m={0}>
        {rows.map((row) => (
          // Each pair in its own div, straight under the <dl> (the only wrapper a description list allows); the
          // total's rule is that div's border, not an element of its own.
          <Group
            key={row.key}
            justify="space-between"
            wrap="nowrap"
            gap="md"
            align="flex-start"
            style={
              row.strong
                ? { borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 'var(--mantine-spacing-sm)' }
                : undefined
            }
          >
            <Text component="dt" size="sm" c={row.strong ? undefined : 'dimmed'} fw={row.strong ? 700 : 500}>
              {row.label}
            </Text>
            <Text
              component="dd"
              m={0}
              size={row.strong ? 'lg' : 'sm'}
              fw={row.strong ? 800 : 600}
              ta="right"
              data-testid={`summary-${row.key}`}
            >
              {row.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
