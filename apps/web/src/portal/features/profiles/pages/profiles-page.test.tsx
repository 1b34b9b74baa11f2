import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { API, listAnswer, listItem, queriesTo, shellRoutes } from '../testing/fixtures';

const LIST = `${API}/profile/list`;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('Profile list (/profiles)', () => {
  it('links each serial number to the detail page of its app with ?profile_id=, and leaves other apps unlinked', async () => {
    window.localStorage.setItem('token', 'tok');
    const apps = [
      'PD',
      'PDOT',
      'PDOW',
      'PDOWOT',
      'SL',
      'SLOT',
      'PC',
      'PCOT',
      'UB',
      'UBOT',
      'KM',
      'KMOT',
      'POB',
      'POBOT',
    ];
    mockApi({ ...shellRoutes, [`GET ${LIST}`]: listAnswer(apps.map((a, i) => listItem(id(i), a))) });
    renderApp('/profiles');

    const table = await screen.findByRole('table', { name: 'Devices' });
    await within(table).findByText('SERIAL-PD');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    // The first column holds the checkboxes of the bulk actions (issue 25); Group beside the app.
    expect(headers).toEqual([
      '',
      'Serial Number',
      'Device Name',
      'App Name',
      'Group',
      'Status',
      'Policy',
      'Created On',
    ]);

    const expected: Record<string, string | null> = {
      PD: '/profile-detail',
      PDOT: '/profile-detail',
      PDOW: '/profile-detail',
      PDOWOT: '/profile-detail',
      SL: '/sl-profile-detail',
      SLOT: '/sl-profile-detail',
      PC: '/pc-profile-detail',
      PCOT: '/pc-profile-detail',
      UB: '/ub-profile-detail',
      UBOT: '/ub-profile-detail',
      KM: '/km-profile-detail',
      KMOT: '/km-profile-detail',
      POB: null,
      POBOT: null,
    };
    apps.forEach((app, i) => {
      const link = within(table).queryByRole('link', { name: `SERIAL-${app}` });
      const page = expected[app];
      if (page) expect(link).toHaveAttribute('href', `${page}?profile_id=${id(i)}`);
      else {
        expect(link).toBeNull();
        expect(within(table).getByText(`SERIAL-${app}`)).toBeInTheDocument();
      }
    });
  });

  it('shows the device name, app badge, online state and the policy state of each row', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...shellRoutes,
      [`GET ${LIST}`]: listAnswer([
        listItem(id(1), 'PD', { online: true, policyVersion: 3, appliedPolicyVersion: 3 }),
        listItem(id(2), 'SL', { lastSeenAt: '2020-01-01T00:00:00.000Z', policyVersion: 4, appliedPolicyVersion: 3 }),
        listItem(id(3), 'UB'),
      ]),
    });
    renderApp('/profiles');
    const table = await screen.findByRole('table', { name: 'Devices' });
    await within(table).findByText('Device PD');
    const [, pd, sl, ub] = within(table).getAllByRole('row');
    expect(within(pd!).getByText('Device PD')).toBeInTheDocument();
    expect(within(pd!).getByText('PD')).toBeInTheDocument();
    expect(within(pd!).getByText('Online')).toBeInTheDocument();
    expect(within(pd!).getByText('Up to date')).toBeInTheDocument();
    expect(within(sl!).getByText(/^Last seen .+ ago$/)).toBeInTheDocument();
    expect(within(sl!).getByText('Pending')).toBeInTheDocument();
    expect(within(ub!).getByText('Last seen never')).toBeInTheDocument();
    expect(within(ub!).getByText('Never applied')).toBeInTheDocument();
  });

  it('pages and sorts on the server: default created_at ascending, 25 a page; sizes, pages, sort, App Name and the device search', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${LIST}`]: () => listAnswer([listItem(id(1), 'PD')], 60),
    });
    const { user } = renderApp('/profiles');
    await screen.findByText('Showing 1 to 25 of 60 entries');
    const first = queriesTo(api.fetchMock, LIST)[0]!;
    expect(Object.fromEntries(first)).toEqual({ page: '1', limit: '25', sort: 'created_at', order: 'asc' });
    expect(screen.getByLabelText('Entries per page')).toHaveValue('25');
    expect(
      within(screen.getByLabelText('Entries per page'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '25', '50']);

    await user.selectOptions(screen.getByLabelText('Entries per page'), '10');
    await waitFor(() => expect(queriesTo(api.fetchMock, LIST).at(-1)?.get('limit')).toBe('10'));
    await user.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(queriesTo(api.fetchMock, LIST).at(-1)?.get('page')).toBe('3'));
    expect(await screen.findByText('Showing 21 to 30 of 60 entries')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sort by Serial Number ascending' }));
    await waitFor(() => {
      const q = queriesTo(api.fetchMock, LIST).at(-1)!;
      expect([q.get('sort'), q.get('order'), q.get('page')]).toEqual(['name', 'asc', '1']);
    });
    await user.click(screen.getByRole('button', { name: 'Sort by Serial Number descending' }));
    await waitFor(() => expect(queriesTo(api.fetchMock, LIST).at(-1)?.get('order')).toBe('desc'));

    await user.type(screen.getByRole('combobox', { name: 'App Name' }), 'sl');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const q = queriesTo(api.fetchMock, LIST).at(-1)!;
      expect(Object.fromEntries(q)).toEqual({ appName: 'SL', page: '1', limit: '10', sort: 'name', order: 'desc' });
    });

    // One box for serial number, device name or app name (issue 15), sent as `search` beside the app filter.
    await user.type(screen.getByRole('textbox', { name: 'Find a device' }), 'front desk');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const q = queriesTo(api.fetchMock, LIST).at(-1)!;
      expect([q.get('search'), q.get('appName'), q.get('page')]).toEqual(['front desk', 'SL', '1']);
    });
  });

  it('shows "No data found." when there are no devices', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, [`GET ${LIST}`]: listAnswer([]) });
    renderApp('/profiles');
    expect(await screen.findByText('No data found.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });
});
