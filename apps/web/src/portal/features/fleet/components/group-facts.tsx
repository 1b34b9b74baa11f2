import type { Group } from '@fleetdeck/contract';
import { Badge } from '@mantine/core';
import { countOf } from '@/shared/lib/format';

/** "Kiosk lobby, version 4", or that the group has none yet. */
export const templateText = (g: Pick<Group, 'templateName' | 'templateVersion'>) =>
  g.templateName ? `${g.templateName}, version ${g.templateVersion ?? '?'}` : 'No template';

/** The devices whose settings differ from the group's template version. */
export function DriftBadge({ count }: { count: number }) {
  return count === 0 ? (
    <Badge color="green" variant="light">
      In line
    </Badge>
  ) : (
    <Badge color="orange" variant="light">{`${count} drifting`}</Badge>
  );
}

/** "1 device", "12 devices". */
export const devicesText = (n: number) => countOf(n, 'device');
