import { COMMAND_LABELS, commandListQuerySchema, type Command } from '@fleetdeck/contract';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/portal/config/paths';
import { CommandCountBadges } from '@/portal/components/commands/command-badges';
import { COMMAND_TYPE_CHOICES, devicesCount, paramsInWords } from '@/portal/components/commands/command-words';
import { dateColumn, textColumn } from '@/shared/components/columns';
import type { DataTableColumn } from '@/shared/components/data-table';
import { allSelect, ListPage } from '@/shared/components/list-page';
import { useListQuery } from '@/shared/lib/list-search';
import { useCommands } from '@/portal/api/get-commands';

/**
 * `/commands`: every remote command sent (type, who, when, to how many, their states), newest first; `?profileId=`
 * (linked from a device's Commands menu): the commands that device received.
 */
export function CommandsPage() {
  const list = useListQuery(commandListQuerySchema, useCommands);
  const columns: DataTableColumn<Command>[] = [
    {
      key: 'type',
      header: 'Command',
      width: 220,
      render: (c) => (
        <Stack gap={0}>
          <Anchor component={Link} to={paths.portal.commandDetail.getHref(c._id)} fw={600} size="sm">
            {COMMAND_LABELS[c.type]}
          </Anchor>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {paramsInWords(c.type, c.params)}
          </Text>
        </Stack>
      ),
    },
    textColumn<Command>('target', 'Sent to', 150, (c) =>
      c.groupName ? `${c.groupName} (${devicesCount(c.total)})` : devicesCount(c.total),
    ),
    {
      key: 'counts',
      header: 'Devices',
      width: 260,
      render: (c) => <CommandCountBadges counts={c.counts} label={`Devices of ${COMMAND_LABELS[c.type]} by state`} />,
    },
    textColumn<Command>('createdBy', 'Sent By', 200, (c) => c.createdBy),
    dateColumn<Command>('created_at', 'Sent On'),
  ];
  return (
    <ListPage
      noun="commands"
      {...list}
      columns={columns}
      filters={[allSelect('type', 'Type', COMMAND_TYPE_CHOICES, 160)]}
      header={
        list.search.query.profileId ? (
          <Alert variant="light" p="xs">
            <Group justify="space-between" gap="sm">
              <Text size="sm">The commands one device received.</Text>
              <Button variant="subtle" size="xs" onClick={() => list.search.setFilters({ profileId: undefined })}>
                Show every command
              </Button>
            </Group>
          </Alert>
        ) : undefined
      }
      emptyMessage="No command sent yet. Send one from a device's page, or from the Devices list to the ticked devices."
    />
  );
}
