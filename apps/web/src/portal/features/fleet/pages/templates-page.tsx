import { FAMILIES, familyDisplayName, templateListQuerySchema, type EndpointResponse } from '@fleetdeck/contract';
import type { fleetApi } from '@fleetdeck/contract';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { dateColumn, textColumn } from '@/shared/components/columns';
import type { DataTableColumn } from '@/shared/components/data-table';
import { allSelect, ListPage } from '@/shared/components/list-page';
import { useProductName } from '@/shared/lib/app-config';
import { useListQuery } from '@/shared/lib/list-search';
import { useTemplates } from '../api/get-templates';
import { FamilyBadge } from '../components/family-badge';
import { NewTemplateModal } from '../components/new-template-modal';
import { templateDetailHref } from '../components/template-links';
import { Allowed } from '@/portal/lib/permissions';

type Row = EndpointResponse<typeof fleetApi.templateList>['data'][number];

const groupsUsing = (n: number) => (n === 0 ? 'None' : n === 1 ? '1 group' : `${n} groups`);

/** Policy templates (`/templates`, DECISIONS §10): name, family, version, groups using it; filter by family. */
export function TemplatesPage() {
  const productName = useProductName();
  const list = useListQuery(templateListQuerySchema, useTemplates);
  const [creating, setCreating] = useState(false);
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'name',
      header: 'Name',
      width: 220,
      render: (row) => (
        <Anchor component={Link} to={templateDetailHref(row._id)} fw={600} size="sm">
          {row.name}
        </Anchor>
      ),
    },
    { key: 'family', header: 'Family', width: 150, render: (row) => <FamilyBadge family={row.family} /> },
    textColumn<Row>('version', 'Version', 90, (row) => `v${row.version}`),
    textColumn<Row>('groupCount', 'Groups using it', 140, (row) => groupsUsing(row.groupCount)),
    dateColumn<Row>('updated_at', 'Last saved'),
  ];
  return (
    <ListPage
      noun="templates"
      {...list}
      columns={columns}
      filters={[
        { kind: 'text', key: 'search', label: 'Find a template', placeholder: 'Template name', maxLength: 64 },
        allSelect(
          'family',
          'Family',
          FAMILIES.filter((f) => f !== 'PCHAT').map((f) => ({ value: f, label: familyDisplayName(f, productName) })),
          180,
        ),
      ]}
      emptyMessage="No templates yet. Create one from a device whose settings you want on many devices."
      header={
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" maw={560}>
            A template is one device&apos;s settings, named and versioned, to apply to a group of devices.
          </Text>
          <Allowed to="fleet.write">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New template
            </Button>
          </Allowed>
        </Group>
      }
    >
      <NewTemplateModal opened={creating} onClose={() => setCreating(false)} />
    </ListPage>
  );
}

export default TemplatesPage;
