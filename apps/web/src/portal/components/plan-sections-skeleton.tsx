import { Card, SimpleGrid, Stack, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** Two sections of two plan cards while the plans load (plans and pricing pages). */
export function PlanSectionsSkeleton({
  title,
  card,
  spacing,
  ...busy
}: {
  title: ReactNode;
  card: ReactNode;
  spacing: MantineSpacing;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <Stack gap="xl" aria-busy="true" {...busy}>
      {[0, 1].map((s) => (
        <Stack key={s} gap="md">
          {title}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={spacing}>
            {[0, 1].map((c) => (
              <Card key={c} withBorder padding="lg" radius="md">
                {card}
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
