import { familyDisplayName, type Family, type Plan } from '@fleetdeck/contract';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useProductName } from '@/shared/lib/app-config';
import type { PlanSection } from '@/portal/lib/plan-sections';

interface PlanSectionsProps {
  sections: PlanSection[];
  /** Each section heading gets the id `${idPrefix}-${family}`. */
  idPrefix: string;
  /** The test id of each section, if any. */
  sectionTestId?: (family: Family) => string;
  renderPlan: (plan: Plan) => ReactNode;
  /** Tighter spacing and smaller headings (the public pricing card). */
  dense?: boolean;
}

/** The plans by app: a heading per section, its plans in a grid, then its sub-families under sub-headings. */
export function PlanSections({ sections, idPrefix, sectionTestId, renderPlan, dense = false }: PlanSectionsProps) {
  const product = useProductName();

  const grid = (plans: Plan[]) => (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={dense ? 'md' : 'lg'}>
      {plans.map((p) => (
        <Fragment key={p._id}>{renderPlan(p)}</Fragment>
      ))}
    </SimpleGrid>
  );

  return (
    <Stack gap={dense ? 36 : 40}>
      {sections.map(({ family, plans, subSections }) => {
        const headingId = `${idPrefix}-${family}`;
        return (
          <section key={family} aria-labelledby={headingId} data-testid={sectionTestId?.(family)}>
            <Title order={2} id={headingId} fz={dense ? { base: 19, sm: 21 } : { base: 20, sm: 22 }} mb="md">
              {familyDisplayName(family, product)}
            </Title>
            {plans.length ? (
              grid(plans)
            ) : (
              <Text c="dimmed" size="sm">
                No plans are offered for this app right now.
              </Text>
            )}
            {subSections.map((s) => (
              <Stack key={s.family} gap="md" mt={dense ? 'lg' : 'xl'}>
                <Title order={3} fz={dense ? 'sm' : 'md'} c="dimmed" tt="uppercase" lts={0.5}>
                  {familyDisplayName(s.family, product)}
                </Title>
                {grid(s.plans)}
              </Stack>
            ))}
          </section>
        );
      })}
    </Stack>
  );
}
