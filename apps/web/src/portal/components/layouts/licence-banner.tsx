import { LICENCE_EXCEEDED_MESSAGE } from '@fleetdeck/contract';
import { Anchor, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLicenceSummary } from '@/portal/api/licence-summary';
import { paths } from '@/portal/config/paths';

/** The red banner of spec 1 §2/§8: shown while any family uses more licences than it bought. */
export function LicenceBanner() {
  const summary = useLicenceSummary();
  if (!summary.data?.exceeded) return null;
  return (
    <Group
      role="alert"
      data-testid="licence-banner"
      gap="xs"
      justify="center"
      wrap="wrap"
      px={{ base: 'md', sm: 'xl' }}
      py={10}
      bg="red.7"
      c="white"
      ta="center"
    >
      <IconAlertTriangle size={18} aria-hidden />
      <Text inherit size="sm" fw={600}>
        {LICENCE_EXCEEDED_MESSAGE}
      </Text>
      <Anchor component={Link} to={paths.portal.plans.getHref()} c="white" size="sm" fw={700} underline="always">
        Click Here buy more licenses.
      </Anchor>
    </Group>
  );
}
