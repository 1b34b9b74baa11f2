import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '@/shared/components/layouts/auth-card';
import { staffPaths } from '../app/paths';

export function StaffNotFoundPage() {
  return (
    <AuthCard title="Page not found">
      <Stack gap="md">
        <Text c="dimmed">This back-office page does not exist or has moved.</Text>
        <Button component={Link} to={staffPaths.dashboard.getHref()}>
          Go to the back office
        </Button>
      </Stack>
    </AuthCard>
  );
}
