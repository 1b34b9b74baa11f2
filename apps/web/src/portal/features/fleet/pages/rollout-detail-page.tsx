import {
  ROLLOUT_DEVICE_STATES,
  type EndpointResponse,
  type fleetApi,
  rolloutDevicesQuerySchema,
  rolloutIdSchema,
  type Rollout,
} from '@fleetdeck/contract';
import { Alert, Anchor, Card, Group as Row, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/portal/config/paths';
import { statusColumn, textColumn, twoLineColumn } from '@/shared/components/columns';
import type { DataTableColumn } from '@/shared/components/data-table';
import { allSelect, ListPage } from '@/shared/components/list-page';
import { QueryView } from '@/shared/components/query-view';
import { formatDateTime } from '@/shared/lib/format';
import { useListSearch } from '@/shared/lib/list-search';
import { useRollout } from '../api/get-rollout';
import { useRolloutDevices } from '../api/get-rollout-devices';
import { RolloutActions } from '../components/rollout-actions';
import { countsText, DEVICE_STATE_LABELS, RolloutStateBadge, StageProgress } from '../components/rollout-status';

/** A device of the rollout: serial, stage, state, failure message, when. */
type DeviceRow = EndpointResponse<typeof fleetApi.rolloutDevices>['data'][number];

const STATE_CHOICES = ROLLOUT_DEVICE_STATES.map((s) => ({ value: s, label: DEVICE_STATE_LABELS[s].label }));

function RolloutSummary({ rollout }: { rollout: Rollout }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Row justify="space-between" align="flex-start" gap="md">
          <Stack gap={4}>
            <Row gap="xs">
              <Text fw={700} size="lg">{`${rollout.templateName}, version ${rollout.version}`}</Text>
              <RolloutStateBadge state={rollout.state} />
            </Row>
            <Text size="sm" c="dimmed">
              {rollout.groupId ? (
                <>
                  {'To '}
                  <Anchor
                    component={Link}
                    to={paths.portal.groupDetail.getHref(rollout.groupId)}
                    size="sm"
                    underline="always"
                  >
                    {rollout.groupName}
                  </Anchor>
                </>
              ) : (
                'To chosen devices'
              )}
              {` · ${rollout.total} devices · started ${formatDateTime(rollout.created_at)} by ${rollout.createdBy}`}
            </Text>
            <Text size="sm">{countsText(rollout.counts)}</Text>
            <Text size="xs" c="dimmed">
              {`Pauses itself when ${rollout.pauseWhen.failedPercent}% of at least ${rollout.pauseWhen.minDevices} decided devices fail; a device seen without acknowledging within ${rollout.ackTimeoutSeconds} s fails.`}
            </Text>
          </Stack>
          <RolloutActions rollout={rollout} />
        </Row>
        {rollout.state === 'paused' ? (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Paused" role="alert">
            {rollout.pausedReason ?? 'The rollout is paused.'}
          </Alert>
        ) : null}
        <StageProgress rollout={rollout} />
      </Stack>
    </Card>
  );
}

function RolloutDevices({ rollout }: { rollout: Rollout }) {
  const list = useListSearch(rolloutDevicesQuerySchema);
  const devices = useRolloutDevices(rollout, list.query);
  const columns: DataTableColumn<DeviceRow>[] = [
    twoLineColumn<DeviceRow>('device', 'Device', 200, (d) => ({ main: d.serialNumber, detail: d.deviceName || null })),
    textColumn<DeviceRow>('stage', 'Stage', 70, (d) => d.stage + 1),
    statusColumn<DeviceRow>('state', 'State', 120, (d) => DEVICE_STATE_LABELS[d.state]),
    textColumn<DeviceRow>('message', 'Message', 260, (d) => d.message ?? '-', { lineClamp: 3 }),
    textColumn<DeviceRow>('at', 'At', 170, (d) => (d.at ? formatDateTime(d.at) : '-')),
  ];
  return (
    <ListPage
      noun="devices of the rollout"
      label="Devices"
      search={list}
      result={devices}
      columns={columns}
      rowKey={(d) => d.profileId}
      filters={[allSelect('state', 'Device state', STATE_CHOICES, 180)]}
    />
  );
}

/** `/rollout-detail?id=`: state, stages with their counts, the reason while paused, actions and the devices. */
export function RolloutDetailPage() {
  const [params] = useSearchParams();
  const id = rolloutIdSchema.safeParse(params.get('id') ?? '');
  const rollout = useRollout(id.success ? id.data : '');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.portal.rollouts.getHref()} size="sm">
        <Row gap={4}>
          <IconArrowLeft size={14} />
          Rollouts
        </Row>
      </Anchor>
      {id.success ? (
        <QueryView query={rollout} errorTitle="The rollout could not load">
          {(r) => (
            <Stack gap="md">
              <RolloutSummary rollout={r} />
              <RolloutDevices rollout={r} />
            </Stack>
          )}
        </QueryView>
      ) : (
        <Text c="dimmed">Choose a rollout from the Rollouts page.</Text>
      )}
    </Stack>
  );
}
