import type { DeviceDetail, ProfileDetail } from '@fleetdeck/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';
import { formatDateTime } from '@/shared/lib/format';
import { useDeviceCommand } from './commands-menu';
import { Allowed } from '@/portal/lib/permissions';

/** While the device is in lost mode: since when, what it shows, and "Turn off lost mode" (through the send dialog). */
export function LostModeBanner({
  profile,
  lostMode,
}: {
  profile: Pick<ProfileDetail, '_id' | 'name'>;
  lostMode: NonNullable<DeviceDetail['lostMode']>;
}) {
  const command = useDeviceCommand(profile);
  const shown = [lostMode.message, lostMode.phone].filter(Boolean).join(', ');
  return (
    <Alert color="red" variant="filled" icon={<IconShieldExclamation size={18} />} role="alert" title="Lost mode">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{`Lost mode since ${formatDateTime(lostMode.since)}${shown ? `: ${shown}` : ''}`}</Text>
        <Allowed to="fleet.write">
          <Button
            variant="white"
            color="red"
            size="xs"
            onClick={() => command.open({ type: 'lost_mode', preset: { enabled: false } })}
          >
            Turn off lost mode
          </Button>
        </Allowed>
      </Group>
      {command.dialog}
    </Alert>
  );
}
