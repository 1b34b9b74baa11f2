import { exportListQuerySchema, type DeviceExport } from '@fleetdeck/contract';
import { dateColumn } from '@/shared/components/columns';
import { Anchor, Button, Group } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { paths } from '@/portal/config/paths';

import { useListSearch } from '@/shared/lib/list-search';
import { useDeleteExport } from '../api/delete-export';
import { useExports } from '../api/get-exports';
import { DeleteConfirm } from '../components/delete-confirm';
import { RestoreDialog } from '../components/restore-dialog';
import { DeleteAction } from '@/shared/components/delete-action';
import { appColumn, textColumn } from '@/portal/components/table-columns';
import { Allowed } from '@/portal/lib/permissions';

/** The export waiting for the delete confirmation. */
interface Pending {
  id: string;
  exportName: string;
}

export function ExportListPage() {
  const list = useListSearch(exportListQuerySchema);
  const exports = useExports(list.query);
  const [restoring, setRestoring] = useState<DeviceExport | null>(null);
  const [deleting, setDeleting] = useState<Pending | null>(null);
  // ListPage shows the page before when the last row of a page is deleted.
  const remove = useDeleteExport({ onSuccess: () => setDeleting(null) });

  const columns: DataTableColumn<DeviceExport>[] = [
    {
      key: 'exportName',
      header: 'Export Name',
      width: 200,
      render: (row) => (
        <Anchor component={Link} to={paths.portal.exportDetail.getHref(row._id)} fw={600} size="sm">
          {row.exportName}
        </Anchor>
      ),
    },
    textColumn('serialNumber', 'Serial Number', 170, (row) => row.serialNumber),
    appColumn(),
    textColumn('disabled', 'Disabled Apps', 120, (row) => row.disabledApplications.length),
    dateColumn('created_at', 'Created On', 160),
    {
      key: 'actions',
      header: 'Action',
      width: 170,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Allowed to="fleet.write">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRestore size={14} />}
              onClick={() => setRestoring(row)}
              aria-label={`Restore ${row.exportName}`}
            >
              Restore
            </Button>
          </Allowed>
          <Allowed to="fleet.write">
            <DeleteAction
              label={`Delete ${row.exportName}`}
              onClick={() => setDeleting({ id: row._id, exportName: row.exportName })}
            />
          </Allowed>
        </Group>
      ),
    },
  ];

  return (
    <ListPage label="Exports" search={list} result={exports} columns={columns} minWidth={900}>
      <RestoreDialog
        source={
          restoring && {
            _id: restoring._id,
            exportName: restoring.exportName,
            appCount: restoring.disabledApplications.length,
          }
        }
        onClose={() => setRestoring(null)}
      />
      <DeleteConfirm
        opened={deleting !== null}
        message={`The export "${deleting?.exportName ?? ''}" will be deleted.`}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </ListPage>
  );
}
