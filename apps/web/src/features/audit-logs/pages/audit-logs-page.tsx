import {
  AUDIT_SOURCES,
  AUDIT_TYPES,
  DEFAULT_PAGE_SIZE,
  auditSubTypesOf,
  type AuditEntry,
  type AuditSource,
  type AuditType,
} from '@fleetdeck/contract';
import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import { useKeysetPaging } from '@/lib/keyset-paging';
import { useAuditLogs } from '../api/get-audit-logs';

const STATUS_OPTIONS = [
  { value: 'false', label: 'Success' },
  { value: 'true', label: 'Error' },
];

const COLUMNS: DataTableColumn<AuditEntry>[] = [
  { key: 'type', header: 'Type', width: 130, render: (row) => <Text size="sm">{row.type}</Text> },
  { key: 'sub_type', header: 'Sub-type', width: 170, render: (row) => <Text size="sm">{row.sub_type}</Text> },
  { key: 'message', header: 'Message', width: 320, render: (row) => <Text size="sm">{row.message}</Text> },
  {
    key: 'source',
    header: 'Source',
    width: 90,
    render: (row) => (
      <Badge variant="light" color={row.source === 'App' ? 'grape' : 'blue'}>
        {row.source}
      </Badge>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    width: 120,
    render: (row) => (row.hasError ? <Badge color="red">Error</Badge> : <Badge color="green">Success</Badge>),
  },
  {
    key: 'created_at',
    header: 'Created On',
    width: 160,
    render: (row) => <Text size="sm">{formatDateTime(row.created_at)}</Text>,
  },
];

export function AuditLogsPage() {
  const [type, setType] = useState<AuditType | undefined>(undefined);
  const [subType, setSubType] = useState<string | undefined>(undefined);
  const [source, setSource] = useState<AuditSource | undefined>(undefined);
  const [hasError, setHasError] = useState<boolean | undefined>(undefined);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const paging = useKeysetPaging();
  const audit = useAuditLogs({ type, subType, source, hasError, page: paging.page, limit, cursor: paging.cursor });
  const pagination = audit.data?.data.pagination;

  /** Every filter applies at once and starts again from the first page. */
  const filter = (apply: () => void) => {
    apply();
    paging.reset();
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" role="group" aria-label="Audit log filters">
        <Select
          label="Type"
          placeholder="All types"
          data={AUDIT_TYPES}
          value={type ?? null}
          clearable
          w={{ base: '100%', xs: 190 }}
          onChange={(value) =>
            filter(() => {
              setType((value as AuditType | null) ?? undefined);
              // The sub-types depend on the type.
              setSubType(undefined);
            })
          }
        />
        <Select
          label="Sub-type"
          placeholder={type ? 'All sub-types' : 'Choose a type first'}
          data={type ? [...auditSubTypesOf(type)] : []}
          value={subType ?? null}
          disabled={!type}
          clearable
          searchable
          w={{ base: '100%', xs: 230 }}
          onChange={(value) => filter(() => setSubType(value ?? undefined))}
        />
        <Select
          label="Source"
          placeholder="Web and App"
          data={AUDIT_SOURCES}
          value={source ?? null}
          clearable
          w={{ base: '100%', xs: 180 }}
          onChange={(value) => filter(() => setSource((value as AuditSource | null) ?? undefined))}
        />
        <Select
          label="Status"
          placeholder="Success and Error"
          data={STATUS_OPTIONS}
          value={hasError === undefined ? null : String(hasError)}
          clearable
          w={{ base: '100%', xs: 220 }}
          onChange={(value) => filter(() => setHasError(value === null ? undefined : value === 'true'))}
        />
      </Group>
      <DataTable
        label="Audit logs"
        columns={COLUMNS}
        rows={audit.data?.data.data}
        rowKey={(row) => row._id}
        total={pagination?.total ?? 0}
        totalCapped={pagination?.totalCapped}
        hasNextPage={Boolean(pagination?.nextCursor)}
        page={paging.page}
        pageSize={limit}
        loading={audit.isFetching}
        onPageChange={(n) => paging.goTo(n, pagination?.nextCursor)}
        onPageSizeChange={(size) => {
          setLimit(size);
          paging.reset();
        }}
        minWidth={980}
      />
    </Stack>
  );
}
