import {
  ROLLOUT_DEVICE_STATES,
  type EndpointResponse,
  type fleetApi,
  rolloutDevicesQuerySchema,
  rolloutIdSchema,
  type Rollout,
} from '@fleetdeck/contract';
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { SentTo } from '@/portal/components/sent-to';
import { paths } from '@/portal/config/paths';
import { statusColumn, textColumn, twoLineColumn } from '@/shared/components/columns';
import type { DataTableColumn } from '@/shared/components/data-table';
import { allSelect, ListPage } from '@/shared/components/list-page';
import { DetailPage, DetailSummary } from '@/shared/components/detail-page';
import { StatusBadge } from '@/shared/components/status-badge';
import { formatDateTime } from '@/shared/lib/format';
import { useListSearch } from '@/shared/lib/list-search';
import { statusChoices } from '@/shared/lib/status';
import { useRollout } from '../api/get-rollout';
import { useRolloutDevices } from '../api/get-rollout-devices';
import { devicesText } from '../components/group-facts';
import { RolloutActions } from '../components/rollout-actions';
import { countsText, DEVICE_STATE_LABELS, ROLLOUT_STATE_LABELS, StageProgress } from '../components/rollout-status';

/** A device of the rollout: serial, stage, state, failure message, when. */
type DeviceRow = EndpointResponse<typeof fleetApi.rolloutDevices>['data'][number];

const STATE_CHOICES = statusChoices(ROLLOUT_DEVICE_STATES, DEVICE_STATE_LABELS);

function RolloutSummary({ rollout }: { rollout: Rollout }) {
  return (
    <DetailSummary
      title={`${rollout.templateName}, version ${rollout.version}`}
      badges={<StatusBadge status={ROLLOUT_STATE_LABELS[rollout.state]} />}
      actions={<RolloutActions rollout={rollout} />}
      below={
        <>
          {rollout.state === 'paused' ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Paused" role="alert">
              {rollout.pausedReason ?? 'The rollout is paused.'}
            </Alert>
          ) : null}
          <StageProgress rollout={rollout} />
        </>
      }
    >
      <SentTo
        group={rollout.groupId ? { _id: rollout.groupId, name: rollout.groupName } : null}
        devices={devicesText(rollout.total)}
      >
        {` · started ${formatDateTime(rollout.created_at)} by ${rollout.createdBy}`}
      </SentTo>
      <Text size="sm">{countsText(rollout.counts)}</Text>
      <Text size="xs" c="dimmed">
        {`Pauses itself when ${rollout.pauseWhen.failedPercent}% of at least ${rollout.pauseWhen.minDevices} decided devices fail; a device seen without acknowledging within ${rollout.ackTimeoutSeconds} s fails.`}
      </Text>
    </DetailSummary>
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
  return (
    <DetailPage
      back={{ to: paths.portal.rollouts.getHref(), label: 'Rollouts' }}
      idSchema={rolloutIdSchema}
      useRecord={useRollout}
      noun="rollout"
    >
      {(r) => (
        <Stack gap="md">
          <RolloutSummary rollout={r} />
          <RolloutDevices rollout={r} />
        </Stack>
      )}
    </DetailPage>
  );
}
