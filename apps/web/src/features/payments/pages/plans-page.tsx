import { familyDisplayName, type Family, type Plan } from '@fleetdeck/contract';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useProductName } from '@/lib/app-config';
import { errorMessage } from '@/lib/api-client';
import { usePlans } from '../api/get-plans';
import { PlanCard } from '../components/plan-card';

/**
 * Section order of spec 1 §2; each heading lists its own family (DECISIONS §1).
 * The {product} Owner App (PDOW) plans sit in the {product} section under their own sub-heading.
 */
const SECTIONS: { family: Family; subFamilies?: Family[] }[] = [
  { family: 'PD', subFamilies: ['PDOW'] },
  { family: 'SL' },
  { family: 'PC' },
  { family: 'UB' },
  { family: 'KM' },
  { family: 'POB' },
  { family: 'PCHAT' },
];

const plansOf = (all: Plan[], family: Family) =>
  all
    .filter((p) => p.family === family && (p.status === 'Active' || p.totalPurchasedDevices > 0))
    .sort((a, b) => (a.type === b.type ? 0 : a.type === 'recurring' ? -1 : 1));

function PlanGrid({ plans }: { plans: Plan[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {plans.map((p) => (
        <PlanCard key={p._id} plan={p} />
      ))}
    </SimpleGrid>
  );
}

function PlansSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true" data-testid="plans-loading">
      {[0, 1].map((s) => (
        <Stack key={s} gap="md">
          <Skeleton height={24} width={200} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {[0, 1].map((c) => (
              <Card key={c} withBorder padding="lg" radius="md">
                <Skeleton height={20} width="60%" />
                <Skeleton height={28} width="40%" mt="md" />
                <Skeleton height={12} mt="md" />
                <Skeleton height={12} mt={8} />
                <Skeleton height={36} mt="lg" />
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

export function PlansPage() {
  const product = useProductName();
  const plans = usePlans();

  if (plans.isPending) return <PlansSkeleton />;
  if (plans.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The plans could not load">
        <Text size="sm">{errorMessage(plans.error)}</Text>
        <Button
          mt="md"
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} />}
          loading={plans.isFetching}
          onClick={() => void plans.refetch()}
        >
          Retry
        </Button>
      </Alert>
    );
  }

  const all = [...plans.data.recurringPriceList, ...plans.data.oneTimePriceList];

  return (
    <Stack gap={40}>
      {SECTIONS.map(({ family, subFamilies = [] }) => {
        const own = plansOf(all, family);
        const subs = subFamilies.map((f) => ({ family: f, plans: plansOf(all, f) })).filter((s) => s.plans.length);
        const headingId = `plans-${family}`;
        return (
          <section key={family} aria-labelledby={headingId}>
            <Title order={2} id={headingId} fz={{ base: 20, sm: 22 }} mb="md">
              {familyDisplayName(family, product)}
            </Title>
            {own.length ? (
              <PlanGrid plans={own} />
            ) : (
              <Text c="dimmed" size="sm">
                No plans are offered for this app right now.
              </Text>
            )}
            {subs.map((s) => (
              <Stack key={s.family} gap="md" mt="xl">
                <Group gap="xs">
                  <Title order={3} fz="md" c="dimmed" tt="uppercase" lts={0.5}>
                    {familyDisplayName(s.family, product)}
                  </Title>
                </Group>
                <PlanGrid plans={s.plans} />
              </Stack>
            ))}
          </section>
        );
      })}
    </Stack>
  );
}
