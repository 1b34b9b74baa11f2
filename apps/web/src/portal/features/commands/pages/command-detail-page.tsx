import {
  COMMAND_LABELS,
  commandDevicesQuerySchema,
  commandIdParamsSchema,
  type Command,
  type CommandDevice,
} from '@fleetdeck/contract';
import { Anchor, Button, Card, Group as Row, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMapPin, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/portal/config/paths';
import { mapHref, positionText } from '@/portal/lib/map-position';
import { CommandCountBadges, CommandStateBadge } from '@/portal/components/commands/command-badges';
import {
  COMMAND_STATE_CHOICES,
  devicesCount,
  locatedAt,
  paramsInWords,
} from '@/portal/components/commands/command-words';
import { textColumn, twoLineColumn } from '@/shared/components/columns';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import type { DataTableColumn } from '@/shared/components/data-table';
import { allSelect, ListPage } from '@/shared/components/list-page';
import { QueryView } from '@/shared/components/query-view';
import { formatDateTime, isPast } from '@/shared/lib/format';
import { useListSearch } from '@/shared/lib/list-search';
import { useCancelCommand } from '../api/cancel-command';
import { useCommand } from '../api/get-command';
import { useCommandDevices } from '../api/get-command-devices';

const CHANNELS = { 'long-poll': 'Long poll', fcm: 'FCM' } as const;

/** Cancel, asked first naming how many devices it spares; only while some have not received the command. */
function CancelCommand({ command }: { command: Command }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelCommand({ onSuccess: () => setAsking(false) });
  const waiting = command.counts.queued;
  if (waiting === 0) return null;
  return (
    <>
      <Button variant="default" color="red" leftSection={<IconPlayerStop size={16} />} onClick={() => setAsking(true)}>
        Cancel
      </Button>
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
    <Card withBorder padding="lg" radius="md">
      <Row justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Text fw={700} size="lg">
            {COMMAND_LABELS[command.type]}
          </Text>
          <Text size="sm">{`${paramsInWords(command.type, command.params)}.`}</Text>
          <Text size="sm" c="dimmed">
            {command.groupId ? (
              <>
                {'To '}
                <Anchor
                  component={Link}
                  to={paths.portal.groupDetail.getHref(command.groupId)}
                  size="sm"
                  underline="always"
                >
                  {command.groupName}
                </Anchor>
                {` (${devicesCount(command.total)})`}
              </>
            ) : (
              `To ${devicesCount(command.total)}`
            )}
            {` · sent ${formatDateTime(command.created_at)} by ${command.createdBy}`}
          </Text>
          <Text size="sm" c="dimmed">
            {`${expired ? 'Expired' : 'Expires'} ${formatDateTime(command.expires_at)}: a device that has not asked for it by then never gets it.`}
          </Text>
          {command.fanningOut ? (
            <Text size="sm" c="dimmed" role="status">
              Still writing the devices&apos; rows…
            </Text>
          ) : null}
          <CommandCountBadges counts={command.counts} label="Devices by state" />
        </Stack>
        <CancelCommand command={command} />
      </Row>
    </Card>
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
    { key: 'state', header: 'State', width: 120, render: (d) => <CommandStateBadge state={d.state} /> },
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
  const [params] = useSearchParams();
  const id = commandIdParamsSchema.shape.id.safeParse(params.get('id') ?? '');
  const command = useCommand(id.success ? id.data : '');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.portal.commands.getHref()} size="sm">
        <Row gap={4}>
          <IconArrowLeft size={14} />
          Commands
        </Row>
      </Anchor>
      {id.success ? (
        <QueryView query={command} errorTitle="The command could not load">
          {(c) => (
            <Stack gap="md">
              <CommandSummary command={c} />
              <CommandDevices command={c} />
            </Stack>
          )}
        </QueryView>
      ) : (
        <Text c="dimmed">Choose a command from the Commands page.</Text>
      )}
    </Stack>
  );
}
