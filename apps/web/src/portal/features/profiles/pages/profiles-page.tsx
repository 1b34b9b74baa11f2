import { profileListQuerySchema, type PROFILE_SORT_FIELDS, type ProfileListItem } from '@fleetdeck/contract';
import { Anchor, Badge, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useGroupChoices } from '@/portal/api/get-groups';
import { selectionColumn, useRowSelection } from '@/portal/components/row-selection';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { ariaSort, SortHeader, type SortOrder } from '@/shared/components/sort-header';
import { useProductName } from '@/shared/lib/app-config';
import { formatDateTime } from '@/shared/lib/format';
import { useListSearch } from '@/shared/lib/list-search';
import { useProfileList } from '@/portal/api/get-profile-list';
import { APP_NAME_CHOICES, appLabel, profileDetailHref } from '../components/app-routes';
import { BulkActionsBar } from '../components/bulk-actions-bar';
import { usePermission } from '@/portal/lib/permissions';
import { OnlineStatus, PolicyBadge } from '../components/device-status';
import { DriftDialog, GroupCell } from '../components/group-cell';
import { textColumn } from '@/portal/components/table-columns';

type SortField = (typeof PROFILE_SORT_FIELDS)[number];

/**
 * The list's state lives in the URL (search, app, group, page, size, sort), so Back from a detail page returns to it.
 * Ticked devices (kept across pages) can be moved to a group or logged out together (bulk actions).
 */
export function ProfilesPage() {
  const productName = useProductName();
  const list = useListSearch(profileListQuerySchema);
  const params = list.query;
  const profiles = useProfileList(params);
  const groups = useGroupChoices();
  const selection = useRowSelection();
  // Devices are ticked only to act on them: a member who may not change the fleet (a Viewer) gets no boxes.
  const canAct = usePermission('fleet.write');
  const [drifting, setDrifting] = useState<ProfileListItem | null>(null);

  const onSort = (field: SortField, order: SortOrder) => list.setFilters({ sort: field, order });
  const sortHeader = (label: string, field: SortField) => (
    <SortHeader label={label} field={field} sort={params.sort} order={params.order} onSort={onSort} />
  );

  const columns: DataTableColumn<ProfileListItem>[] = [
    ...(canAct ? [selectionColumn(selection, profiles.data?.data, (row) => row.name)] : []),
    {
      key: 'name',
      header: sortHeader('Serial Number', 'name'),
      label: 'Serial Number',
      sort: ariaSort('name', params.sort, params.order),
      width: 180,
      render: (row) => {
        const href = profileDetailHref(row.appName, row._id);
        return href ? (
          <Anchor component={Link} to={href} fw={600} size="sm">
            {row.name}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
        );
      },
    },
    textColumn('profileName', 'Device Name', 160, (row) => row.profileName || '-'),
    {
      key: 'appName',
      header: 'App Name',
      width: 120,
      render: (row) => (
        <Tooltip label={appLabel(row.appName, productName)} withArrow>
          <Badge variant="light">{row.appName}</Badge>
        </Tooltip>
      ),
    },
    {
      key: 'group',
      header: 'Group',
      width: 200,
      render: (row) => <GroupCell row={row} onShowDrift={setDrifting} />,
    },
    {
      key: 'status',
      header: 'Status',
      width: 170,
      render: (row) => <OnlineStatus online={row.online} lastSeenAt={row.lastSeenAt} />,
    },
    { key: 'policy', header: 'Policy', width: 170, render: (row) => <PolicyBadge item={row} /> },
    {
      key: 'created_at',
      header: sortHeader('Created On', 'created_at'),
      label: 'Created On',
      sort: ariaSort('created_at', params.sort, params.order),
      width: 170,
      render: (row) => <Text size="sm">{formatDateTime(row.created_at)}</Text>,
    },
  ];

  return (
    <ListPage
      label="Devices"
      search={list}
      result={profiles}
      columns={columns}
      filters={[
        {
          kind: 'text',
          key: 'search',
          label: 'Find a device',
          placeholder: 'Serial number, device or app name',
          maxLength: 64,
        },
        {
          kind: 'text',
          key: 'appName',
          label: 'App Name',
          placeholder: 'e.g. PD, SL or PDALL',
          suggestions: APP_NAME_CHOICES,
          normalize: (typed) => typed.trim().toUpperCase(),
        },
        {
          kind: 'select',
          key: 'groupId',
          label: 'Group',
          placeholder: 'All',
          data: groups.options,
          searchable: true,
          w: { base: '100%', xs: 220 },
        },
      ]}
      filtersLabel="Search devices"
      errorTitle="The devices could not load"
      minWidth={1160}
      header={<BulkActionsBar selection={selection} />}
    >
      <DriftDialog row={drifting} onClose={() => setDrifting(null)} />
    </ListPage>
  );
}
