import { Badge, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { buttonColumn, dateColumn } from '@/shared/components/columns';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { bloatwareListQuerySchema, bloatwareUpdateRequestSchema, type BloatwareApp } from '@fleetdeck/contract/staff';
import type { DataTableColumn } from '@/shared/components/data-table';
import { choices, ListPage } from '@/shared/components/list-page';
import { MutationForm } from '@/shared/components/mutation-form';
import { useContractForm } from '@/shared/lib/form';

import { useListQuery } from '@/shared/lib/list-search';
import { exportBloatware, useBloatwareList } from '../api/bloatware-list';
import { useUpdateBloatware } from '../api/bloatware-update';

function flag(value: boolean | null) {
  if (value === null)
    return (
      <Badge variant="outline" color="gray">
        Not set
      </Badge>
    );
  return (
    <Badge variant="light" color={value ? 'orange' : 'green'}>
      {value ? 'Yes' : 'No'}
    </Badge>
  );
}

function MarkDialog({ app, onClose }: { app: BloatwareApp; onClose: () => void }) {
  const form = useContractForm(
    bloatwareUpdateRequestSchema,
    { packageName: app.packageName, isBloatware: app.isBloatware !== false ? 'Yes' : 'No', reason: app.reason },
    {
      labels: { reason: 'Reason' },
      toRequest: (v) => ({ packageName: v.packageName, isBloatware: v.isBloatware === 'Yes', reason: v.reason }),
    },
  );
  const update = useUpdateBloatware({ onSuccess: onClose, onError: (error) => form.setServerErrors(error) });
  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>Mark {app.packageName}</Text>}>
      <MutationForm form={form} mutation={update} cancel={{ label: 'Close', onClick: onClose }}>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Is bloatware
          </Text>
          <SegmentedControl aria-label="Is bloatware" data={['Yes', 'No']} {...form.getInputProps('isBloatware')} />
        </Stack>
        <Textarea
          label="Reason"
          description="Customers see packages marked Yes as “Suggested to disable”."
          rows={2}
          maxLength={500}
          {...form.getInputProps('reason')}
        />
      </MutationForm>
    </Modal>
  );
}

/** Spec 3 "Bloatware apps": the catalogue customers feed (DECISIONS §8); staff mark packages Yes/No. */
export function AdminBloatwareAppsPage() {
  const list = useListQuery(bloatwareListQuerySchema, useBloatwareList);
  const [marking, setMarking] = useState<BloatwareApp | null>(null);
  const columns: DataTableColumn<BloatwareApp>[] = [
    {
      key: 'packageName',
      header: 'Package Name',
      width: 260,
      render: (row) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {row.packageName}
        </Text>
      ),
    },
    { key: 'isBloatware', header: 'Is Bloatware', width: 120, render: (row) => flag(row.isBloatware) },
    { key: 'reason', header: 'Reason', render: (row) => <Text size="sm">{row.reason || '-'}</Text> },
    { key: 'created_by', header: 'Created By', width: 220, render: (row) => <Text size="sm">{row.created_by}</Text> },
    dateColumn('created_at', 'Created On', 170),
    buttonColumn(100, (row) => ({
      text: 'Mark',
      label: `Mark ${row.packageName}`,
      icon: IconPencil,
      onClick: () => setMarking(row),
    })),
  ];
  return (
    <ListPage
      noun="bloatware apps"
      {...list}
      columns={columns}
      rowKey={(row) => row.packageName}
      emptyMessage="No packages in the catalogue yet: they arrive when customers disable list.result."
      onExportCsv={() => exportBloatware(list.search.query)}
      filters={[
        {
          kind: 'select',
          key: 'isBloatware',
          label: 'Bloatware',
          data: choices({ true: 'Yes', false: 'No' }),
          placeholder: 'All',
        },
      ]}
    >
      {marking ? <MarkDialog app={marking} onClose={() => setMarking(null)} /> : null}
    </ListPage>
  );
}
