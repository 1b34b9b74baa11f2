import type { DeviceDetail, ProfileDetail } from '@fleetdeck/contract';
import { Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useProductName } from '@/shared/lib/app-config';
import { formatDateTime } from '@/shared/lib/format';
import { useApplyProfile } from '../api/apply-profile';
import { appLabel } from './app-routes';
import { CommandsMenu } from './commands-menu';
import { ApplyState, OnlineStatus } from './device-status';
import { Allowed } from '@/portal/lib/permissions';

/**
 * Serial number and device name, app, online state, Apply with the delivery state of the latest version, and the
 * Commands menu (lost mode on or off as the device reported it).
 */
export function ProfileHeader({
  profile,
  lostMode,
}: {
  profile: ProfileDetail;
  lostMode: DeviceDetail['lostMode'] | undefined;
}) {
  const productName = useProductName();
  const apply = useApplyProfile();
  return (
    <Card padding="lg" data-testid="profile-header">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="sm" wrap="wrap">
            <Title order={2} fz={{ base: 20, sm: 24 }} style={{ wordBreak: 'break-all' }}>
              {profile.name}
            </Title>
            <Tooltip label={appLabel(profile.appName, productName)} withArrow>
              <Badge variant="light" size="lg">
                {profile.appName}
              </Badge>
            </Tooltip>
          </Group>
          <Text c="dimmed" size="sm">
            {[profile.profileName || 'Unnamed device', appLabel(profile.appName, productName)].join(' · ')}
          </Text>
          <OnlineStatus online={profile.online} lastSeenAt={profile.lastSeenAt} />
        </Stack>
        {/* marginLeft auto: on a narrow screen this column wraps below the name and must stay on the right. */}
        <Stack gap={8} align="flex-end" style={{ flex: '0 1 auto', marginLeft: 'auto' }}>
          <Group gap="xs" justify="flex-end">
            <CommandsMenu profile={profile} lostMode={lostMode} />
            <Allowed to="fleet.write">
              <Button
                leftSection={<IconSend size={16} />}
                onClick={() => apply.mutate(profile._id)}
                loading={apply.isPending}
                disabled={apply.isPending}
                aria-describedby="apply-help"
              >
                Apply
              </Button>
            </Allowed>
          </Group>
          <ApplyState profile={profile} />
          {/* A device acknowledges version 0 (nothing applied yet) too: only a real Apply has a "last applied". */}
          {profile.appliedAt && profile.policyVersion > 0 ? (
            <Text
              size="xs"
              c="dimmed"
              ta="right"
              id="apply-help"
            >{`Last applied by the device ${formatDateTime(profile.appliedAt)}`}</Text>
          ) : (
            // What the Apply button does: nothing to say to a member who has none.
            <Allowed to="fleet.write">
              <Text size="xs" c="dimmed" ta="right" id="apply-help">
                Apply sends the saved settings to the device.
              </Text>
            </Allowed>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
