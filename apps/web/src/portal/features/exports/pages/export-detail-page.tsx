import { type ExportDetailResponse } from '@fleetdeck/contract';
import { Anchor, Avatar, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconApps, IconArrowLeft, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { QueryError } from '@/shared/components/query-view';
import { paths } from '@/portal/config/paths';
import { applicationColumn, textColumn } from '@/portal/components/table-columns';
import { pageOf } from '@/portal/lib/browser-paging';
import { formatDateTime } from '@/shared/lib/format';
import { pagingQuerySchema, useListSearch } from '@/shared/lib/list-search';
import { useDeleteExportApplication } from '../api/delete-export-application';
import { useExportDetail } from '../api/get-export-detail';
import { DeleteConfirm } from '../components/delete-confirm';
import { RestoreDialog } from '../components/restore-dialog';
import { DeleteAction } from '@/shared/components/delete-action';
import { Allowed } from '@/portal/lib/permissions';

type Application = ExportDetailResponse['data']['applications'][number];

function ExportSummary({ detail, onRestore }: { detail: ExportDetailResponse['data']; onRestore: () => void }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Text fw={700} size="lg">
            {detail.exportName}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {detail.serialNumber}
            </Text>
            <Badge variant="light" size="sm">
              {detail.appName}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {`${detail.disabledApplications.length} disabled application(s) · exported ${formatDateTime(detail.created_at)}`}
          </Text>
        </Stack>
        <Allowed to="fleet.write">
          <Button leftSection={<IconRestore size={16} />} onClick={onRestore}>
            Restore
          </Button>
        </Allowed>
      </Group>
    </Card>
  );
}

export function ExportDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useExportDetail(id);
  // The detail holds every disabled app: the table pages through them here (page and size in the URL beside `id`).
  const list = useListSearch(pagingQuerySchema);
  const { page, limit } = list.query;
  const [restoring, setRestoring] = useState(false);
  const [deleting, setDeleting] = useState<Application | null>(null);
  const remove = useDeleteExportApplication({ onSuccess: () => setDeleting(null) });

  const applications = detail.data?.applications ?? [];
  const rows = pageOf(applications, page, limit);

  const columns: DataTableColumn<Application>[] = [
    applicationColumn((row) => (
      <>
        <Avatar src={row.appIcon || null} radius="sm" size={32} alt="">
          <IconApps size={18} />
        </Avatar>
        <Text size="sm" fw={600}>
          {row.appName || row.packageName}
        </Text>
      </>
    )),
    textColumn('packageName', 'Package Name', 260, (row) => (
      <Text span inherit ff="monospace">
        {row.packageName}
      </Text>
    )),
    {
      key: 'actions',
      header: 'Action',
      width: 80,
      render: (row) => (
        <Allowed to="fleet.write">
          <DeleteAction
            hint="Remove from this export"
            label={`Delete ${row.packageName}`}
            onClick={() => setDeleting(row)}
          />
        </Allowed>
      ),
    },
  ];

  const back = (
    <Anchor component={Link} to={paths.portal.exportList.getHref()} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        Export List
      </Group>
    </Anchor>
  );
  if (id === '' || detail.isError) {
    return (
      <Stack gap="md">
        {back}
        {id === '' ? (
          <Text c="dimmed">Choose an export from the Export List.</Text>
        ) : (
          <QueryError title="The export could not load" query={detail} />
        )}
      </Stack>
    );
  }

  return (
    <ListPage
      label="Disabled applications"
      search={list}
      result={detail}
      rows={detail.data ? rows : undefined}
      pagination={{ total: applications.length }}
      columns={columns}
      rowKey={(row) => row.packageName}
      minWidth={640}
      header={
        <>
          {back}
          {detail.data ? (
            <ExportSummary detail={detail.data} onRestore={() => setRestoring(true)} />
          ) : (
            <Skeleton height={110} radius="md" />
          )}
        </>
      }
    >
      <RestoreDialog
        source={
          restoring && detail.data
            ? { _id: detail.data._id, exportName: detail.data.exportName, appCount: applications.length }
            : null
        }
        onClose={() => setRestoring(false)}
      />
      <DeleteConfirm
        opened={deleting !== null}
        message={`${deleting?.appName || deleting?.packageName || ''} will be removed from this export.`}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id, app: deleting.packageName })}
        onCancel={() => setDeleting(null)}
      />
    </ListPage>
  );
}
