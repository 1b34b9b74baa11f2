import { Card, SimpleGrid, Skeleton, Stack, type MantineSpacing } from '@mantine/core';

/**
 * Two sections of two plan cards while the plans load (plans and pricing pages): a heading, then cards of name,
 * price, `descriptionLines` lines of text and the button.
 */
export function PlanSectionsSkeleton({
  spacing,
  descriptionLines = 0,
  ...busy
}: {
  spacing: MantineSpacing;
  descriptionLines?: number;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <Stack gap="xl" aria-busy="true" {...busy}>
      {[0, 1].map((s) => (
        <Stack key={s} gap="md">
          <Skeleton height={24} width={200} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={spacing}>
            {[0, 1].map((c) => (
              <Card key={c} withBorder padding="lg" radius="md">
                <Skeleton height={20} width="60%" />
                <Skeleton height={28} width="40%" mt="md" />
                {Array.from({ length: descriptionLines }, (_, line) => (
                  <Skeleton key={line} height={12} mt={line === 0 ? 'md' : 8} />
                ))}
                <Skeleton height={36} mt="lg" />
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
