import {
  COMMAND_LABELS,
  commandDevicesQuerySchema,
  commandIdParamsSchema,
  type Command,
  type CommandDevice,
} from '@fleetdeck/contract';
import { Anchor, Button, Group as Row, Stack, Text } from '@mantine/core';
import { IconMapPin, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { paths } from '@/portal/config/paths';
import { mapHref, positionText } from '@/portal/lib/map-position';
import { CommandCountBadges } from '@/portal/components/commands/command-badges';
import { SentTo } from '@/portal/components/sent-to';
import {
  COMMAND_STATE_CHOICES,
  COMMAND_STATE_LABELS,
  devicesCount,
  locatedAt,
  paramsInWords,
} from '@/portal/components/commands/command-words';
import { statusColumn, textColumn, twoLineColumn } from '@/shared/components/columns';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import type { DataTableColumn } from '@/shared/components/data-table';
import { allSelect, ListPage } from '@/shared/components/list-page';
import { DetailPage, DetailSummary } from '@/shared/components/detail-page';
import { formatDateTime, isPast } from '@/shared/lib/format';
import { useListSearch } from '@/shared/lib/list-search';
import { useCancelCommand } from '../api/cancel-command';
import { useCommand } from '../api/get-command';
import { useCommandDevices } from '../api/get-command-devices';
import { Allowed } from '@/portal/lib/permissions';

const CHANNELS = { 'long-poll': 'Long poll', fcm: 'FCM' } as const;

/** Cancel, asked first naming how many devices it spares; only while some have not received the command. */
function CancelCommand({ command }: { command: Command }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelCommand({ onSuccess: () => setAsking(false) });
  const waiting = command.counts.queued;
  if (waiting === 0) return null;
  return (
    <>
      <Allowed to="fleet.write">
        <Button
          variant="default"
          color="red"
          leftSection={<IconPlayerStop size={16} />}
          onClick={() => setAsking(true)}
        >
          Cancel
        </Button>
      </Allowed>
      <ConfirmDialog
        opened={asking}
        title="Cancel the command?"
        message={`Cancel the command for the ${devicesCount(waiting)} that have not received it yet? Devices that received it already are not affected.`}
        confirmLabel="Cancel the command"
        cancelLabel="Keep it"
        confirmColor="red"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(command._id)}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

function CommandSummary({ command }: { command: Command }) {
  const expired = isPast(command.expires_at);
  return (
    <DetailSummary title={COMMAND_LABELS[command.type]} actions={<CancelCommand command={command} />}>
      <Text size="sm">{`${paramsInWords(command.type, command.params)}.`}</Text>
      <SentTo
        group={command.groupId ? { _id: command.groupId, name: command.groupName } : null}
        devices={devicesCount(command.total)}
      >
        {` · sent ${formatDateTime(command.created_at)} by ${command.createdBy}`}
      </SentTo>
      <Text size="sm" c="dimmed">
        {`${expired ? 'Expired' : 'Expires'} ${formatDateTime(command.expires_at)}: a device that has not asked for it by then never gets it.`}
      </Text>
      {command.fanningOut ? (
        <Text size="sm" c="dimmed" role="status">
          Still writing the devices&apos; rows…
        </Text>
      ) : null}
      <CommandCountBadges counts={command.counts} label="Devices by state" />
    </DetailSummary>
  );
}

/** The device's result: a located device's position with a link to the map, else the device's message. */
function ResultCell({ row }: { row: CommandDevice }) {
  const at = locatedAt(row.result);
  return (
    <Stack gap={2}>
      {at ? (
        <>
          <Text size="sm">{positionText(at)}</Text>
          <Anchor href={mapHref(at)} target="_blank" rel="noopener noreferrer" size="sm">
            <Row gap={4} wrap="nowrap">
              <IconMapPin size={14} />
              Show on map
            </Row>
          </Anchor>
        </>
      ) : null}
      {row.message ? (
        <Text size="sm" lineClamp={3}>
          {row.message}
        </Text>
      ) : null}
      {!at && !row.message ? <Text size="sm">-</Text> : null}
    </Stack>
  );
}

function CommandDevices({ command }: { command: Command }) {
  const list = useListSearch(commandDevicesQuerySchema);
  const devices = useCommandDevices(command, list.query);
  const columns: DataTableColumn<CommandDevice>[] = [
    twoLineColumn<CommandDevice>('device', 'Device', 190, (d) => ({
      main: d.serialNumber,
      detail: d.deviceName || null,
    })),
    statusColumn<CommandDevice>('state', 'State', 120, (d) => COMMAND_STATE_LABELS[d.state]),
    textColumn<CommandDevice>('channel', 'Channel', 100, (d) => (d.channel ? CHANNELS[d.channel] : '-')),
    textColumn<CommandDevice>('delivered', 'Delivered', 160, (d) => formatDateTime(d.delivered_at)),
    textColumn<CommandDevice>('finished', 'Finished', 160, (d) => formatDateTime(d.finished_at)),
    { key: 'result', header: 'Result', width: 260, render: (d) => <ResultCell row={d} /> },
  ];
  return (
    <ListPage
      noun="devices of the command"
      label="Devices"
      search={list}
      result={devices}
      columns={columns}
      filters={[allSelect('state', 'Device state', COMMAND_STATE_CHOICES, 180)]}
    />
  );
}

/** `/command-detail?id=`: the counts by state, expiry, who and what; the per-device ledger; Cancel. */
export function CommandDetailPage() {
  return (
    <DetailPage
      back={{ to: paths.portal.commands.getHref(), label: 'Commands' }}
      idSchema={commandIdParamsSchema.shape.id}
      useRecord={useCommand}
      noun="command"
    >
      {(c) => (
        <Stack gap="md">
          <CommandSummary command={c} />
          <CommandDevices command={c} />
        </Stack>
      )}
    </DetailPage>
  );
}
