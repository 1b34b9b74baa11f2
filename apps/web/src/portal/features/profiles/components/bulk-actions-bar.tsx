import { Button, Group, Paper, Text } from '@mantine/core';
import { IconFolderShare, IconLogout, IconTerminal2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BulkActionControls } from '@/portal/components/bulk-action-controls';
import { LazySendCommandDialog } from '@/portal/components/commands/lazy-send-command-dialog';
import type { RowSelection } from '@/portal/components/row-selection';
import { paths } from '@/portal/config/paths';
import { countOf } from '@/shared/lib/format';
import { Allowed } from '@/portal/lib/permissions';

/**
 * The actions on the ticked devices: Send command (type and params, the preflight, a confirmation naming the count,
 * then the command's page), Move to group and Log out (asked first, naming the count), the last two a background job
 * (`POST bulk-actions`) whose progress and per-device results show here.
 */
export function BulkActionsBar({ selection }: { selection: RowSelection }) {
  const count = selection.ids.length;
  const [sending, setSending] = useState(false);
  const navigate = useNavigate();
  return (
    <BulkActionControls scope={{ profileIds: selection.ids }} count={count} onStarted={selection.clear}>
      {(open) =>
        count > 0 ? (
          <Paper withBorder p="sm" radius="md" role="region" aria-label="Chosen devices">
            <Group justify="space-between" gap="sm">
              <Text size="sm" fw={600}>{`${countOf(count, 'device')} chosen`}</Text>
              <Group gap="xs">
                <Allowed to="fleet.write">
                  <Button variant="light" leftSection={<IconTerminal2 size={16} />} onClick={() => setSending(true)}>
                    Send command
                  </Button>
                  <Button variant="light" leftSection={<IconFolderShare size={16} />} onClick={open.move}>
                    Move to group
                  </Button>
                </Allowed>
                {/* Logging out more than one device at a time is `fleet.bulk` (not a Technician's). */}
                <Allowed to={count > 1 ? 'fleet.bulk' : 'fleet.write'}>
                  <Button variant="light" color="red" leftSection={<IconLogout size={16} />} onClick={open.logout}>
                    Log out
                  </Button>
                </Allowed>
                <Button variant="subtle" color="gray" onClick={selection.clear}>
                  Clear
                </Button>
              </Group>
            </Group>
            <LazySendCommandDialog
              opened={sending}
              onClose={() => setSending(false)}
              target={{ profileIds: selection.ids }}
              type={null}
              onSent={(command) => {
                setSending(false);
                selection.clear();
                void navigate(paths.portal.commandDetail.getHref(command._id));
              }}
            />
          </Paper>
        ) : null
      }
    </BulkActionControls>
  );
}
