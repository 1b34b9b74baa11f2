import { familyDisplayName, type Family, type Plan } from '@fleetdeck/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconRefresh, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthCard } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useProductName } from '@/lib/app-config';
import { formatEuro } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { usePublicPlans } from '../api/get-public-plans';

/**
 * Section order of spec 1 §2 (Plans); each heading lists its own family (DECISIONS §1).
 * The {product} Owner App plans sit in the {product} section under their own sub-heading.
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
    .filter((p) => p.family === family && p.status === 'Active')
    .sort((a, b) => (a.type === b.type ? a.amount - b.amount : a.type === 'recurring' ? -1 : 1));

/** "/ year" for subscriptions, "/ 3 years" for one-time plans. */
const periodOf = (plan: Plan): string => {
  if (plan.type === 'one_time') return '/ 3 years';
  const unit = plan.interval ?? 'year';
  return plan.intervalCount > 1 ? `/ ${plan.intervalCount} ${unit}s` : `/ ${unit}`;
};

const unitOf = (plan: Plan): string => (plan.family === 'PCHAT' ? 'per chat user' : 'per device');

function PublicPlanCard({ plan }: { plan: Plan }) {
  const recurring = plan.type === 'recurring';
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      data-testid={`pricing-plan-${plan.identifier}`}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Title order={4} fz="md" fw={700}>
          {plan.name}
        </Title>
        <Badge variant="light" color={recurring ? 'brand' : 'grape'} style={{ flexShrink: 0 }}>
          {recurring ? 'Yearly' : 'One-time'}
        </Badge>
      </Group>
      <Group gap={6} align="baseline" mt="xs">
        <Text fw={800} fz={26}>
          {formatEuro(plan.amount)}
        </Text>
        <Text size="sm" c="dimmed">
          {periodOf(plan)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {unitOf(plan)}
        {plan.family === 'PCHAT' ? ', minimum 2' : ''}
      </Text>
      {plan.description ? (
        <Text size="sm" c="dimmed" mt="sm">
          {plan.description}
        </Text>
      ) : null}
      {plan.features.length > 0 ? (
        <List spacing={6} size="sm" mt="md" center>
          {plan.features.map((f) => (
            <List.Item
              key={f.text}
              icon={
                <ThemeIcon size={18} radius="xl" color={f.checked ? 'teal' : 'gray'} variant="light">
                  {f.checked ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c={f.checked ? undefined : 'dimmed'} td={f.checked ? undefined : 'line-through'}>
                {f.text}
              </Text>
            </List.Item>
          ))}
        </List>
      ) : null}
      <Button
        component={Link}
        to={paths.public.subscription.getHref(plan.identifier)}
        mt="lg"
        fullWidth
        variant={recurring ? 'filled' : 'light'}
        style={{ marginTop: 'auto' }}
        aria-label={`${recurring ? 'Subscribe' : 'Buy'}: ${plan.name}`}
      >
        {recurring ? 'Subscribe' : 'Buy'}
      </Button>
    </Card>
  );
}

function PlanGrid({ plans }: { plans: Plan[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {plans.map((p) => (
        <PublicPlanCard key={p._id} plan={p} />
      ))}
    </SimpleGrid>
  );
}

function PricingSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true" aria-label="Loading prices">
      {[0, 1].map((s) => (
        <Stack key={s} gap="md">
          <Skeleton h={22} w={180} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {[0, 1].map((c) => (
              <Card key={c} withBorder padding="lg" radius="md">
                <Skeleton h={18} w="60%" />
                <Skeleton h={28} w="40%" mt="md" />
                <Skeleton h={36} mt="lg" />
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

/** /pricing (public): the price list by app, in the Plans order, with Subscribe / Buy entries. */
export function PricingPage() {
  usePageTitle('Pricing');
  const product = useProductName();
  const plans = usePublicPlans();

  const body = () => {
    if (plans.isPending) return <PricingSkeleton />;
    if (plans.isError) {
      return (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The prices could not load">
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
      <Stack gap={36}>
        {SECTIONS.map(({ family, subFamilies = [] }) => {
          const own = plansOf(all, family);
          const subs = subFamilies.map((f) => ({ family: f, plans: plansOf(all, f) })).filter((s) => s.plans.length);
          const headingId = `pricing-${family}`;
          return (
            <section key={family} aria-labelledby={headingId} data-testid={`pricing-section-${family}`}>
              <Title order={2} id={headingId} fz={{ base: 19, sm: 21 }} mb="md">
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
                <Stack key={s.family} gap="md" mt="lg">
                  <Title order={3} fz="sm" c="dimmed" tt="uppercase" lts={0.5}>
                    {familyDisplayName(s.family, product)}
                  </Title>
                  <PlanGrid plans={s.plans} />
                </Stack>
              ))}
            </section>
          );
        })}
      </Stack>
    );
  };

  return (
    <AuthCard
      title="Pricing"
      width={1100}
      subtitle={`Every ${product} app as a yearly subscription or a one-time purchase covering 3 years. Prices in euro.`}
    >
      {body()}
      <Text size="sm" c="dimmed" mt="xl">
        Already a customer?{' '}
        <Anchor component={Link} to={paths.auth.login.getHref()} inherit>
          Log in
        </Anchor>{' '}
        to see your licences and plans. New here?{' '}
        <Anchor component={Link} to={paths.auth.register.getHref()} inherit>
          Create an account
        </Anchor>
        .
      </Text>
    </AuthCard>
  );
}
