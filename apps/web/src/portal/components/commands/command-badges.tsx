import type { CommandCounts } from '@fleetdeck/contract';
import { Badge, Group } from '@mantine/core';
import { COMMAND_STATE_LABELS, formatCount, nonZeroCounts } from './command-words';

/** A command's devices by state, one small badge per state that has any ("3 succeeded", "1 failed"). */
export function CommandCountBadges({ counts, label }: { counts: CommandCounts; label: string }) {
  const shown = nonZeroCounts(counts);
  return (
    <Group gap={4} role="list" aria-label={label}>
      {shown.length === 0 ? (
        <Badge variant="outline" color="gray" size="sm" role="listitem">
          No devices yet
        </Badge>
      ) : (
        shown.map(({ state, count }) => (
          <Badge key={state} color={COMMAND_STATE_LABELS[state].color} variant="light" size="sm" role="listitem">
            {`${formatCount(count)} ${COMMAND_STATE_LABELS[state].label.toLowerCase()}`}
          </Badge>
        ))
      )}
    </Group>
  );
}
