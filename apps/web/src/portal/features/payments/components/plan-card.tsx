import type { Plan } from '@fleetdeck/contract';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PlanFeatures } from '@/portal/components/plan-features';
import { paths } from '@/portal/config/paths';
import { formatDate } from '@/shared/lib/format';
import { priceLabelOf } from './plan-helpers';

/** The action of a plan card (spec 1 §2 Plans). */
export const planActionOf = (plan: Plan): { label: 'Update' | 'Subscribe' | 'Buy'; href: string } => {
  const owned = plan.totalPurchasedDevices > 0;
  if (plan.type === 'recurring') {
    return owned
      ? { label: 'Update', href: paths.portal.updateSubscription.getHref(plan._id) }
      : { label: 'Subscribe', href: paths.portal.makePayment.getHref(plan._id) };
  }
  return { label: owned ? 'Update' : 'Buy', href: paths.portal.makePayment.getHref(plan._id) };
};

/**
 * `canChange` false (an offline customer, DECISIONS §14, or while that is not known yet): the seats and expiry without
 * Buy, Update or Subscribe; the page says whom to contact.
 */
export function PlanCard({ plan, canChange = true }: { plan: Plan; canChange?: boolean }) {
  const devices = plan.totalPurchasedDevices;
  const greyed = devices === 0;
  const action = planActionOf(plan);

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      data-testid={`plan-${plan.identifier}`}
      data-greyed={greyed}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Title order={3} fz="lg" fw={700}>
          {plan.name}
        </Title>
        <Badge variant="light" color={plan.type === 'recurring' ? 'brand' : 'grape'} style={{ flexShrink: 0 }}>
          {plan.type === 'recurring' ? 'Yearly' : 'One-time'}
        </Badge>
      </Group>
      <Text fw={800} fz={26} mt="xs">
        {priceLabelOf(plan)}
      </Text>
      {plan.description ? (
        <Text size="sm" c="dimmed" mt={4}>
          {plan.description}
        </Text>
      ) : null}
      <PlanFeatures features={plan.features} />
      <Stack gap={4} mt="md" style={{ marginTop: 'auto', paddingTop: 'var(--mantine-spacing-md)' }}>
        {/* Not bought yet: only these two lines are dimmed (dimmed text still measures 5.8:1), not the whole card. */}
        <Anchor
          component={Link}
          to={paths.portal.paymentHistory.getHref(plan._id)}
          size="sm"
          fw={600}
          c={greyed ? 'dimmed' : undefined}
          data-dimmed={greyed || undefined}
        >
          {`Total Devices : ${devices}`}
        </Anchor>
        <Text size="sm" c={greyed ? 'dimmed' : undefined} data-dimmed={greyed || undefined}>
          Expiry : <span>{formatDate(plan.expiry)}</span>
        </Text>
        {canChange ? (
          <Button component={Link} to={action.href} mt="sm" fullWidth variant={greyed ? 'light' : 'filled'}>
            {action.label}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
