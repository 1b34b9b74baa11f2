import { groupListQuerySchema, type Group } from '@fleetdeck/contract';
import { Anchor, Badge, Button, Group as Row, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useGroups } from '@/portal/api/get-groups';
import { paths } from '@/portal/config/paths';
import { textColumn, twoLineColumn } from '@/shared/components/columns';
import type { DataTableColumn } from '@/shared/components/data-table';
import { allSelect, ListPage } from '@/shared/components/list-page';
import { useListQuery } from '@/shared/lib/list-search';
import { CreateGroupForm } from '../components/create-group-form';
import { useFamilyOptions } from '../components/families';
import { DriftBadge, templateText } from '../components/group-facts';
import { Allowed } from '@/portal/lib/permissions';

/** `/groups`: the device groups (name, family, template and version, devices, drift) and a new group. */
export function GroupsPage() {
  const list = useListQuery(groupListQuerySchema, useGroups);
  const [creating, create] = useDisclosure(false);
  const navigate = useNavigate();
  const families = useFamilyOptions();

  const columns: DataTableColumn<Group>[] = [
    {
      key: 'name',
      header: 'Name',
      width: 200,
      render: (g) => (
        <Anchor component={Link} to={paths.portal.groupDetail.getHref(g._id)} fw={600} size="sm">
          {g.name}
        </Anchor>
      ),
    },
    {
      key: 'family',
      header: 'Family',
      width: 90,
      render: (g) => <Badge variant="light">{g.family}</Badge>,
    },
    twoLineColumn('template', 'Template', 220, (g) => ({
      main: templateText(g),
      detail: g.activeRolloutId ? 'A rollout is under way' : null,
    })),
    textColumn('deviceCount', 'Devices', 90, (g) => g.deviceCount),
    { key: 'drift', header: 'Drift', width: 120, render: (g) => <DriftBadge count={g.driftCount} /> },
  ];

  return (
    <ListPage
      noun="groups"
      {...list}
      columns={columns}
      filters={[
        { kind: 'text', key: 'search', label: 'Find a group', placeholder: 'Group name', maxLength: 64 },
        allSelect('family', 'Family', families, 200),
      ]}
      header={
        <Row justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" maw={560}>
            A group holds devices of one app family and the template they follow. A device is in at most one group.
          </Text>
          <Allowed to="fleet.write">
            <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
              New group
            </Button>
          </Allowed>
        </Row>
      }
    >
      <Modal opened={creating} onClose={create.close} title={<Text fw={700}>New group</Text>}>
        <CreateGroupForm
          onCancel={create.close}
          onCreated={(group) => void navigate(paths.portal.groupDetail.getHref(group._id))}
        />
      </Modal>
    </ListPage>
  );
}
