import { familyDisplayName, familyOfPlan, planCodeSchema } from '@fleetdeck/contract';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AuthCard } from '@/shared/components/layouts/auth-card';
import { paths } from '@/portal/config/paths';
import { useProductName } from '@/shared/lib/app-config';
import { hasToken } from '@/shared/lib/auth-storage';
import { rememberNext } from '@/portal/lib/post-login-redirect';

/**
 * Entry from the login page's buy links (`/subscription?price_id=PD`). A signed-in customer goes straight to
 * checkout; a visitor registers or logs in first and lands on checkout afterwards (the plan is remembered for
 * this browser tab and also carried as `next` on the login link).
 */
export function SubscriptionPage() {
  const product = useProductName();
  const [params] = useSearchParams();
  const raw = params.get('price_id') ?? '';
  const parsed = planCodeSchema.safeParse(raw.toUpperCase());
  const code = parsed.success ? parsed.data : null;
  const oneTime = code ? code.endsWith('OT') : false;
  const checkoutHref = code ? paths.portal.makePayment.getHref(code) : null;
  const signedIn = hasToken();

  useEffect(() => {
    if (checkoutHref && !signedIn) rememberNext(checkoutHref);
  }, [checkoutHref, signedIn]);

  if (checkoutHref && signedIn) return <Navigate to={checkoutHref} replace />;

  return (
    <AuthCard title="Get your licence" subtitle="Create an account or log in to complete your purchase." width={480}>
      <Stack gap="lg">
        {code ? (
          <Paper withBorder p="md" radius="md" bg="gray.0">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  Selected plan
                </Text>
                <Text fw={700} size="lg">
                  {familyDisplayName(familyOfPlan(code), product)}
                </Text>
                <Text size="sm" c="dimmed">
                  {oneTime ? 'One-time purchase, valid for 3 years' : 'Yearly subscription'}
                </Text>
              </div>
              <Badge variant="light" size="lg">
                {code}
              </Badge>
            </Group>
          </Paper>
        ) : (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
            {raw ? `"${raw}" is not a plan we know.` : 'No plan was chosen.'} Pick a product on the login page.
          </Alert>
        )}
        {code ? (
          <Text size="sm" c="dimmed">
            After you log in you will go straight to checkout for this plan.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button component={Link} to={paths.auth.register.getHref()}>
            Create an account
          </Button>
          <Button component={Link} to={paths.auth.login.getHref({ next: checkoutHref ?? undefined })} variant="default">
            Log in
          </Button>
        </SimpleGrid>
      </Stack>
    </AuthCard>
  );
}
