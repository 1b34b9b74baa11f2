import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { areasOfRole, type StaffRole } from '@fleetdeck/contract/staff';
import { getStaffRole } from '@/shared/lib/auth-storage';
import { backOfficeRoutes } from '../app/routes';

/** Shown instead of a page whose area the signed-in role does not open. */
export function NoAccessPage() {
  const role = getStaffRole() as StaffRole | null;
  const allowed = role ? areasOfRole(role) : [];
  const home = backOfficeRoutes.find((r) => r.nav && allowed.includes(r.area as never));
  return (
    <Container size="sm" py="xl">
      <Alert color="orange" variant="light" icon={<IconLock size={18} />} title="No access">
        <Stack gap="sm">
          <Text size="sm">
            Your role{role ? ` (${role})` : ''} does not give you access to this page. Ask a SuperAdmin if you need it.
          </Text>
          {home ? (
            <Button component={Link} to={home.path} variant="light" w="fit-content">
              Go to {home.title}
            </Button>
          ) : null}
        </Stack>
      </Alert>
    </Container>
  );
}
