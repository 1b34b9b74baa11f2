import { Alert, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';

export function CheckoutSkeleton() {
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

export function CheckoutLoadError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="This plan could not load">
      <Text size="sm">{errorMessage(error)}</Text>
      <Button
        mt="md"
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconRefresh size={14} />}
        loading={retrying}
        onClick={onRetry}
      >
        Retry
      </Button>
    </Alert>
  );
}

export function NoPlanChosen() {
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
