import {
  AUDIT_SOURCES,
  AUDIT_TYPES,
  auditListQuerySchema,
  auditSubTypesOf,
  type AuditEntry,
} from '@fleetdeck/contract';
import { dateColumn } from '@/shared/components/columns';
import { Badge, Text } from '@mantine/core';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';

import { useListSearch } from '@/shared/lib/list-search';
import { useAuditLogs } from '../api/get-audit-logs';
import { enveloped } from '@/portal/lib/list-answer';
import { useTeam } from '@/portal/api/get-team';
import { usePermission } from '@/portal/lib/permissions';

const STATUS_OPTIONS = [
  { value: 'false', label: 'Success' },
  { value: 'true', label: 'Error' },
];

const COLUMNS: DataTableColumn<AuditEntry>[] = [
  { key: 'type', header: 'Type', width: 130, render: (row) => <Text size="sm">{row.type}</Text> },
  { key: 'sub_type', header: 'Sub-type', width: 170, render: (row) => <Text size="sm">{row.sub_type}</Text> },
  { key: 'message', header: 'Message', width: 320, render: (row) => <Text size="sm">{row.message}</Text> },
  // Who did it (DECISIONS §12): a member's name, "Staff" (login-as), "Device"; blank for the system.
  { key: 'actor', header: 'Who', width: 140, render: (row) => <Text size="sm">{row.actor ?? '-'}</Text> },
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
  dateColumn('created_at', 'Created On', 160),
];

export function AuditLogsPage() {
  const list = useListSearch(auditListQuerySchema);
  const { type, sub_type: subType, source, hasError, memberId, page, limit, cursor } = list.query;
  const audit = useAuditLogs({ type, subType, source, hasError, memberId, page, limit, cursor });
  // The member filter lists the team (`GET team`, `team.manage`): only for a member who may see it.
  const canSeeTeam = usePermission('team.manage');
  const team = useTeam({ enabled: canSeeTeam });
  const members = (team.data?.members ?? []).map((m) => ({ value: m._id, label: m.name || m.email }));
  // Payments rows are billing's: the server leaves them out for a member who may not read billing, so the filter
  // does not offer them either.
  const canSeeBilling = usePermission('billing.read');
  const types = canSeeBilling ? AUDIT_TYPES : AUDIT_TYPES.filter((t) => t !== 'Payments');

  // Every filter applies at once and starts again from the first page.
  return (
    <ListPage
      label="Audit logs"
      search={list}
      {...enveloped(audit)}
      columns={COLUMNS}
      filtersLabel="Audit log filters"
      filters={[
        {
          kind: 'select',
          key: 'type',
          label: 'Type',
          placeholder: 'All types',
          data: types,
          // The sub-types depend on the type.
          clears: ['sub_type'],
          w: { base: '100%', xs: 190 },
        },
        {
          kind: 'select',
          key: 'sub_type',
          label: 'Sub-type',
          placeholder: (q) => (q.type ? 'All sub-types' : 'Choose a type first'),
          data: (q) => (q.type ? [...auditSubTypesOf(q.type)] : []),
          disabled: (q) => !q.type,
          searchable: true,
          w: { base: '100%', xs: 230 },
        },
        {
          kind: 'select',
          key: 'source',
          label: 'Source',
          placeholder: 'Web and App',
          data: AUDIT_SOURCES,
          w: { base: '100%', xs: 180 },
        },
        {
          kind: 'select',
          key: 'hasError',
          label: 'Status',
          placeholder: 'Success and Error',
          data: STATUS_OPTIONS,
          w: { base: '100%', xs: 220 },
        },
        ...(canSeeTeam
          ? [
              {
                kind: 'select' as const,
                key: 'memberId' as const,
                label: 'Member',
                placeholder: 'Every member',
                data: members,
                searchable: true,
                w: { base: '100%', xs: 200 },
              },
            ]
          : []),
      ]}
      minWidth={1120}
    />
  );
}
