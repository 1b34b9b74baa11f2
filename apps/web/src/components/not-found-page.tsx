import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from './layouts/auth-layout';

export function NotFoundPage() {
  return (
    <AuthCard title="Page not found">
      <Stack gap="md">
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Title order={1} fz={64} c="gray.3" lh={1} aria-hidden>
          404
        </Title>
        <Button component={Link} to={paths.root.getHref()}>
          Go to the home page
        </Button>
      </Stack>
    </AuthCard>
  );
}
