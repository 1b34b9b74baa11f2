import { profileListQuerySchema, type Group, type ProfileListItem } from '@fleetdeck/contract';
import { Button, Group as Row, Modal, Text } from '@mantine/core';
import { useProfileList } from '@/portal/api/get-profile-list';
import { selectionColumn, useRowSelection } from '@/portal/components/row-selection';
import { textColumn } from '@/shared/components/columns';
import { ListPage } from '@/shared/components/list-page';
import { useListSearch } from '@/shared/lib/list-search';
import { useAddGroupDevices } from '../api/group-devices';

function DevicePicker({ group, onClose }: { group: Group; onClose: () => void }) {
  // A list inside a dialog: its filters and page stay out of the page's URL.
  const list = useListSearch(profileListQuerySchema, {}, { storage: 'memory' });
  const devices = useProfileList({ ...list.query, appName: group.family });
  const selection = useRowSelection();
  const add = useAddGroupDevices({ onSuccess: onClose });
  const count = selection.ids.length;
  return (
    <ListPage
      noun="devices to add"
      search={list}
      result={devices}
      columns={[
        selectionColumn<ProfileListItem>(selection, devices.data?.data, (d) => d.name),
        textColumn<ProfileListItem>('name', 'Serial Number', 150, (d) => d.name, { fw: 600 }),
        textColumn<ProfileListItem>('profileName', 'Device Name', 150, (d) => d.profileName || '-'),
        textColumn<ProfileListItem>('group', 'Group now', 130, (d) => d.group?.name ?? '-'),
      ]}
      filters={[{ kind: 'text', key: 'search', label: 'Find a device', placeholder: 'Serial number or name' }]}
    >
      <Text size="xs" c="dimmed">
        A device in another group moves to this one. The group&apos;s template is applied to the devices at once.
      </Text>
      <Row justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={count === 0}
          loading={add.isPending}
          onClick={() => add.mutate({ id: group._id, profileIds: selection.ids })}
        >
          {count === 1 ? 'Add 1 device' : `Add ${count} devices`}
        </Button>
      </Row>
    </ListPage>
  );
}

/** Picks devices of the group's family (`profile/list?appName=<family>`) and adds them (`POST groups/:id/devices`). */
export function AddDevicesDialog({ group, opened, onClose }: { group: Group; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={<Text fw={700}>{`Add devices to ${group.name}`}</Text>}>
      {opened ? <DevicePicker group={group} onClose={onClose} /> : null}
    </Modal>
  );
}
