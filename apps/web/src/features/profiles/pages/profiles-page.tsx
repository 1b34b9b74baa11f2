import { DEFAULT_PAGE_SIZE, PAGE_SIZES, PROFILE_SORT_FIELDS, type ProfileListItem } from '@fleetdeck/contract';
import { Anchor, Autocomplete, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { SortHeader, type SortOrder } from '@/components/sort-header';
import { useProductName } from '@/lib/app-config';
import { formatDateTime } from '@/lib/format';
import { useProfileList, type ProfileListParams } from '../api/get-profile-list';
import { APP_NAME_CHOICES, appLabel, profileDetailHref } from '../components/app-routes';
import { OnlineStatus, PolicyBadge } from '../components/device-status';

type SortField = ProfileListParams['sort'];

const intParam = (value: string | null, fallback: number, allowed?: readonly number[]) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) return fallback;
  return allowed && !allowed.includes(n) ? fallback : n;
};

/** The list's state lives in the URL (search, page, size, sort), so Back from a detail page returns to it. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const state: ProfileListParams = {
    appName: params.get('appName') ?? undefined,
    page: intParam(params.get('page'), 1),
    limit: intParam(params.get('limit'), DEFAULT_PAGE_SIZE, PAGE_SIZES),
    sort: (PROFILE_SORT_FIELDS as readonly string[]).includes(sortParam ?? '')
      ? (sortParam as SortField)
      : 'created_at',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
  const update = (next: Partial<ProfileListParams>) => {
    const merged = { ...state, ...next };
    const out = new URLSearchParams();
    if (merged.appName) out.set('appName', merged.appName);
    if (merged.page !== 1) out.set('page', String(merged.page));
    if (merged.limit !== DEFAULT_PAGE_SIZE) out.set('limit', String(merged.limit));
    if (merged.sort !== 'created_at' || merged.order !== 'asc') {
      out.set('sort', merged.sort);
      out.set('order', merged.order);
    }
    setParams(out, { replace: true });
  };
  return [state, update] as const;
}

export function ProfilesPage() {
  const productName = useProductName();
  const [params, setParams] = useListParams();
  const [appName, setAppName] = useState(params.appName ?? '');
  const list = useProfileList(params);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setParams({ appName: appName.trim().toUpperCase() || undefined, page: 1 });
  };
  const onSort = (field: SortField, order: SortOrder) => setParams({ sort: field, order, page: 1 });
  const sortHeader = (label: string, field: SortField) => (
    <SortHeader label={label} field={field} sort={params.sort} order={params.order} onSort={onSort} />
  );

  const columns: DataTableColumn<ProfileListItem>[] = [
    {
      key: 'name',
      header: sortHeader('Serial Number', 'name'),
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
    {
      key: 'profileName',
      header: 'Device Name',
      width: 160,
      render: (row) => <Text size="sm">{row.profileName || '-'}</Text>,
    },
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
      key: 'status',
      header: 'Status',
      width: 170,
      render: (row) => <OnlineStatus online={row.online} lastSeenAt={row.lastSeenAt} />,
    },
    { key: 'policy', header: 'Policy', width: 170, render: (row) => <PolicyBadge item={row} /> },
    {
      key: 'created_at',
      header: sortHeader('Created On', 'created_at'),
      width: 170,
      render: (row) => <Text size="sm">{formatDateTime(row.created_at)}</Text>,
    },
  ];

  return (
    <Stack gap="md">
      <form onSubmit={onSearch} role="search" aria-label="Search devices">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Autocomplete
            label="App Name"
            placeholder="e.g. PD, SL or PDALL"
            value={appName}
            onChange={setAppName}
            data={APP_NAME_CHOICES}
            w={{ base: '100%', xs: 260 }}
            size="sm"
            autoComplete="off"
          />
          <Button type="submit" leftSection={<IconSearch size={16} />} loading={list.isFetching} size="sm">
            Search
          </Button>
        </Group>
      </form>
      {list.isError ? (
        <LoadError
          title="The devices could not load"
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      <DataTable
        label="Devices"
        columns={columns}
        rows={list.data?.data}
        rowKey={(row) => row._id}
        total={list.data?.pagination.total ?? 0}
        page={params.page}
        pageSize={params.limit}
        loading={list.isFetching}
        onPageChange={(page) => setParams({ page })}
        onPageSizeChange={(limit) => setParams({ limit, page: 1 })}
        minWidth={920}
      />
    </Stack>
  );
}
