import { Button, Group, Paper, Text } from '@mantine/core';
import { IconFolderShare, IconLogout } from '@tabler/icons-react';
import { BulkActionControls } from '@/portal/components/bulk-action-controls';
import type { RowSelection } from '@/portal/components/row-selection';
import { countOf } from '@/shared/lib/format';

/**
 * The actions on the ticked devices: Move to group and Log out (asked first, naming the count), each a background job
 * (`POST bulk-actions`) whose progress and per-device results show here.
 */
export function BulkActionsBar({ selection }: { selection: RowSelection }) {
  const count = selection.ids.length;
  return (
    <BulkActionControls scope={{ profileIds: selection.ids }} count={count} onStarted={selection.clear}>
      {(open) =>
        count > 0 ? (
          <Paper withBorder p="sm" radius="md" role="region" aria-label="Chosen devices">
            <Group justify="space-between" gap="sm">
              <Text size="sm" fw={600}>{`${countOf(count, 'device')} chosen`}</Text>
              <Group gap="xs">
                <Button variant="light" leftSection={<IconFolderShare size={16} />} onClick={open.move}>
                  Move to group
                </Button>
                <Button variant="light" color="red" leftSection={<IconLogout size={16} />} onClick={open.logout}>
                  Log out
                </Button>
                <Button variant="subtle" color="gray" onClick={selection.clear}>
                  Clear
                </Button>
              </Group>
            </Group>
          </Paper>
        ) : null
      }
    </BulkActionControls>
  );
}
