import type { UserDetail } from '@fleetdeck/contract';
import { Alert, Button, Card, Checkbox, Code, Group, Stack, Text } from '@mantine/core';
import { IconClockHour4, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { CopyIconButton } from '@/shared/components/copy-icon-button';
import { useState } from 'react';
import { useRequestResellerMode } from '../api/request-reseller-mode';

export const TERMS_REQUIRED_MESSAGE = 'Please accept the terms and condition';

export type ResellerState = 'not_enabled' | 'requested' | 'approved';

/** Spec 1 §4: not enabled → requested (enabled, not approved) → approved. */
export const resellerStateOf = (
  user: Pick<UserDetail, 'isResellerModeEnabled' | 'isResellerModeRequestApprove'>,
): ResellerState =>
  !user.isResellerModeEnabled ? 'not_enabled' : user.isResellerModeRequestApprove ? 'approved' : 'requested';

function EnableForm() {
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRequestResellerMode();

  const enable = () => {
    if (!accepted) {
      setError(TERMS_REQUIRED_MESSAGE);
      return;
    }
    request.mutate();
  };

  return (
    <Card padding="lg" component="section" aria-label="Enable reseller mode">
      <Text fw={700}>Enable reseller mode</Text>
      <Text size="sm" c="dimmed" mt={4}>
        Once our team approves your request you receive a personal coupon code to share with your customers.
      </Text>
      <Checkbox
        mt="lg"
        label="I accept the reseller programme terms and conditions"
        checked={accepted}
        onChange={(e) => {
          setAccepted(e.currentTarget.checked);
          if (e.currentTarget.checked) setError(null);
        }}
        error={error}
      />
      <Group mt="lg">
        <Button onClick={enable} loading={request.isPending} disabled={request.isPending}>
          Enable
        </Button>
      </Group>
    </Card>
  );
}

function CouponCode({ code }: { code: string | null }) {
  return (
    <Card padding="lg" component="section" aria-label="Your reseller coupon">
      <Alert color="teal" variant="light" icon={<IconRosetteDiscountCheck size={18} />} title="You are a reseller">
        Share your coupon code with your customers: they get the buyer discount and you earn on every purchase.
      </Alert>
      {code ? (
        <Stack gap={6} mt="lg">
          <Text size="sm" c="dimmed" fw={600}>
            Your coupon code
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz="lg" fw={700} px="md" py={6} data-testid="reseller-coupon-code">
              {code}
            </Code>
            <CopyIconButton
              value={code}
              label={(copied) => (copied ? 'Coupon code copied' : 'Copy coupon code')}
              variant="light"
              size="lg"
              iconSize={18}
            />
          </Group>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mt="lg">
          Your coupon code is being prepared and appears here shortly.
        </Text>
      )}
    </Card>
  );
}

/** What the customer can do now, by reseller state. */
export function ResellerStatus({ user }: { user: UserDetail }) {
  const state = resellerStateOf(user);
  if (state === 'approved') return <CouponCode code={user.resellerCouponCode} />;
  if (state === 'requested') {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconClockHour4 size={18} />}
        title="Your reseller request is under review"
        data-testid="reseller-pending"
      >
        We received your request to become a reseller. Our team reviews it and your coupon code appears here once it is
        approved.
      </Alert>
    );
  }
  return <EnableForm />;
}
