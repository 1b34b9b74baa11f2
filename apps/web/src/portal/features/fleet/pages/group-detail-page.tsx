import { groupIdSchema, profileListQuerySchema, type Group, type ProfileListItem } from '@fleetdeck/contract';
import { Anchor, Badge, Button, Group as Row, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFolderShare, IconLogout, IconPlus, IconRocket, IconTerminal2, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useProfileList } from '@/portal/api/get-profile-list';
import { BulkActionControls } from '@/portal/components/bulk-action-controls';
import { LazySendCommandDialog } from '@/portal/components/commands/lazy-send-command-dialog';
import { paths } from '@/portal/config/paths';
import { actionsColumn, textColumn } from '@/shared/components/columns';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { DeleteAction } from '@/shared/components/delete-action';
import { ListPage } from '@/shared/components/list-page';
import { DetailPage, DetailSummary } from '@/shared/components/detail-page';
import { useListSearch } from '@/shared/lib/list-search';
import { useDeleteGroup } from '../api/delete-group';
import { useGroup } from '../api/get-group';
import { useRemoveGroupDevices } from '../api/group-devices';
import { AddDevicesDialog } from '../components/add-devices-dialog';
import { EnrolmentQrCard } from '../components/enrolment-qr-card';
import { devicesText, DriftBadge, templateText } from '../components/group-facts';
import { GroupSettings } from '../components/group-settings';
import { StartRolloutForm } from '../components/start-rollout-form';
import { Allowed } from '@/portal/lib/permissions';

function GroupSummary({ group, onRollout, onDelete }: { group: Group; onRollout: () => void; onDelete: () => void }) {
  return (
    <DetailSummary
      title={group.name}
      badges={<Badge variant="light">{group.family}</Badge>}
      actions={
        <Allowed to="fleet.write">
          <Row gap="sm">
            <Button
              leftSection={<IconRocket size={16} />}
              onClick={onRollout}
              disabled={group.activeRolloutId !== null || group.deviceCount === 0}
            >
              Start rollout
            </Button>
            <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
              Delete group
            </Button>
          </Row>
        </Allowed>
      }
    >
      <Text size="sm" c="dimmed">{`${templateText(group)} · ${devicesText(group.deviceCount)}`}</Text>
      <Row gap="xs">
        <DriftBadge count={group.driftCount} />
        {group.activeRolloutId ? (
          <Anchor component={Link} to={paths.portal.rolloutDetail.getHref(group.activeRolloutId)} size="sm">
            A rollout is under way
          </Anchor>
        ) : null}
      </Row>
    </DetailSummary>
  );
}

/**
 * The group's devices (`profile/list?groupId=`), each with Remove (asked first); Add devices; the whole group moved to
 * another group or logged out.
 */
