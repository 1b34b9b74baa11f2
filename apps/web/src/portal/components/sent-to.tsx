import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/portal/config/paths';

/**
 * Whom a command or a rollout went to, on its page: "To Lobby tablets (12 devices)" with the group linked, or "To 3
 * devices" for chosen ones; `children` follow on the line (" · sent … by …").
 */
export function SentTo({
  group,
  devices,
  children,
}: {
  group: { _id: string; name: string | null } | null;
  /** The devices counted ("12 devices"), or how chosen ones are called ("chosen devices"). */
  devices: string;
  children?: ReactNode;
}) {
  return (
    <Text size="sm" c="dimmed">
      {group ? (
        <>
          {'To '}
          <Anchor component={Link} to={paths.portal.groupDetail.getHref(group._id)} size="sm" underline="always">
            {group.name}
          </Anchor>
          {` (${devices})`}
        </>
      ) : (
        `To ${devices}`
      )}
      {children}
    </Text>
  );
}
