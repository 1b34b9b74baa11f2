import type { Rollout, RolloutDeviceState, RolloutState } from '@fleetdeck/contract';
import { statusesOf } from '@/shared/lib/status';
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';

export const ROLLOUT_STATE_LABELS = statusesOf<RolloutState>({
  running: 'blue',
  paused: 'orange',
  completed: 'green',
  cancelled: 'gray',
  rolled_back: 'violet',
});

export const DEVICE_STATE_LABELS = statusesOf<RolloutDeviceState>({
  waiting: 'gray',
  pending: 'yellow',
  succeeded: 'green',
  failed: 'red',
  rolled_back: 'violet',
});

type Counts = Rollout['counts'];

/**
 * "2 succeeded · 1 failed · 3 pending" (and the devices still waiting for their stage, and those a rollback restored,
 * when any).
 */
export const countsText = (c: Counts) =>
  [
    `${c.succeeded} succeeded`,
    `${c.failed} failed`,
    `${c.pending} pending`,
    c.waiting ? `${c.waiting} waiting` : '',
    c.rolledBack ? `${c.rolledBack} rolled back` : '',
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * One bar of succeeded (green), failed (red), pending (yellow), waiting (grey) and rolled back (blue) devices out of `size`: a picture
 * named `label` (the counts stand beside it in words); its sections, each a nameless progressbar to Mantine, are
 * hidden from assistive technology.
 */
export function CountsBar({ counts, size, label }: { counts: Counts; size: number; label: string }) {
  const share = (n: number) => (size === 0 ? 0 : (n / size) * 100);
  return (
    <Progress.Root size="lg" aria-label={label} role="img">
      <Progress.Section value={share(counts.succeeded)} color="green" aria-hidden />
      <Progress.Section value={share(counts.failed)} color="red" aria-hidden />
      <Progress.Section value={share(counts.pending)} color="yellow" aria-hidden />
      <Progress.Section value={share(counts.waiting)} color="gray.3" aria-hidden />
      <Progress.Section value={share(counts.rolledBack)} color="blue" aria-hidden />
    </Progress.Root>
  );
}

const duration = (seconds: number) =>
  seconds % 3600 === 0 && seconds > 0
    ? `${seconds / 3600} h`
    : seconds % 60 === 0 && seconds > 0
      ? `${seconds / 60} min`
      : `${seconds} s`;

/** The rollout's stages, each a progress bar with its counts; the current one marked while the rollout is live. */
export function StageProgress({ rollout }: { rollout: Rollout }) {
  const live = rollout.state === 'running' || rollout.state === 'paused';
  return (
    <Stack gap="md" aria-label="Stages" role="list">
      {rollout.stages.map((stage, i) => {
        const name = `Stage ${i + 1}`;
        return (
          <Stack key={name} gap={4} role="listitem" aria-label={name}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                {`${name}: ${stage.percent}% · ${stage.size} device${stage.size === 1 ? '' : 's'}`}
                {live && i === rollout.stageIndex ? (
                  <Badge ml="xs" size="xs" variant="outline">
                    Current
                  </Badge>
                ) : null}
              </Text>
              <Text size="xs" c="dimmed">{`soak ${duration(stage.soakSeconds)}`}</Text>
            </Group>
            <CountsBar counts={stage.counts} size={stage.size} label={`${name} progress`} />
            <Text size="xs" c="dimmed">
              {stage.startedAt ? countsText(stage.counts) : 'Not started'}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
