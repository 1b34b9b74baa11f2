import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
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
          <div key={row.key}>
            {row.strong ? <Divider mb="sm" /> : null}
            <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
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
          </div>
        ))}
      </Stack>
    </Card>
  );
}
