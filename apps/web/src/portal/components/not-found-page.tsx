import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/portal/config/paths';
import { AuthCard } from '@/shared/components/layouts/auth-card';

export function NotFoundPage() {
  return (
    <AuthCard title="Page not found">
      <Stack gap="md">
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        {/* Decorative, but still legible: large text needs 3:1 (gray-6 is 3.3:1 on white; gray-3 was 1.3:1). */}
        <Text fz={64} fw={700} c="gray.6" lh={1} aria-hidden>
          404
        </Text>
        <Button component={Link} to={paths.root.getHref()}>
          Go to the home page
        </Button>
      </Stack>
    </AuthCard>
  );
}