function GroupDevices({ group }: { group: Group }) {
  const list = useListSearch(profileListQuerySchema);
  const devices = useProfileList({ ...list.query, groupId: group._id });
  const [removing, setRemoving] = useState<ProfileListItem | null>(null);
  const [adding, setAdding] = useState(false);
  const [sending, setSending] = useState(false);
  const navigate = useNavigate();
  const remove = useRemoveGroupDevices({ onSuccess: () => setRemoving(null) });
  return (
    <ListPage
      label={`Devices of ${group.name}`}
      search={list}
      result={devices}
      columns={[
        textColumn<ProfileListItem>('name', 'Serial Number', 160, (d) => d.name, { fw: 600 }),
        textColumn<ProfileListItem>('profileName', 'Device Name', 160, (d) => d.profileName || '-'),
        textColumn<ProfileListItem>('appName', 'App', 80, (d) => d.appName),
        {
          key: 'drift',
          header: 'Drift',
          width: 150,
          render: (d) => <DriftBadge count={d.drift} />,
        },
        actionsColumn<ProfileListItem>(70, (d) => (
          <Allowed to="fleet.write">
            <DeleteAction
              label={`Remove ${d.name} from the group`}
              hint="Remove from the group"
              onClick={() => setRemoving(d)}
            />
          </Allowed>
        )),
      ]}
      filters={[{ kind: 'text', key: 'search', label: 'Find a device', placeholder: 'Serial number or name' }]}
      header={
        // The whole group's devices moved or logged out at once (a background job, asked first naming the count).
        <BulkActionControls scope={{ groupId: group._id }} count={group.deviceCount}>
          {(open) => (
            <Row justify="space-between" gap="sm">
              <Text fw={700}>Devices</Text>
              <Row gap="xs">
                <Allowed to="fleet.write">
                  <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                    Add devices
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconTerminal2 size={16} />}
                    onClick={() => setSending(true)}
                    disabled={group.deviceCount === 0}
                  >
                    Send command
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconFolderShare size={16} />}
                    onClick={open.move}
                    disabled={group.deviceCount === 0}
                  >
                    Move all to a group
                  </Button>
                </Allowed>
                <Allowed to="fleet.bulk">
                  <Button
                    variant="default"
                    color="red"
                    leftSection={<IconLogout size={16} />}
                    onClick={open.logout}
                    disabled={group.deviceCount === 0}
                  >
                    Log out all
                  </Button>
                </Allowed>
              </Row>
            </Row>
          )}
        </BulkActionControls>
      }
    >
      <AddDevicesDialog group={group} opened={adding} onClose={() => setAdding(false)} />
      <LazySendCommandDialog
        opened={sending}
        onClose={() => setSending(false)}
        target={{ groupId: group._id }}
        targetName={`the ${devicesText(group.deviceCount)} of ${group.name}`}
        type={null}
        onSent={(command) => void navigate(paths.portal.commandDetail.getHref(command._id))}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove ${removing?.name ?? ''} from ${group.name}?`}
        message="The device leaves the group and keeps its current settings; later template versions no longer reach it."
        confirmLabel="Remove"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: group._id, profileIds: [removing._id] })}
        onCancel={() => setRemoving(null)}
      />
    </ListPage>
  );
}

function GroupView({ group }: { group: Group }) {
  const navigate = useNavigate();
  const [rollingOut, setRollingOut] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteGroup({ onSuccess: () => void navigate(paths.portal.groups.getHref()) });
  return (
    <Stack gap="md">
      <GroupSummary group={group} onRollout={() => setRollingOut(true)} onDelete={() => setDeleting(true)} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <GroupSettings group={group} />
        <EnrolmentQrCard groupId={group._id} groupName={group.name} />
      </SimpleGrid>
      <GroupDevices group={group} />
      <Modal
        opened={rollingOut}
        onClose={() => setRollingOut(false)}
        size="lg"
        title={<Text fw={700}>{`Start a rollout to ${group.name}`}</Text>}
      >
        <StartRolloutForm
          target={{ family: group.family, groupId: group._id, templateId: group.templateId ?? undefined }}
          onCancel={() => setRollingOut(false)}
          onStarted={(rollout) => void navigate(paths.portal.rolloutDetail.getHref(rollout._id))}
        />
      </Modal>
      <ConfirmDialog
        opened={deleting}
        title={`Delete ${group.name}?`}
        message={`The group goes. Its ${devicesText(group.deviceCount)} stay, ungrouped, with their current settings.`}
        confirmLabel="Delete group"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => remove.mutate(group._id)}
        onCancel={() => setDeleting(false)}
      />
    </Stack>
  );
}

/** `/group-detail?id=`: a group's summary, name, template, enrolment QR, devices, rollout and delete. */
export function GroupDetailPage() {
  return (
    <DetailPage
      back={{ to: paths.portal.groups.getHref(), label: 'Groups' }}
      idSchema={groupIdSchema}
      useRecord={useGroup}
      noun="group"
    >
      {(g) => <GroupView group={g} />}
    </DetailPage>
  );
}
