import type { LocalPricing, Plan } from '@fleetdeck/contract';
import { Anchor, Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { PlanSectionsSkeleton } from '@/portal/components/plan-sections-skeleton';
import { Link } from 'react-router';
import { AuthCard } from '@/shared/components/layouts/auth-card';
import { QueryError } from '@/shared/components/query-view';
import { PlanFeatures } from '@/portal/components/plan-features';
import { PlanSections } from '@/portal/components/plan-sections';
import { paths } from '@/portal/config/paths';
import { useProductName } from '@/shared/lib/app-config';
import { formatEuro } from '@/shared/lib/format';
import { periodOf } from '@/portal/lib/plan-price';
import { planSections } from '@/portal/lib/plan-sections';
import { PaymentNotes } from '@/portal/components/payment-notes';
import { useLocalPricing, usePublicPlans } from '@/portal/api/get-public-plans';

import { LocalPriceLine, LocalPricingNote } from '../components/local-price';

const unitOf = (plan: Plan): string => (plan.family === 'PCHAT' ? 'per chat user' : 'per device');

function PublicPlanCard({ plan, local }: { plan: Plan; local: LocalPricing | null }) {
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
        {/* Under its app's heading (h2, or a sub-app's h3): the next level, so the outline skips none. */}
        <Title order={3} fz="md" fw={700}>
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
      {local ? <LocalPriceLine local={local} identifier={plan.identifier} /> : null}
      <Text size="xs" c="dimmed">
        {unitOf(plan)}
        {plan.family === 'PCHAT' ? ', minimum 2' : ''}
      </Text>
      {plan.description ? (
        <Text size="sm" c="dimmed" mt="sm">
          {plan.description}
        </Text>
      ) : null}
      <PlanFeatures features={plan.features} />
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

/** /pricing (public): the price list by app, in the Plans order, with Subscribe / Buy entries. */
export function PricingPage() {
  const product = useProductName();
  const plans = usePublicPlans();
  const local = useLocalPricing().data ?? null;

  const body = () => {
    if (plans.isPending) return <PlanSectionsSkeleton aria-label="Loading prices" spacing="md" />;
    if (plans.isError) {
      return <QueryError title="The prices could not load" query={plans} />;
    }
    return (
      <PlanSections
        sections={planSections(plans.data, { byAmount: true })}
        idPrefix="pricing"
        sectionTestId={(family) => `pricing-section-${family}`}
        renderPlan={(p) => <PublicPlanCard plan={p} local={local} />}
        dense
      />
    );
  };

  return (
    <AuthCard
      title="Pricing"
      width={1100}
      subtitle={`Every ${product} app as a yearly subscription or a one-time purchase covering 3 years. Prices in euro.`}
    >
      {local && plans.isSuccess ? <LocalPricingNote local={local} /> : null}
      {body()}
      <PaymentNotes mt="xl" />
      <Text size="sm" c="dimmed" mt="xl">
        Already a customer?{' '}
        <Anchor component={Link} to={paths.auth.login.getHref()} inherit underline="always">
          Log in
        </Anchor>{' '}
        to see your licences and plans. New here?{' '}
        <Anchor component={Link} to={paths.auth.register.getHref()} inherit underline="always">
          Create an account
        </Anchor>
        .
      </Text>
    </AuthCard>
  );
}
