import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, sampleUser } from '@/test/mock-api';
import { queriesTo } from '@/test/queries';
import { currentLocation, renderApp } from '@/test/render-app';

const X = '/api/v1/admin/users/export';
const PROFILES = '/api/v1/admin/profile/list';
const RESTORE = '/api/v1/admin/device/restore/pdDisabledApp';
const shellRoutes = { 'GET /api/v1/admin/users/detail': { body: { respones_msg: 'OK', data: sampleUser } } };

const EXPORT_ID = '0b7c9c1e-7a51-4f7e-9a1c-3f3d2b1a0c01';
const anExport = (overrides: Record<string, unknown> = {}) => ({
  _id: EXPORT_ID,
  exportName: 'Lobby backup',
  serialNumber: 'R58M123',
  appName: 'PD',
  disabledApplications: ['com.facebook.katana', 'com.netflix.mediaclient'],
  created_at: '2025-03-05T10:00:00.000Z',
  ...overrides,
});
const listAnswer = (data: unknown[]) => ({
  body: { respones_msg: 'Export list', data, pagination: { page: 1, limit: 25, total: data.length } },
});
const profile = (id: string, name: string, appName = 'PD') => ({
  _id: id,
  name,
  profileName: `${name} tablet`,
  appName,
  created_at: '2025-03-01T10:00:00.000Z',
  online: true,
  lastSeenAt: null,
  policyVersion: 1,
  appliedPolicyVersion: 1,
  group: null,
  drift: 0,
});
const profilesAnswer = {
  body: {
    respones_msg: 'Profile list',
    data: [profile('p-1', 'SN-TARGET-1'), profile('p-2', 'SN-TARGET-2', 'PDOW')],
    pagination: { page: 1, limit: 25, total: 2 },
  },
};

describe('Export List page', () => {
  it('lists the exports with a link to each detail', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, [`GET ${X}/list`]: listAnswer([anExport()]) });
    renderApp('/export-list');
    expect(await screen.findByText('Showing 1 to 1 of 1 entries')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Exports' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Export Name', 'Serial Number', 'App', 'Disabled Apps', 'Created On', 'Action']);
    expect(within(table).getByRole('link', { name: 'Lobby backup' })).toHaveAttribute(
      'href',
      `/export-detail?id=${EXPORT_ID}`,
    );
    expect(within(table).getByText('R58M123')).toBeInTheDocument();
    expect(within(table).getByText('2')).toBeInTheDocument();
  });

  it('deletes an export after "Are you sure?" / "Yes, delete it!"', async () => {
    window.localStorage.setItem('token', 'tok');
    let deleted = false;
    const api = mockApi({
      ...shellRoutes,
      [`GET ${X}/list`]: () => listAnswer(deleted ? [] : [anExport()]),
      [`DELETE ${X}/delete`]: () => {
        deleted = true;
        return { body: { respones_msg: 'Export deleted successfully.', data: anExport() } };
      },
    });
    const { user } = renderApp('/export-list');
    await user.click(await screen.findByRole('button', { name: 'Delete Lobby backup' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Export deleted successfully.')).toBeInTheDocument();
    expect(queriesTo(api.fetchMock, 'DELETE', `${X}/delete`).map((q) => q.get('id'))).toEqual([EXPORT_ID]);
    expect(await screen.findByText('No data found.')).toBeInTheDocument();
  });

  it('restores onto a profile chosen from the PDALL profile list', async () => {
    window.localStorage.setItem('token', 'tok');
    const message =
      '2 application(s) will be disabled on this device. Press Apply on the profile to send them to the device.';
    const api = mockApi({
      ...shellRoutes,
      [`GET ${X}/list`]: listAnswer([anExport()]),
      [`GET ${PROFILES}`]: profilesAnswer,
      [`POST ${RESTORE}`]: { body: { respones_msg: message, data: { profileId: 'p-2', restored: 2, notOnDevice: 1 } } },
    });
    const { user } = renderApp('/export-list');
    await user.click(await screen.findByRole('button', { name: 'Restore Lobby backup' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Restore "Lobby backup"')).toBeInTheDocument();
    await within(dialog).findByText('SN-TARGET-2');
    expect(queriesTo(api.fetchMock, 'GET', PROFILES)[0]?.get('appName')).toBe('PDALL');
    const restore = within(dialog).getByRole('button', { name: 'Restore' });
    expect(restore).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Restore onto SN-TARGET-2' }));
    await user.click(restore);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.callsTo('POST', RESTORE)[0]?.body).toEqual({ profileId: 'p-2', restoreId: EXPORT_ID });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('goes to the plans page when the family needs licences (redirectToPaymentPage)', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...shellRoutes,
      [`GET ${X}/list`]: listAnswer([anExport()]),
      [`GET ${PROFILES}`]: profilesAnswer,
      [`POST ${RESTORE}`]: {
        status: 402,
        body: {
          respones_msg: 'Your enrolled licences exceed then available licences.',
          code: 'E_PAYMENT_REQUIRED',
          redirectToPaymentPage: 1,
        },
      },
    });
    const { user } = renderApp('/export-list');
    await user.click(await screen.findByRole('button', { name: 'Restore Lobby backup' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('radio', { name: 'Restore onto SN-TARGET-1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(currentLocation()).toBe('/plans'));
  });
});

describe('Export Detail page', () => {
  const detail = {
    respones_msg: 'Export detail',
    data: {
      ...anExport(),
      applications: [
        { packageName: 'com.facebook.katana', appName: 'Facebook', appIcon: '' },
        { packageName: 'com.netflix.mediaclient', appName: '', appIcon: '' },
      ],
    },
  };

  it('lists the disabled apps; each is removed after "Are you sure?" / "Yes, delete it!"', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${X}/detail`]: { body: detail },
      [`DELETE ${X}/application/delete`]: {
        body: {
          respones_msg: 'Application removed from the export.',
          data: anExport({ disabledApplications: ['com.netflix.mediaclient'] }),
        },
      },
    });
    const { user } = renderApp(`/export-detail?id=${EXPORT_ID}`);
    expect(await screen.findByText('Lobby backup')).toBeInTheDocument();
    expect(screen.getByText(/2 disabled application\(s\)/)).toBeInTheDocument();
    expect(queriesTo(api.fetchMock, 'GET', `${X}/detail`)[0]?.get('id')).toBe(EXPORT_ID);
    const table = screen.getByRole('table', { name: 'Disabled applications' });
    expect(within(table).getByText('Facebook')).toBeInTheDocument();
    expect(within(table).getAllByText('com.netflix.mediaclient')).toHaveLength(2);

    await user.click(within(table).getByRole('button', { name: 'Delete com.facebook.katana' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    expect(within(dialog).getByText('Facebook will be removed from this export.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Application removed from the export.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${X}/application/delete`)[0]?.body).toEqual({
      id: EXPORT_ID,
      app: 'com.facebook.katana',
    });
  });

  it('shows why the export could not load', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...shellRoutes,
      [`GET ${X}/detail`]: { status: 404, body: { respones_msg: 'Export not found.', code: 'E_NOT_FOUND' } },
    });
    renderApp(`/export-detail?id=${EXPORT_ID}`);
    expect(await screen.findByText('The export could not load')).toBeInTheDocument();
    expect(screen.getAllByText('Export not found.').length).toBeGreaterThan(0);
  });
});
