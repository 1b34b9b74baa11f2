import { Anchor, Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthCard } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { useProductName } from '@/lib/app-config';
import { usePageTitle } from '@/lib/page-title';

export function PricingPage() {
  usePageTitle('Pricing');
  const product = useProductName();
  return (
    <AuthCard title="Pricing" width={520}>
      <Stack gap="md" align="flex-start">
        <Group gap="sm">
          <ThemeIcon size={44} radius="xl" variant="light">
            <IconTag size={24} stroke={1.6} />
          </ThemeIcon>
          <Badge variant="light" color="gray">
            Coming soon
          </Badge>
        </Group>
        <Text fw={600} size="lg">
          Plans and pricing are coming soon
        </Text>
        <Text c="dimmed">
          Every {product} app is available as a yearly subscription or a one-time purchase covering 3 years. The full
          price list will be published here shortly. Existing customers can see their plans after logging in.
        </Text>
        <Group gap="sm" mt="xs">
          <Button component={Link} to={paths.auth.register.getHref()}>
            Create an account
          </Button>
          <Button component={Link} to={paths.auth.login.getHref()} variant="default">
            Log in
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Questions about volume licensing?{' '}
          <Anchor component={Link} to={paths.auth.login.getHref()} inherit>
            Log in
          </Anchor>{' '}
          and contact us from your console.
        </Text>
      </Stack>
    </AuthCard>
  );
}
