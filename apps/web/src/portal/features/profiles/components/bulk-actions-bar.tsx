import { Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { IconFolderShare, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useCreateBulkAction } from '@/portal/api/bulk-actions';
import { useGroupChoices } from '@/portal/api/get-groups';
import { BulkActionProgress } from '@/portal/components/bulk-action-progress';
import type { RowSelection } from '@/portal/components/row-selection';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { serverFieldErrors } from '@/shared/lib/form';
import { countOf } from '@/shared/lib/format';

const devicesText = (n: number) => countOf(n, 'device');

/** "Move to group": the target group, then `POST bulk-actions {action: 'move-to-group'}`. */
function MoveDialog({
  count,
  opened,
  loading,
  error,
  onMove,
  onClose,
}: {
  count: number;
  opened: boolean;
  loading: boolean;
  error: string | undefined;
  onMove: (groupId: string) => void;
  onClose: () => void;
}) {
  const { options } = useGroupChoices();
  const [target, setTarget] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{`Move ${devicesText(count)} to a group`}</Text>}>
      <Stack gap="md">
        <Select
          label="Group"
          placeholder="Choose a group"
          searchable
          data={options}
          value={target}
          onChange={setTarget}
          error={error}
          description="A device leaves its current group; the new group's template is applied to it."
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={target === null} loading={loading} onClick={() => target && onMove(target)}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The actions on the ticked devices: Move to group and Log out (asked first, naming the count), each a background job
 * (`POST bulk-actions`) whose progress and per-device results show here.
 */
export function BulkActionsBar({ selection }: { selection: RowSelection }) {
  const count = selection.ids.length;
  const [moving, setMoving] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [running, setRunning] = useState<string | null>(null);
  const start = useCreateBulkAction({
    onSuccess: (answer) => {
      setRunning(answer.data._id);
      setMoving(false);
      setLoggingOut(false);
      selection.clear();
    },
  });
  const moveError = start.error ? serverFieldErrors(start.error).targetGroupId : undefined;
  return (
    <Stack gap="sm">
      {count > 0 ? (
        <Paper withBorder p="sm" radius="md" role="region" aria-label="Chosen devices">
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={600}>{`${devicesText(count)} chosen`}</Text>
            <Group gap="xs">
              <Button variant="light" leftSection={<IconFolderShare size={16} />} onClick={() => setMoving(true)}>
                Move to group
              </Button>
              <Button
                variant="light"
                color="red"
                leftSection={<IconLogout size={16} />}
                onClick={() => setLoggingOut(true)}
              >
                Log out
              </Button>
              <Button variant="subtle" color="gray" onClick={selection.clear}>
                Clear
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      {running ? <BulkActionProgress id={running} /> : null}
      <MoveDialog
        count={count}
        opened={moving}
        loading={start.isPending}
        error={moveError}
        onClose={() => setMoving(false)}
        onMove={(targetGroupId) => start.mutate({ action: 'move-to-group', profileIds: selection.ids, targetGroupId })}
      />
      <ConfirmDialog
        opened={loggingOut}
        title={`Log out ${devicesText(count)}?`}
        message={`Each of the ${devicesText(count)} is signed out and must enrol again; their licence seats are freed.`}
        confirmLabel={`Log out ${devicesText(count)}`}
        confirmColor="red"
        loading={start.isPending}
        onConfirm={() => start.mutate({ action: 'logout', profileIds: selection.ids })}
        onCancel={() => setLoggingOut(false)}
      />
    </Stack>
  );
}
