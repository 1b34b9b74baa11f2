import { COMMAND_LABELS, COMMAND_TYPES, type DeviceDetail, type ProfileDetail } from '@fleetdeck/contract';
import { Alert, Anchor, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { mapHref, positionText } from '@/portal/lib/map-position';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { QueryError } from '@/shared/components/query-view';
import { paths } from '@/portal/config/paths';
import { formatDateTime } from '@/shared/lib/format';
import { useDeviceDetail } from '../api/get-device-detail';
import { useLogoutDevice } from '../api/logout-device';
import { OnlineStatus } from './device-status';
import { Allowed } from '@/portal/lib/permissions';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }} component="div">
        {children}
      </Text>
    </Stack>
  );
}

const orDash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);

function Location({ location }: { location: DeviceDetail['location'] }) {
  if (!location) return '-';
  return (
    <Anchor href={mapHref(location)} target="_blank" rel="noopener noreferrer" size="sm">
      {positionText(location)}
    </Anchor>
  );
}

/** The remote commands the app said it can run (DECISIONS §11), in the console's words. */
const capabilitiesText = (capabilities: DeviceDetail['capabilities']) => {
  if (capabilities === null) return 'Not reported (update the app)';
  const known = COMMAND_TYPES.filter((t) => capabilities.includes(t)).map((t) => COMMAND_LABELS[t]);
  return known.length > 0 ? known.join(', ') : 'None';
};

/** Device (Devices on URL Blocker and Key Mapper): every reported field, online state, and logout. */
export function DeviceTab({ profile }: { profile: ProfileDetail }) {
  const device = useDeviceDetail(profile._id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const logout = useLogoutDevice({
    onSuccess: () => {
      setConfirming(false);
      void navigate(paths.portal.profiles.getHref());
    },
  });

  if (device.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} role="status" aria-busy="true" aria-label="Loading">
        {Array.from({ length: 9 }, (_, i) => (
          <Skeleton key={i} h={38} radius="sm" />
        ))}
      </SimpleGrid>
    );
  }
  if (device.isError) {
    return <QueryError title="The device details could not load" query={device} />;
  }
  const d = device.data;
  const serialNumber = d.serialNumber || profile.name;
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Text fw={700}>Device</Text>
        <OnlineStatus online={d.online} lastSeenAt={d.lastSeenAt} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="lg" data-testid="device-fields">
        <Field label="Serial Number">{orDash(d.serialNumber)}</Field>
        <Field label="Device Name">{orDash(d.deviceName)}</Field>
        <Field label="App Name">{orDash(d.appName)}</Field>
        <Field label="App Version Code">{orDash(d.appVersionCode)}</Field>
        <Field label="App Installation Date">{formatDateTime(d.appInstallationDate)}</Field>
        <Field label="Battery Level">{d.batteryLevel === null ? '-' : `${d.batteryLevel}%`}</Field>
        <Field label="Device Model">{orDash(d.deviceModel)}</Field>
        <Field label="Local IP Address">{orDash(d.localIpAddress)}</Field>
        <Field label="MAC Address">{orDash(d.macAddress)}</Field>
        <Field label="OS Version">{orDash(d.osVersion)}</Field>
        <Field label="Location">
          <Location location={d.location} />
        </Field>
        <Field label="Remote Commands">{capabilitiesText(d.capabilities)}</Field>
        <Field label="Last Seen">{d.online ? 'Online now' : formatDateTime(d.lastSeenAt)}</Field>
      </SimpleGrid>
      <Alert color="red" variant="light" title="Log out this device">
        <Stack gap="sm">
          <Text size="sm">
            The apps of your account on this device are signed out and their licences freed at once. To use the device
            again, scan the login QR code with it.
          </Text>
          <Allowed to="fleet.write">
            <Button
              color="red"
              variant="filled"
              leftSection={<IconLogout size={16} />}
              onClick={() => setConfirming(true)}
              w="fit-content"
            >
              Logout device
            </Button>
          </Allowed>
        </Stack>
      </Alert>
      <ConfirmDialog
        opened={confirming}
        title="Are you sure?"
        message={`The device ${serialNumber} will be logged out and its licences freed.`}
        confirmLabel="Yes, log it out"
        confirmColor="red"
        loading={logout.isPending}
        onConfirm={() => {
          if (!logout.isPending) logout.mutate(serialNumber);
        }}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
