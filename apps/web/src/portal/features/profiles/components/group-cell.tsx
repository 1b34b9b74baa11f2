import type { ProfileListItem } from '@fleetdeck/contract';
import { Anchor, Badge, Button, List, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/portal/config/paths';
import { QueryView } from '@/shared/components/query-view';
import { useProfileDrift } from '../api/get-profile-drift';

/** "3 settings differ from the group's template". */
export const driftText = (n: number) =>
  n === 1 ? "1 setting differs from the group's template" : `${n} settings differ from the group's template`;

/** A device's group (a link to it) and, when its settings differ from the group's template, how many, with a way in. */
export function GroupCell({ row, onShowDrift }: { row: ProfileListItem; onShowDrift: (row: ProfileListItem) => void }) {
  if (!row.group) return <Text size="sm">-</Text>;
  return (
    <Stack gap={4} align="flex-start">
      <Anchor component={Link} to={paths.portal.groupDetail.getHref(row.group._id)} size="sm" fw={600}>
        {row.group.name}
      </Anchor>
      {row.drift > 0 ? (
        <>
          <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
            {driftText(row.drift)}
          </Badge>
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => onShowDrift(row)}
            aria-label={`Show differences of ${row.name}`}
          >
            Show differences
          </Button>
        </>
      ) : null}
    </Stack>
  );
}

/** The settings of a device that differ from its group's template version, in plain words (`GET profile/drift`). */
export function DriftDialog({ row, onClose }: { row: ProfileListItem | null; onClose: () => void }) {
  const drift = useProfileDrift(row?._id ?? null);
  return (
    <Modal opened={row !== null} onClose={onClose} title={<Text fw={700}>{`Differences of ${row?.name ?? ''}`}</Text>}>
      <QueryView query={drift} errorTitle="The differences could not load">
        {(d) => (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {d.group
                ? `Compared with version ${d.templateVersion ?? '?'} of the template of ${d.group.name}:`
                : 'This device is in no group.'}
            </Text>
            {d.differences.length > 0 ? (
              <List size="sm" spacing={4} aria-label="Differences">
                {d.differences.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm">Its settings match the template.</Text>
            )}
          </Stack>
        )}
      </QueryView>
    </Modal>
  );
}
