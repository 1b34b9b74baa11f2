import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/portal/config/paths';

export const PAYMENT_SUCCESS_TITLE = 'Thank you for your payment, it’s processing';
export const PAYMENT_SUCCESS_TEXT = 'You will receive an order confirmation email with details of your subscription.';

/** Shown after the card payment was confirmed (spec 1 §2). */
export function PaymentSuccess() {
  return (
    <Card withBorder padding="xl" radius="md" maw={640} mx="auto" role="status">
      <Stack align="center" gap="md" ta="center" py="lg">
        <ThemeIcon size={72} radius="xl" color="teal" variant="light">
          <IconCircleCheck size={44} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          {PAYMENT_SUCCESS_TITLE}
        </Title>
        <Text c="dimmed">{PAYMENT_SUCCESS_TEXT}</Text>
        <Button component={Link} to={paths.portal.plans.getHref()} size="md" mt="sm">
          Go Back
        </Button>
      </Stack>
    </Card>
  );
}
