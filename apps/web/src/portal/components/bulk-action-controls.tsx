import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useCreateBulkAction } from '@/portal/api/bulk-actions';
import { useGroupPicker } from '@/portal/api/get-groups';
import { BulkActionProgress } from '@/portal/components/bulk-action-progress';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { ServerSearchSelect } from '@/shared/components/server-search-select';
import { serverFieldErrors } from '@/shared/lib/form';
import { countOf } from '@/shared/lib/format';

const devicesText = (n: number) => countOf(n, 'device');

/** The devices a bulk action is for: the ticked ones, or every device of a group. */
export type BulkScope = { profileIds: string[] } | { groupId: string };

/** "Move to group": the target group, then `POST bulk-actions {action: 'move-to-group'}`. */
function MoveDialog({
  count,
  opened,
  loading,
  error,
  exceptGroupId,
  onMove,
  onClose,
}: {
  count: number;
  opened: boolean;
  loading: boolean;
  error: string | undefined;
  exceptGroupId: string | undefined;
  onMove: (groupId: string) => void;
  onClose: () => void;
}) {
  const groups = useGroupPicker();
  const [target, setTarget] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{`Move ${devicesText(count)} to a group`}</Text>}>
      <Stack gap="md">
        <ServerSearchSelect
          label="Group"
          placeholder="Choose a group"
          {...groups}
          options={groups.options.filter((o) => o.value !== exceptGroupId)}
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
 * Move to group and Log out (asked first, naming the count) on `scope`'s `count` devices, each a background job
 * (`POST bulk-actions`) whose progress and per-device results show below the triggers `children` renders.
 */
export function BulkActionControls({
  scope,
  count,
  onStarted,
  children,
}: {
  scope: BulkScope;
  count: number;
  onStarted?: () => void;
  children: (open: { move: () => void; logout: () => void }) => ReactNode;
}) {
  const [moving, setMoving] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [running, setRunning] = useState<string | null>(null);
  const start = useCreateBulkAction({
    onSuccess: (answer) => {
      setRunning(answer.data._id);
      setMoving(false);
      setLoggingOut(false);
      onStarted?.();
    },
  });
  const moveError = start.error ? serverFieldErrors(start.error).targetGroupId : undefined;
  return (
    <Stack gap="sm">
      {children({ move: () => setMoving(true), logout: () => setLoggingOut(true) })}
      {running ? <BulkActionProgress id={running} /> : null}
      <MoveDialog
        count={count}
        opened={moving}
        loading={start.isPending}
        error={moveError}
        exceptGroupId={'groupId' in scope ? scope.groupId : undefined}
        onClose={() => setMoving(false)}
        onMove={(targetGroupId) => start.mutate({ action: 'move-to-group', ...scope, targetGroupId })}
      />
      <ConfirmDialog
        opened={loggingOut}
        title={`Log out ${devicesText(count)}?`}
        message={`Each of the ${devicesText(count)} is signed out and must enrol again; their licence seats are freed.`}
        confirmLabel={`Log out ${devicesText(count)}`}
        confirmColor="red"
        loading={start.isPending}
        onConfirm={() => start.mutate({ action: 'logout', ...scope })}
        onCancel={() => setLoggingOut(false)}
      />
    </Stack>
  );
}
