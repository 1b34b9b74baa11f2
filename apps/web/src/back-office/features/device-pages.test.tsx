import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderBackOffice, staffSignedInForEachTest } from '@/test/render-back-office';

const S = '/api/v1/super-admin';
const ALICE = '11111111-1111-4111-8111-111111111111';
const N1 = '22222222-2222-4222-8222-222222222222';
const D1 = '33333333-3333-4333-8333-333333333333';

staffSignedInForEachTest('Support');

const page = (data: unknown[], total = data.length) => ({
  respones_msg: 'OK',
  data,
  pagination: { page: 1, limit: 25, total, totalCapped: false, nextCursor: null },
});
const staffDetail = {
  [`GET ${S}/users/detail`]: {
    body: {
      respones_msg: 'Staff',
      data: { _id: 's', email: 'help@fleetdeck.test', name: 'Help', role: 'Support', areas: [] },
    },
  },
};
const notification = {
  _id: N1,
  title: 'Maintenance',
  message: 'Tablets restart at 22:00',
  target: 'all',
  totalDevices: 1000,
  fannedOut: 400,
  fanOutComplete: false,
  deliveredNotificationCount: 250,
  undeliveredNotificationCount: 750,
  openedNotificationCount: 120,
  expiresAt: '2026-11-30T10:00:00.000Z',
  created_by: 'help@fleetdeck.test',
  created_at: '2026-11-23T10:00:00.000Z',
};
/** The query string of the last call to `path`. */
const lastQuery = (api: ReturnType<typeof mockApi>, path: string) => {
  const urls = api.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
  return urls.filter((u) => u.pathname === path).at(-1)?.searchParams;
};

