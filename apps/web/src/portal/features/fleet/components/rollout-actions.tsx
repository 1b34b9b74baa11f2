import type { Rollout } from '@fleetdeck/contract';
import { Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { useRolloutAction, type RolloutAction } from '../api/rollout-actions';
import { devicesText } from './group-facts';
import { usePermission } from '@/portal/lib/permissions';

/** What each action does, said before it runs. */
function consequence(action: RolloutAction, r: Rollout): { title: string; message: string; confirm: string } {
  const applied = r.counts.succeeded + r.counts.failed + r.counts.pending;
  switch (action) {
    case 'resume':
      return {
        title: 'Resume the rollout?',
        message: `Stage ${r.stageIndex + 1} continues: more devices get version ${r.version} of ${r.templateName}, and the pause rule watches them again.`,
        confirm: 'Resume',
      };
    case 'cancel':
      return {
        title: 'Cancel the rollout?',
        message: `No further device gets version ${r.version}. The ${devicesText(applied)} that received it keep it (roll back to undo that).`,
        confirm: 'Cancel rollout',
      };
    case 'rollback':
      return {
        title: 'Roll back the rollout?',
        message: `The ${devicesText(applied)} that received version ${r.version} get the settings they had before the rollout again. This cannot be undone.`,
        confirm: 'Roll back',
      };
  }
}

const BUTTONS: Record<RolloutAction, { label: string; icon: ReactNode; color?: string }> = {
  resume: { label: 'Resume', icon: <IconPlayerPlay size={16} /> },
  cancel: { label: 'Cancel rollout', icon: <IconPlayerStop size={16} />, color: 'gray' },
  rollback: { label: 'Roll back', icon: <IconArrowBackUp size={16} />, color: 'red' },
};

/** The actions a rollout's state allows. */
const allowed = (r: Rollout): RolloutAction[] => {
  switch (r.state) {
    case 'running':
      return ['cancel', 'rollback'];
    case 'paused':
      return ['resume', 'cancel', 'rollback'];
    case 'completed':
    case 'cancelled':
      return ['rollback'];
    case 'rolled_back':
      return [];
  }
};

/** Resume, cancel and roll back, each asked first naming what it does. */
export function RolloutActions({ rollout }: { rollout: Rollout }) {
  const [asking, setAsking] = useState<RolloutAction | null>(null);
  const run = useRolloutAction({ onSuccess: () => setAsking(null) });
  const actions = allowed(rollout);
  // Resume, cancel and roll back change the fleet: not a Viewer's.
  const canAct = usePermission('fleet.write');
  if (actions.length === 0 || !canAct) return null;
  const text = asking ? consequence(asking, rollout) : null;
  return (
    <Group gap="sm">
      {actions.map((a) => (
        <Button
          key={a}
          variant={a === 'resume' ? 'filled' : 'default'}
          color={BUTTONS[a].color}
          leftSection={BUTTONS[a].icon}
          onClick={() => setAsking(a)}
        >
          {BUTTONS[a].label}
        </Button>
      ))}
      <ConfirmDialog
        opened={asking !== null}
        title={text?.title ?? ''}
        message={text?.message ?? ''}
        confirmLabel={text?.confirm}
        cancelLabel="Keep as it is"
        confirmColor={asking === 'rollback' ? 'red' : undefined}
        loading={run.isPending}
        onConfirm={() => asking && run.mutate({ id: rollout._id, action: asking })}
        onCancel={() => setAsking(null)}
      />
    </Group>
  );
}
