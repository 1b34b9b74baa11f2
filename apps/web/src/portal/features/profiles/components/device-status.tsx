import type { ProfileDetail, ProfileListItem } from '@fleetdeck/contract';
import { Badge, Box, Group, Text, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { formatDateTime } from '@/shared/lib/format';

dayjs.extend(relativeTime);

/** "5 minutes ago", or "never" when the device was never seen. */
export const lastSeenText = (lastSeenAt: string | null): string =>
  lastSeenAt && dayjs(lastSeenAt).isValid() ? dayjs(lastSeenAt).fromNow() : 'never';

/** A green dot "Online", or a grey dot "Last seen 5 minutes ago" (DECISIONS §6: online = seen in the last 15 min). */
export function OnlineStatus({ online, lastSeenAt }: { online: boolean; lastSeenAt: string | null }) {
  const text = online ? 'Online' : `Last seen ${lastSeenText(lastSeenAt)}`;
  return (
    <Tooltip label={lastSeenAt ? `Last seen ${formatDateTime(lastSeenAt)}` : 'Never seen'} withArrow>
      <Group gap={6} wrap="nowrap" data-testid="online-status">
        <Box
          aria-hidden
          w={9}
          h={9}
          style={{
            borderRadius: '50%',
            flex: 'none',
            background: online ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-5)',
          }}
        />
        <Text size="sm" c={online ? 'green' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {text}
        </Text>
      </Group>
    </Tooltip>
  );
}

type PolicyState = 'never' | 'current' | 'pending';

const policyState = ({
  policyVersion,
  appliedPolicyVersion,
}: Pick<ProfileListItem, 'policyVersion' | 'appliedPolicyVersion'>): PolicyState => {
  if (policyVersion === 0) return 'never';
  return appliedPolicyVersion === policyVersion ? 'current' : 'pending';
};

/** The list's policy column: "Up to date", "Pending" or "Never applied". */
export function PolicyBadge({ item }: { item: Pick<ProfileListItem, 'policyVersion' | 'appliedPolicyVersion'> }) {
  const state = policyState(item);
  if (state === 'never') {
    return (
      <Badge color="gray" variant="light" tt="none" style={{ flexShrink: 0 }}>
        Never applied
      </Badge>
    );
  }
  if (state === 'current') {
    return (
      <Badge color="green" variant="light" tt="none" style={{ flexShrink: 0 }}>
        Up to date
      </Badge>
    );
  }
  return (
    <Tooltip label={`Version ${item.policyVersion} is waiting for the device`} withArrow>
      <Badge color="yellow" variant="light" tt="none" style={{ flexShrink: 0 }}>
        Pending
      </Badge>
    </Tooltip>
  );
}

/**
 * The detail header's delivery state: "Device up to date (v3)", "Waiting for device (v4, device has v3)", a failed
 * apply, or "Never applied"; plus "Unapplied changes" when settings changed since the last Apply.
 */
export function ApplyState({ profile }: { profile: ProfileDetail }) {
  const { policyVersion, appliedPolicyVersion, appliedResult, appliedMessage } = profile;
  let main;
  if (policyVersion === 0) {
    main = (
      <Badge color="gray" variant="light">
        Never applied
      </Badge>
    );
  } else if (appliedPolicyVersion === policyVersion && appliedResult === 'Failed') {
    main = (
      <Tooltip label={appliedMessage || 'The device reported a failure'} withArrow multiline maw={320}>
        <Badge color="red" variant="light">{`Device could not apply v${policyVersion}`}</Badge>
      </Tooltip>
    );
  } else if (appliedPolicyVersion === policyVersion) {
    main = (
      <Badge color="green" variant="light">
        {`Device up to date (v${policyVersion})`}
      </Badge>
    );
  } else {
    main = (
      <Badge color="yellow" variant="light">
        {appliedPolicyVersion === null || appliedPolicyVersion === 0
          ? `Waiting for device (v${policyVersion})`
          : `Waiting for device (v${policyVersion}, device has v${appliedPolicyVersion})`}
      </Badge>
    );
  }
  return (
    <Group gap={6} justify="flex-end" data-testid="apply-state" role="status" aria-live="polite">
      {main}
      {profile.hasUnappliedChanges ? (
        <Tooltip label="Settings changed since the last Apply: press Apply to send them to the device" withArrow>
          <Badge color="orange" variant="filled">
            Unapplied changes
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}