describe('back office device pages (spec 3)', () => {
  it('lists devices with today as the default dates and the owner email', async () => {
    const api = mockApi({
      ...staffDetail,
      [`GET ${S}/devices/list`]: {
        body: page([
          {
            _id: D1,
            deviceName: 'Front desk',
            serialNumber: 'SN-1',
            appName: 'PD',
            appVersionCode: '412',
            userId: { _id: ALICE, email: 'alice@acme.test' },
            created_at: '2026-11-23T10:00:00.000Z',
          },
        ]),
      },
    });
    renderBackOffice('/admin-devices');
    expect(await screen.findByText('alice@acme.test')).toBeInTheDocument();
    expect(screen.getByText('SN-1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
    const today = dayjs().format('YYYY-MM-DD');
    expect(lastQuery(api, `${S}/devices/list`)?.get('from_date')).toBe(today);
    expect(lastQuery(api, `${S}/devices/list`)?.get('to_date')).toBe(today);
  });

  it('sends a notification to a customer found by email, then shows the list with counts and progress', async () => {
    const api = mockApi({
      ...staffDetail,
      [`GET ${S}/notification/list`]: { body: page([notification]) },
      [`GET ${S}/notification/customer/search`]: {
        body: { respones_msg: 'Found', data: { _id: ALICE, email: 'alice@acme.test', name: 'Alice', totalDevices: 3 } },
      },
      [`POST ${S}/notification/send`]: {
        body: { respones_msg: 'Notification queued for sending.', data: notification },
      },
      [`POST ${S}/notification/preview`]: {
        body: { respones_msg: 'Notification preview', data: { devices: 3, customers: 1, precision: 'exact' } },
      },
    });
    const { user } = renderBackOffice('/admin-custom-notifications');
    const table = await screen.findByRole('table', { name: 'Notifications sent' });
    expect(await within(table).findByRole('link', { name: '1,000' })).toHaveAttribute(
      'href',
      `/admin-notification-detail?id=${N1}`,
    );
    expect(within(table).getByText('250')).toBeInTheDocument();
    expect(within(table).getByText('Queued 400 of 1,000')).toBeInTheDocument();

    // Nothing typed: the contract's messages, no call.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Title.*required/i)).toBeInTheDocument();
    expect(api.callsTo('POST', `${S}/notification/send`)).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Title/), 'Hello');
    await user.type(screen.getByLabelText(/^Message/), 'Update tonight');
    await user.click(screen.getByRole('radio', { name: 'Customers' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Add at least one customer.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Customer email'), 'alice@acme.test');
    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    expect(await screen.findByText('alice@acme.test (3 devices)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // Asks first, naming the reach (DECISIONS §14).
    const dialog = await screen.findByRole('dialog', { name: 'Send this notification?' });
    expect(dialog).toHaveTextContent('This goes to 3 devices of 1 customer. Title: “Hello”.');
    expect(api.callsTo('POST', `${S}/notification/preview`)[0]!.body).toEqual({
      devices: [],
      customers: [ALICE],
      fcmToken: false,
    });
    expect(api.callsTo('POST', `${S}/notification/send`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST', `${S}/notification/send`)).toHaveLength(1));
    expect(api.callsTo('POST', `${S}/notification/send`)[0]!.body).toEqual({
      title: 'Hello',
      message: 'Update tonight',
      fcmToken: false,
      devices: [],
      customers: [ALICE],
    });
  });

  it('sends to all devices when none is chosen, after a confirmation naming the devices and customers', async () => {
    const api = mockApi({
      ...staffDetail,
      [`GET ${S}/notification/list`]: { body: page([]) },
      [`POST ${S}/notification/send`]: { body: { respones_msg: 'Queued', data: notification } },
      [`POST ${S}/notification/preview`]: {
        body: { respones_msg: 'Notification preview', data: { devices: 1204, customers: 37, precision: 'estimate' } },
      },
    });
    const { user } = renderBackOffice('/admin-custom-notifications');
    expect(await screen.findByText('No notification was sent yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Title/), 'All');
    await user.type(screen.getByLabelText(/^Message/), 'Everyone');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this notification?' });
    expect(dialog).toHaveTextContent('This goes to about 1,204 devices of 37 customers');
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', `${S}/notification/send`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST', `${S}/notification/send`)).toHaveLength(1));
    expect(api.callsTo('POST', `${S}/notification/send`)[0]!.body).toMatchObject({ devices: [], customers: [] });
  });

  it('counts the title and message as they are typed and refuses an over-long message at the field, never cutting it', async () => {
    const api = mockApi({
      ...staffDetail,
      [`GET ${S}/notification/list`]: { body: page([]) },
      [`POST ${S}/notification/preview`]: {
        body: { respones_msg: 'Notification preview', data: { devices: 2, customers: 1, precision: 'exact' } },
      },
    });
    const { user } = renderBackOffice('/admin-custom-notifications');
    expect(await screen.findByText('No notification was sent yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Title/), 'Hello');
    expect(screen.getByText('5 / 100 characters')).toBeInTheDocument();
    expect(screen.getByText('0 / 1,000 characters')).toBeInTheDocument();
    const message = screen.getByLabelText(/^Message/);
    await user.click(message);
    await user.paste('x'.repeat(1005));
    // Kept whole (no maxLength cut), counted, and refused at the field.
    expect(message).toHaveValue('x'.repeat(1005));
    expect(screen.getByText('1,005 / 1,000 characters')).toBeInTheDocument();
    expect(screen.getByText('Message must be at most 1,000 characters (5 too many)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Message must be at most 1000 characters/)).toBeInTheDocument();
    expect(api.callsTo('POST', `${S}/notification/preview`)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a notification detail with its counters and filters the deliveries', async () => {
    const api = mockApi({
      ...staffDetail,
      [`GET ${S}/notification/detail`]: {
        body: {
          ...page([
            {
              _id: 'm1',
              deviceId: { _id: D1, serialNumber: 'SN-1', deviceName: 'Front desk' },
              isDelivered: true,
              deliveredDate: '2026-11-23T10:01:00.000Z',
              isOpen: false,
              openDate: null,
            },
            { _id: 'm2', deviceId: null, isDelivered: false, deliveredDate: null, isOpen: false, openDate: null },
          ]),
          notification,
        },
      },
    });
    const { user } = renderBackOffice(`/admin-notification-detail?id=${N1}`);
    expect(await screen.findByRole('heading', { name: 'Maintenance' })).toBeInTheDocument();
    expect(screen.getByLabelText('Delivered')).toHaveTextContent('250');
    expect(screen.getByLabelText('Opened')).toHaveTextContent('120');
    expect(screen.getByText('SN-1')).toBeInTheDocument();
    expect(screen.getAllByText('Not Delivered').length).toBeGreaterThan(0);
    await user.click(screen.getByLabelText('Delivery status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Delivered', hidden: true }));
    await waitFor(() => expect(lastQuery(api, `${S}/notification/detail`)?.get('isDelivered')).toBe('true'));
    expect(lastQuery(api, `${S}/notification/detail`)?.get('id')).toBe(N1);
  });

  it('resets deleted devices on the audit page after confirmation', async () => {
    const row = {
      _id: ALICE,
      email: 'alice@acme.test',
      errorCount: 4,
      deletedDevices: 2,
      deletedDeviceResetCount: 1,
      deletedDeviceResetDate: '2026-11-01T10:00:00.000Z',
    };
    const api = mockApi({
      ...staffDetail,
      [`GET ${S}/customers/audit/list`]: { body: page([row]) },
      [`POST ${S}/customers/reset/deletedDeviceDate`]: {
        body: { respones_msg: 'Deleted devices count reset.', data: { ...row, deletedDevices: 0 } },
      },
    });
    const { user } = renderBackOffice('/admin-audit-logs');
    expect(await screen.findByRole('button', { name: 'alice@acme.test' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset deleted devices of alice@acme.test' }));
    expect(await screen.findByText('Reset deleted devices?')).toBeInTheDocument();
    expect(api.callsTo('POST', `${S}/customers/reset/deletedDeviceDate`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, reset it' }));
    await waitFor(() => expect(api.callsTo('POST', `${S}/customers/reset/deletedDeviceDate`)).toHaveLength(1));
    expect(api.callsTo('POST', `${S}/customers/reset/deletedDeviceDate`)[0]!.body).toEqual({
      email: 'alice@acme.test',
    });
  });

  it('marks a bloatware package Yes with a reason', async () => {
    const app = {
      packageName: 'com.vendor.junk',
      isBloatware: null,
      reason: '',
      created_by: 'alice@acme.test',
      created_at: '2026-11-23T10:00:00.000Z',
      updated_at: '2026-11-23T10:00:00.000Z',
    };
    const api = mockApi({
      ...staffDetail,
      [`GET ${S}/customers/bloatware/application/list`]: { body: page([app]) },
      [`POST ${S}/customers/bloatware/application/update`]: {
        body: { respones_msg: 'Bloatware app updated.', data: { ...app, isBloatware: true, reason: 'Junk' } },
      },
    });
    const { user } = renderBackOffice('/admin-bloatware-apps');
    expect(await screen.findByText('com.vendor.junk')).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark com.vendor.junk' }));
    await user.type(await screen.findByLabelText('Reason'), 'Junk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', `${S}/customers/bloatware/application/update`)).toHaveLength(1));
    expect(api.callsTo('POST', `${S}/customers/bloatware/application/update`)[0]!.body).toEqual({
      packageName: 'com.vendor.junk',
      isBloatware: true,
      reason: 'Junk',
    });
  });

  it('lists Power Chat users from one month ago and customer exports with login-as links', async () => {
    const api = mockApi({
      ...staffDetail,
      [`GET ${S}/customers/fcm/list`]: {
        body: page([
          {
            _id: 'c1',
            fcmID: 'ann.front',
            fcmData: { name: 'Ann', company: 'Acme' },
            userId: { _id: ALICE, email: 'alice@acme.test' },
            created_at: '2026-11-23T10:00:00.000Z',
          },
        ]),
      },
      [`GET ${S}/customers/exports/list`]: {
        body: page([
          {
            _id: 'e1',
            exportName: 'Lobby backup',
            serialNumber: 'SN-1',
            disabledApplications: 12,
            userId: { _id: ALICE, email: 'alice@acme.test' },
            created_at: '2026-11-23T10:00:00.000Z',
          },
        ]),
      },
    });
    const chat = renderBackOffice('/admin-power-chat-users');
    expect(await screen.findByText('ann.front')).toBeInTheDocument();
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(lastQuery(api, `${S}/customers/fcm/list`)?.get('from_date')).toBe(
      dayjs().subtract(1, 'month').format('YYYY-MM-DD'),
    );
    chat.unmount();
    renderBackOffice('/admin-exports-list');
    expect(await screen.findByText('Lobby backup')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'alice@acme.test' })).toBeInTheDocument();
  });

  it('shows the error state when a list fails', async () => {
    mockApi({
      ...staffDetail,
      [`GET ${S}/customers/exports/list`]: { status: 500, body: { respones_msg: 'Boom', code: 'E_INTERNAL' } },
    });
    renderBackOffice('/admin-exports-list');
    expect(await screen.findByText('The exports could not load')).toBeInTheDocument();
  });
});
