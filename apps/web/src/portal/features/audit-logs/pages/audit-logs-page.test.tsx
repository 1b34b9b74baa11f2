import { screen, waitFor, within } from '@testing-library/react';
import type { Mock } from 'vitest';
import { describe, expect, it } from 'vitest';
import { mockApi, sampleUser } from '@/test/mock-api';
import { queriesTo } from '@/test/queries';
import { renderApp } from '@/test/render-app';
import { detailAs } from '@/test/members';
import { choose } from '@/portal/features/fleet/testing/select';

const LIST = '/api/v1/admin/users/audit/list';
const shellRoutes = { 'GET /api/v1/admin/users/detail': { body: { respones_msg: 'OK', data: sampleUser } } };

const entry = (id: number, overrides: Record<string, unknown> = {}) => ({
  _id: String(id),
  type: 'User Account',
  sub_type: 'Login',
  message: 'Logged in',
  source: 'Web',
  hasError: false,
  created_at: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

const answer = (data: unknown[], total = data.length) => ({
  body: {
    respones_msg: 'Audit logs',
    data: { data, pagination: { page: 1, limit: 25, total, totalCapped: false, nextCursor: null } },
  },
});

const lastQuery = (fetchMock: Mock) => Object.fromEntries(queriesTo(fetchMock, LIST).at(-1)!);

describe('Audit Logs page', () => {
  it('shows type, sub-type, message, source, a status badge and the date', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...shellRoutes,
      [`GET ${LIST}`]: answer([
        entry(1),
        entry(2, {
          type: 'Payments',
          sub_type: 'Onetime Purchased Failed',
          message: 'one-time purchase failed: Your card was declined.',
          hasError: true,
        }),
        entry(3, { type: 'Device', sub_type: 'Enrol', message: 'Device enrolled: SN-1 (PD)', source: 'App' }),
      ]),
    });
    renderApp('/audit-logs');
    expect(await screen.findByText('Showing 1 to 3 of 3 entries')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Audit logs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Type', 'Sub-type', 'Message', 'Who', 'Source', 'Status', 'Created On']);
    const [, login, failed, enrol] = within(table).getAllByRole('row');
    expect(within(login!).getByText('Success')).toBeInTheDocument();
    expect(within(login!).getByText('Web')).toBeInTheDocument();
    expect(within(failed!).getByText('Error')).toBeInTheDocument();
    expect(within(failed!).getByText('one-time purchase failed: Your card was declined.')).toBeInTheDocument();
    expect(within(enrol!).getByText('App')).toBeInTheDocument();
    expect(within(enrol!).getByText(/05 Mar 2025/)).toBeInTheDocument();
  });

  it('filters on the server: Type then its Sub-types, Source and Status; a new Type clears the Sub-type', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...shellRoutes, [`GET ${LIST}`]: answer([entry(1)]) });
    const { user } = renderApp('/audit-logs');
    await screen.findByText('Showing 1 to 1 of 1 entries');
    expect(lastQuery(api.fetchMock)).toEqual({ page: '1', limit: '25' });
    expect(screen.getByLabelText('Sub-type', { selector: 'input' })).toBeDisabled();

    await user.click(screen.getByLabelText('Type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Payments', hidden: true }));
    await waitFor(() => expect(lastQuery(api.fetchMock)).toEqual({ type: 'Payments', page: '1', limit: '25' }));

    const subType = screen.getByLabelText('Sub-type', { selector: 'input' });
    expect(subType).toBeEnabled();
    await user.click(subType);
    // The Type dropdown may still be closing: take the listbox the Sub-type input controls.
    const listbox = await waitFor(() => {
      const id = subType.getAttribute('aria-controls');
      const el = id ? document.getElementById(id) : null;
      if (!el) throw new Error('the Sub-type dropdown is not open');
      return el;
    });
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual([
      'Subscription Created',
      'Subscription Update',
      'Onetime Purchased',
      'Subscription Failed',
      'Onetime Purchased Failed',
      'Refund',
      'Dispute',
    ]);
    await user.click(within(listbox).getByRole('option', { name: 'Subscription Failed', hidden: true }));
    await waitFor(() =>
      expect(lastQuery(api.fetchMock)).toMatchObject({ type: 'Payments', sub_type: 'Subscription Failed' }),
    );

    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Error', hidden: true }));
    await waitFor(() => expect(lastQuery(api.fetchMock)).toMatchObject({ hasError: 'true' }));
    await user.click(screen.getByLabelText('Source', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'App', hidden: true }));
    await waitFor(() => expect(lastQuery(api.fetchMock)).toMatchObject({ source: 'App', hasError: 'true' }));

    await user.click(screen.getByLabelText('Type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Device', hidden: true }));
    await waitFor(() =>
      expect(lastQuery(api.fetchMock)).toEqual({
        type: 'Device',
        source: 'App',
        hasError: 'true',
        page: '1',
        limit: '25',
      }),
    );
    expect(screen.getByLabelText('Sub-type', { selector: 'input' })).toHaveValue('');

    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Success', hidden: true }));
    await waitFor(() => expect(lastQuery(api.fetchMock)).toMatchObject({ hasError: 'false' }));
  });

  it('toasts a load error with the server’s message', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...shellRoutes,
      [`GET ${LIST}`]: { status: 400, body: { respones_msg: 'sub_type: needs type', code: 'E_VALIDATION' } },
    });
    renderApp('/audit-logs');
    expect(await screen.findByText('sub_type: needs type')).toBeInTheDocument();
    expect(screen.getByText('No data found.')).toBeInTheDocument();
  });

  it('names who did each entry, and filters by member for a member who manages the team', async () => {
    window.localStorage.setItem('token', 'tok');
    const SAM = '4d2e6f8a-1b3c-4d5e-8f9a-0b1c2d3e4f5b';
    const api = mockApi({
      ...shellRoutes,
      'GET /api/v1/admin/team': {
        body: {
          respones_msg: 'OK',
          data: {
            members: [
              {
                _id: SAM,
                name: 'Sam Rivera',
                email: 'sam@acme.test',
                role: 'Technician',
                groupIds: null,
                groups: [],
                isRegistrant: false,
                enable_two_step_email_verification: false,
                created_at: '2026-01-01T10:00:00.000Z',
                last_login_at: null,
              },
            ],
            invites: [],
          },
        },
      },
      [`GET ${LIST}`]: answer([entry(1, { actor: 'Sam Rivera', memberId: SAM }), entry(2, { actor: null })]),
    });
    const { user } = renderApp('/audit-logs');
    const table = await screen.findByRole('table', { name: 'Audit logs' });
    await within(table).findByText('Sam Rivera');
    const [, bySam, bySystem] = within(table).getAllByRole('row');
    expect(within(bySam!).getByText('Sam Rivera')).toBeInTheDocument();
    expect(within(bySystem!).getByText('-')).toBeInTheDocument();
    await choose(user, 'Member', 'Sam Rivera');
    await waitFor(() => expect(lastQuery(api.fetchMock).memberId).toBe(SAM));
  });

  it('has no member filter for a member without team.manage (and does not ask for the team)', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...shellRoutes, ...detailAs('Viewer'), [`GET ${LIST}`]: answer([entry(1)]) });
    renderApp('/audit-logs');
    await screen.findByRole('table', { name: 'Audit logs' });
    expect(screen.getByLabelText('Status', { selector: 'input' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Member', { selector: 'input' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/v1/admin/team')).toHaveLength(0);
  });

  it('offers the Payments type only to a member who may read billing (the server leaves those rows out)', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, ...detailAs('Viewer'), [`GET ${LIST}`]: answer([entry(1)]) });
    const { user } = renderApp('/audit-logs');
    await screen.findByRole('table', { name: 'Audit logs' });
    await user.click(screen.getByLabelText('Type', { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Profile', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Payments', hidden: true })).not.toBeInTheDocument();
  });
});
