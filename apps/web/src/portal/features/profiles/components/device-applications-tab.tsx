import {
  DEFAULT_PAGE_SIZE,
  type DeviceApplicationItem,
  type DeviceApplicationUpdateRequest,
  type ProfileDetail,
} from '@fleetdeck/contract';
import { Badge, Button, Group, NativeSelect, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEraser, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { actionsColumn } from '@/shared/components/columns';
import { DataTable, type DataTableColumn } from '@/shared/components/data-table';
import { IconButton } from '@/shared/components/icon-action';
import { QueryError } from '@/shared/components/query-view';
import { FIRST_DEVICE_APPS_FILTERS, useDeviceDetail, type DeviceDetailFilters } from '../api/get-device-detail';
import { profileQueryKeys } from '../api/query-keys';
import { useSyncDeviceApplications } from '../api/sync-device-applications';
import { DEVICE_APPLICATION_UPDATE_KEY, useUpdateDeviceApplication } from '../api/update-device-application';
import { useDeviceCommand } from './commands-menu';
import { applicationColumn } from '@/portal/components/table-columns';
import { pageOf } from '@/portal/lib/browser-paging';
import { AppIcon } from '@/portal/components/settings/app-icon';
import { TabHeading } from '@/portal/components/settings/tab-form';
import { Allowed, usePermission } from '@/portal/lib/permissions';

/** After Sync, the list is fetched again this much later (the device answers through its wake-up channel). */
export const SYNC_REFRESH_MS = 5000;
const SEARCH_DEBOUNCE_MS = 400;

/** The console's choice when there is one, else what the device reported. */
const isDisabled = (app: DeviceApplicationItem) => app.desired_disable ?? app.app_disable;
const isPendingChoice = (app: DeviceApplicationItem) =>
  app.desired_disable !== null && app.desired_disable !== app.app_disable;

function EnableSwitch({
  app,
  busy,
  onToggle,
}: {
  app: DeviceApplicationItem;
  busy: boolean;
  onToggle: (disable: boolean) => void;
}) {
  const name = app.app_name || app.package_name;
  const pending = isPendingChoice(app);
  // A member who may not change the fleet (a Viewer) sees the state, not a switch they could use.
  const canChange = usePermission('fleet.write');
  return (
    <Group gap="xs" wrap="nowrap">
      <Switch
        aria-label={`Enable ${name} on the device`}
        checked={!isDisabled(app)}
        disabled={busy || !canChange}
        onChange={(e) => onToggle(!e.currentTarget.checked)}
        color="green"
      />
      {pending ? (
        <Tooltip label="Sent to the device on the next Apply" withArrow>
          <Badge color="orange" variant="light" size="sm">
            {app.desired_disable ? 'Disable pending' : 'Enable pending'}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** Applications ({product}, Super Lock): the device's apps with filters, an enable switch each, and Sync. */
/** A filter select: "All" (empty) or one of the options. */
function AllOrOneSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V | '';
  options: V[];
  onChange: (value: V | '') => void;
}) {
  return (
    <NativeSelect
      label={label}
      size="sm"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value as V | '')}
      data={[{ value: '', label: 'All' }, ...options.map((option) => ({ value: option, label: option }))]}
      w={{ base: 'calc(50% - 6px)', sm: 150 }}
    />
  );
}

export function DeviceApplicationsTab({ profile }: { profile: ProfileDetail }) {
  const profileId = profile._id;
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<'' | 'Enabled' | 'Disabled'>('');
  const [install, setInstall] = useState<'' | 'Installed' | 'Uninstalled'>('');
  const [showSystemApp, setShowSystemApp] = useState<boolean>(FIRST_DEVICE_APPS_FILTERS.showSystemApp);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);

  const filters: DeviceDetailFilters = {
    packageName: debouncedSearch.trim() || undefined,
    applicationStatus: status || undefined,
    applicationInstallStatus: install || undefined,
    showSystemApp,
  };
  const device = useDeviceDetail(profileId, filters);

  // Filters change the rows: start again on page 1.
  const filterKey = JSON.stringify(filters);
  const [seenFilterKey, setSeenFilterKey] = useState(filterKey);
  if (filterKey !== seenFilterKey) {
    setSeenFilterKey(filterKey);
    setPage(1);
  }

  const update = useUpdateDeviceApplication();
  const command = useDeviceCommand(profile);
  const busyPackages = useMutationState({
    filters: { mutationKey: DEVICE_APPLICATION_UPDATE_KEY, status: 'pending' },
    select: (m) => (m.state.variables as DeviceApplicationUpdateRequest | undefined)?.packageName,
  });

  const [waitingForSync, setWaitingForSync] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const sync = useSyncDeviceApplications({
    onSuccess: () => {
      setWaitingForSync(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setWaitingForSync(false);
        void queryClient.invalidateQueries({ queryKey: profileQueryKeys.device(profileId) });
      }, SYNC_REFRESH_MS);
    },
  });

  const apps = device.data?.applications;
  const total = apps?.length ?? 0;
  const rows = apps && pageOf(apps, page, pageSize);
  const nothingReported = device.data?.applicationsTotal === 0;

  const columns: DataTableColumn<DeviceApplicationItem>[] = [
    applicationColumn((app) => (
      <>
        <AppIcon src={app.appIcon} name={app.app_name} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} lineClamp={1}>
            {app.app_name || app.package_name}
          </Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {app.package_name}
          </Text>
          {app.suggested_disable && !app.app_disable ? (
            <Badge variant="light" color="orange" size="xs" mt={2} w="fit-content">
              Suggested to disable
            </Badge>
          ) : null}
        </Stack>
      </>
    )),
    {
      key: 'enabled',
      header: 'Enabled',
      width: 200,
      render: (app) => (
        <EnableSwitch
          app={app}
          busy={busyPackages.includes(app.package_name)}
          onToggle={(app_disable) => update.mutate({ profileId, packageName: app.package_name, app_disable })}
        />
      ),
    },
    {
      key: 'version',
      header: 'Version',
      width: 110,
      render: (app) => <Text size="sm">{app.version_number || '-'}</Text>,
    },
    {
      key: 'install',
      header: 'Install Status',
      width: 130,
      render: (app) => (
        <Group gap={4}>
          <Badge variant="light" color={app.app_status === 'Uninstalled' ? 'gray' : 'blue'} size="sm">
            {app.app_status || 'Installed'}
          </Badge>
          {app.application_type === 1 ? (
            <Badge variant="outline" color="gray" size="sm">
              System
            </Badge>
          ) : null}
        </Group>
      ),
    },
    actionsColumn<DeviceApplicationItem>(70, (app) => (
      <IconButton
        hint="Clear app data"
        label={`Clear the data of ${app.app_name || app.package_name}`}
        icon={IconEraser}
        onClick={() => command.open({ type: 'clear_app_data', preset: { packageName: app.package_name } })}
      />
    )),
  ];

  return (
    <Stack gap="md">
      {command.dialog}
      <Group justify="space-between" align="flex-start" gap="sm">
        <TabHeading
          title="Applications"
          description="Switch an app off to disable it on the device. Changes reach the device when you press Apply."
        />
        <Allowed to="fleet.write">
          <Tooltip label="Ask the device for its current application list" withArrow>
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} />}
              onClick={() => sync.mutate(profileId)}
              loading={sync.isPending || waitingForSync}
              disabled={sync.isPending || waitingForSync}
            >
              Sync
            </Button>
          </Tooltip>
        </Allowed>
      </Group>
      {waitingForSync ? (
        <Text size="sm" c="dimmed" role="status">
          Sync requested: the list refreshes in a few seconds.
        </Text>
      ) : null}

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="App or package name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          size="sm"
          w={{ base: '100%', sm: 240 }}
        />
        <AllOrOneSelect label="Status" value={status} options={['Enabled', 'Disabled']} onChange={setStatus} />
        <AllOrOneSelect
          label="Install status"
          value={install}
          options={['Installed', 'Uninstalled']}
          onChange={setInstall}
        />
        <Switch
          label="Show system apps"
          checked={showSystemApp}
          onChange={(e) => setShowSystemApp(e.currentTarget.checked)}
          mb={8}
        />
      </Group>

      {device.isError ? <QueryError title="The applications could not load" query={device} /> : null}
      {/* Always one line, so the table below does not jump when the counts arrive (Lighthouse CLS 0.29 on desktop). */}
      {device.isError ? null : (
        <Text size="sm" c="dimmed">
          {device.data
            ? `${device.data.applications.length} of ${device.data.applicationsTotal} applications`
            : 'Loading applications…'}
        </Text>
      )}
      <DataTable
        label="Device applications"
        columns={columns}
        rows={rows}
        rowKey={(app) => app.package_name}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={device.isFetching}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        emptyMessage={
          nothingReported ? 'The device has not reported its applications yet. Press Sync to ask for them.' : undefined
        }
        minWidth={830}
      />
    </Stack>
  );
}
