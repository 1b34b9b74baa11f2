import type { PriceDetailResponse } from '@fleetdeck/contract';
import { Alert, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryError } from '@/shared/components/query-view';
import { paths } from '@/portal/config/paths';
import { usePriceDetail } from '../api/get-price-detail';

function CheckoutSkeleton() {
  return (
    <Card withBorder padding="lg" radius="md" aria-busy="true" data-testid="checkout-loading">
      <Skeleton height={20} width="40%" />
      <Skeleton height={36} mt="lg" />
      <Skeleton height={36} mt="md" />
      <Skeleton height={96} mt="md" />
      <Skeleton height={40} mt="lg" width={160} />
    </Card>
  );
}

function NoPlanChosen() {
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} title="No plan was chosen">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Pick a plan first.</Text>
        <Button component={Link} to={paths.portal.plans.getHref()} size="xs" variant="light">
          See plans
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Loads the plan of `?id=` for a checkout page: a hint without an id, a skeleton while loading, the error with
 * Retry, then `children` with the price detail and the search params.
 */
export function PriceDetailGate({
  children,
}: {
  children: (detail: PriceDetailResponse, params: URLSearchParams) => ReactNode;
}) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = usePriceDetail(id);

  if (!id) return <NoPlanChosen />;
  if (detail.isPending) return <CheckoutSkeleton />;
  if (detail.isError) {
    return <QueryError title="This plan could not load" query={detail} />;
  }
  return children(detail.data, params);
}
