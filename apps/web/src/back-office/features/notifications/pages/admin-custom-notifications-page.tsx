import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Pill,
  Progress,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { dateColumn, twoLineColumn } from '@/shared/components/columns';
import { IconSearch, IconSend } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_TITLE_MAX,
  STAFF_PAGE_SIZES,
  notificationDevicesQuerySchema,
  notificationListQuerySchema,
  notificationSendRequestSchema,
  type Notification,
  type NotificationCustomer,
  type NotificationDeviceRow,
  type NotificationPreview,
  type NotificationSendRequest,
} from '@fleetdeck/contract/staff';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { errorMessage } from '@/shared/lib/api-client';
import { useContractForm } from '@/shared/lib/form';

import { useListSearch } from '@/shared/lib/list-search';
import { staffPaths } from '../../../app/paths';
import { useCustomerSearch } from '../api/customer-search';
import { useNotificationDevices } from '../api/notification-devices';
import { useNotificationList } from '../api/notification-list';
import { usePreviewNotification } from '../api/preview-notification';
import { reachSentence } from '../reach';
import { useSendNotification } from '../api/send-notification';

type Target = 'all' | 'customers' | 'devices';

interface ComposeValues extends Record<string, unknown> {
  title: string;
  message: string;
  target: Target;
  devices: string[];
  customers: NotificationCustomer[];
  fcmToken: boolean;
}

const initialValues: ComposeValues = {
  title: '',
  message: '',
  target: 'all',
  devices: [],
  customers: [],
  fcmToken: false,
};

/** Finds one customer by email and adds them to the chosen customers. */
function CustomerPicker({
  chosen,
  onChange,
}: {
  chosen: NotificationCustomer[];
  onChange: (next: NotificationCustomer[]) => void;
}) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const search = useCustomerSearch({
    onSuccess: ({ data }) => {
      setProblem(null);
      setEmail('');
      if (!chosen.some((c) => c._id === data._id)) onChange([...chosen, data]);
    },
    onError: (error) => setProblem(errorMessage(error)),
    meta: { silentError: true },
  });
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Customer email"
          placeholder="customer@example.com"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (email.trim()) search.mutate(email.trim());
            }
          }}
          error={problem}
          w={{ base: '100%', xs: 320 }}
          maxLength={254}
        />
        <Button
          variant="light"
          leftSection={<IconSearch size={16} />}
          loading={search.isPending}
          disabled={!email.trim()}
          onClick={() => search.mutate(email.trim())}
        >
          Add customer
        </Button>
      </Group>
      {chosen.length > 0 ? (
        <Pill.Group aria-label="Chosen customers">
          {chosen.map((c) => (
            <Pill key={c._id} withRemoveButton onRemove={() => onChange(chosen.filter((x) => x._id !== c._id))}>
              {c.email} ({c.totalDevices} {c.totalDevices === 1 ? 'device' : 'devices'})
            </Pill>
          ))}
        </Pill.Group>
      ) : (
        <Text size="sm" c="dimmed">
          No customer chosen yet.
        </Text>
      )}
    </Stack>
  );
}

