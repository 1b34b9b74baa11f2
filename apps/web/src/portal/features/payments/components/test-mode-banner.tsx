import { Alert, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useAppConfig } from '@/shared/lib/app-config';

/**
 * A slim notice on the payment pages while the installation runs the sandbox payment provider (issue 12, item 8):
 * nothing is charged, and Stripe's test card numbers decide the outcome. It lives in the payment pages' chunks, never
 * in the login route's.
 */
export function TestModeBanner() {
  const config = useAppConfig();
  if (config.data?.paymentProvider !== 'sandbox') return null;
  return (
    <Alert
      role="status"
      aria-label="Test mode"
      color="yellow"
      variant="light"
      py={6}
      icon={<IconFlask size={18} aria-hidden="true" />}
      data-testid="test-mode-banner"
    >
      <Text size="sm">
        <Text span fw={700}>
          Test mode:
        </Text>{' '}
        payments go to the sandbox provider and no card is charged. Use a test card such as 4242 4242 4242 4242.
      </Text>
    </Alert>
  );
}
