import { Badge, type BadgeProps } from '@mantine/core';
import type { Status } from '@/shared/lib/status';

/** A state as a light badge in its colour (`statusesOf`), as the tables' state columns show it. */
export function StatusBadge({ status, ...props }: { status: Status } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge color={status.color} variant="light" {...props}>
      {status.label}
    </Badge>
  );
}