/** The enrolled devices with a checkbox each (a list of its own, kept out of the page's URL). */
function DevicePicker({ chosen, onChange }: { chosen: string[]; onChange: (next: string[]) => void }) {
  const list = useListSearch(notificationDevicesQuerySchema, { limit: 10 }, { storage: 'memory' });
  const devices = useNotificationDevices(list.query);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...new Set([...chosen, id])] : chosen.filter((x) => x !== id));
  const columns: DataTableColumn<NotificationDeviceRow>[] = [
    {
      key: 'pick',
      header: 'Send',
      width: 70,
      render: (row) => (
        <Checkbox
          aria-label={`Send to ${row.serialNumber}`}
          checked={chosen.includes(row._id)}
          onChange={(e) => toggle(row._id, e.currentTarget.checked)}
        />
      ),
    },
    twoLineColumn('device', 'Device', 220, (row) => ({ main: row.serialNumber, detail: row.deviceName || '-' })),
    {
      key: 'email',
      header: 'Customer',
      width: 220,
      render: (row) => <Text size="sm">{row.userId?.email ?? '-'}</Text>,
    },
    {
      key: 'push',
      header: 'Push',
      width: 80,
      render: (row) => (
        <Badge variant="light" color={row.fcmToken ? 'green' : 'gray'} size="sm">
          {row.fcmToken ? 'FCM' : 'Poll'}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap="xs">
      <Text size="sm">
        {chosen.length} {chosen.length === 1 ? 'device' : 'devices'} chosen
        {chosen.length > 0 ? (
          <Anchor component="button" type="button" size="sm" ml="sm" onClick={() => onChange([])}>
            Clear
          </Anchor>
        ) : null}
      </Text>
      <ListPage
        label="Devices to choose from"
        noun="devices"
        search={list}
        result={devices}
        columns={columns}
        emptyMessage="No enrolled devices match."
        minWidth={600}
        pageSizes={STAFF_PAGE_SIZES.standard}
        filters={[{ kind: 'text', key: 'email', label: 'Customer email', placeholder: 'customer@example.com' }]}
      />
    </Stack>
  );
}

/** "12 / 100 characters" under a field, and the field's message as soon as the text is over its limit. */
function limitProps(length: number, limit: number, label: string, error: ReactNode) {
  const over = length - limit;
  return {
    description: `${length.toLocaleString('en-GB')} / ${limit.toLocaleString('en-GB')} characters`,
    error:
      error ||
      (over > 0
        ? `${label} must be at most ${limit.toLocaleString('en-GB')} characters (${over.toLocaleString('en-GB')} too many)`
        : undefined),
  };
}

function ComposeCard() {
  const form = useContractForm(notificationSendRequestSchema, initialValues, {
    labels: { title: 'Title', message: 'Message', devices: 'Devices', customers: 'Customers' },
    toRequest: (v) => ({
      title: v.title,
      message: v.message,
      fcmToken: v.fcmToken,
      devices: v.target === 'devices' ? v.devices : [],
      customers: v.target === 'customers' ? v.customers.map((c) => c._id) : [],
    }),
    rules: (v) => ({
      devices: v.target === 'devices' && v.devices.length === 0 ? 'Choose at least one device.' : undefined,
      customers: v.target === 'customers' && v.customers.length === 0 ? 'Add at least one customer.' : undefined,
    }),
  });
  // Sending asks first, naming how many devices and customers it reaches (DECISIONS §14).
  const [asking, setAsking] = useState<{ request: NotificationSendRequest; preview: NotificationPreview } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const preview = usePreviewNotification({ meta: { silentError: true, silentSuccess: true } });
  const send = useSendNotification({
    onSuccess: () => {
      setAsking(null);
      form.setValues({ ...initialValues });
    },
    onError: (error) => {
      setAsking(null);
      form.setServerErrors(error);
    },
  });
  const ask = (request: NotificationSendRequest) => {
    setPreviewError(null);
    const { devices = [], customers = [], fcmToken = false } = request;
    preview.mutate(
      { devices, customers, fcmToken },
      {
        onSuccess: ({ data }) => {
          if (data.devices === 0) setPreviewError('No enrolled device matches this notification.');
          else setAsking({ request, preview: data });
        },
        onError: (error) => setPreviewError(`The devices could not be counted: ${errorMessage(error)}`),
      },
    );
  };
  const v = form.getValues();
  const titleInput = form.getInputProps('title');
  const messageInput = form.getInputProps('message');
  return (
    <Card withBorder radius="md" padding="lg">
      <ConfirmDialog
        opened={asking !== null}
        title="Send this notification?"
        message={asking ? `${reachSentence(asking.preview)} Title: “${asking.request.title}”.` : ''}
        confirmLabel="Send"
        loading={send.isPending}
        onConfirm={() => asking && send.mutate(asking.request)}
        onCancel={() => setAsking(null)}
      />
      <form onSubmit={form.submit((request) => ask(request), preview.isPending || send.isPending)} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            Send a notification
          </Title>
          {/* No maxLength: a longer paste is kept and refused with a message, never cut (DECISIONS §14). */}
          <TextInput
            label="Title"
            required
            {...titleInput}
            {...limitProps(v.title.length, NOTIFICATION_TITLE_MAX, 'Title', titleInput.error as ReactNode)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Textarea
            label="Message"
            required
            rows={4}
            {...messageInput}
            {...limitProps(v.message.length, NOTIFICATION_MESSAGE_MAX, 'Message', messageInput.error as ReactNode)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Send to
            </Text>
            <SegmentedControl
              aria-label="Send to"
              data={[
                { value: 'all', label: 'All devices' },
                { value: 'customers', label: 'Customers' },
                { value: 'devices', label: 'Devices' },
              ]}
              {...form.getInputProps('target')}
              w={{ base: '100%', xs: 'auto' }}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          {v.target === 'all' ? (
            <Text size="sm" c="dimmed">
              Every enrolled device of every customer receives it (offline devices when they next check in, for 7 days).
            </Text>
          ) : null}
          {v.target === 'customers' ? (
            <>
              <CustomerPicker chosen={v.customers} onChange={(next) => form.setFieldValue('customers', next)} />
              {form.errors.customers ? (
                <Text size="sm" c="red">
                  {form.errors.customers}
                </Text>
              ) : null}
            </>
          ) : null}
          {v.target === 'devices' ? (
            <>
              <DevicePicker chosen={v.devices} onChange={(next) => form.setFieldValue('devices', next)} />
              {form.errors.devices ? (
                <Text size="sm" c="red">
                  {form.errors.devices}
                </Text>
              ) : null}
            </>
          ) : null}
          <Switch
            label="Only devices with a push (FCM) token"
            {...form.getInputProps('fcmToken', { type: 'checkbox' })}
          />
          {previewError ? (
            <Text size="sm" c="red" role="alert">
              {previewError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={16} />} loading={preview.isPending || send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const columns: DataTableColumn<Notification>[] = [
  {
    key: 'message',
    header: 'Message',
    render: (row) => (
      // A long word wraps inside the column instead of widening the table past its counts.
      <Stack gap={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Text size="sm" fw={600} lineClamp={2}>
          {row.title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {row.message}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'devices',
    header: 'Devices',
    width: 170,
    render: (row) => (
      <Stack gap={4}>
        <Anchor component={Link} to={staffPaths.notificationDetail.getHref(row._id)} size="sm" fw={600}>
          {row.totalDevices.toLocaleString('en-GB')}
        </Anchor>
        {row.fanOutComplete ? null : (
          <>
            <Progress
              value={row.totalDevices ? (100 * row.fannedOut) / row.totalDevices : 0}
              size="sm"
              aria-label="Fan-out progress"
            />
            <Text size="xs" c="dimmed">
              Queued {row.fannedOut.toLocaleString('en-GB')} of {row.totalDevices.toLocaleString('en-GB')}
            </Text>
          </>
        )}
      </Stack>
    ),
  },
  {
    key: 'delivered',
    header: 'Delivered',
    width: 100,
    render: (row) => <Text size="sm">{row.deliveredNotificationCount.toLocaleString('en-GB')}</Text>,
  },
  {
    key: 'undelivered',
    header: 'Undelivered',
    width: 110,
    render: (row) => <Text size="sm">{row.undeliveredNotificationCount.toLocaleString('en-GB')}</Text>,
  },
  {
    key: 'opened',
    header: 'Opened',
    width: 90,
    render: (row) => <Text size="sm">{row.openedNotificationCount.toLocaleString('en-GB')}</Text>,
  },
  dateColumn('created_at', 'Created On', 170),
];

/** Spec 3 "Notifications": compose a push notification, and the notifications sent with their counts. */
export function AdminCustomNotificationsPage() {
  const list = useListSearch(notificationListQuerySchema);
  const sent = useNotificationList(list.query);
  return (
    <Stack gap="lg">
      <ComposeCard />
      <Title order={2} size="h4">
        Notifications sent
      </Title>
      <ListPage
        label="Notifications sent"
        noun="notifications"
        search={list}
        // The 3-second refresh does not dim the table: only a new page or filter does.
        result={{ ...sent, isFetching: sent.isFetching && (sent.isPlaceholderData || !sent.data) }}
        columns={columns}
        emptyMessage="No notification was sent yet."
        minWidth={820}
      />
    </Stack>
  );
}
