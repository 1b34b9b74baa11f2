import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { API, listAnswer, listItem, queriesTo, shellRoutes } from '../testing/fixtures';

const LIST = `${API}/profile/list`;
const GROUPS = `${API}/groups`;
const BULK = `${API}/bulk-actions`;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const LOBBY = '5b0e3c1a-7d2f-4e8a-9c6b-0a1b2c3d4e5f';
const WAREHOUSE = '6c1f4d2b-8e3a-4f9b-ad7c-1b2c3d4e5f60';
const BULK_ID = 'a04c7a5e-1b6d-4c2e-9a0f-4e5f60718293';

const groupRow = (_id: string, name: string) => ({
  _id,
  name,
  family: 'PD' as const,
  templateId: null,
  templateName: null,
  templateVersion: null,
  deviceCount: 1,
  driftCount: 0,
  activeRolloutId: null,
  created_at: '2026-01-05T10:00:00.000Z',
});
const groupsAnswer = {
  body: {
    respones_msg: 'OK',
    data: [groupRow(LOBBY, 'Lobby tablets'), groupRow(WAREHOUSE, 'Warehouse')],
    pagination: { page: 1, limit: 50, total: 2 },
  },
};
const devices = listAnswer([
  listItem(id(1), 'PD', { group: { _id: LOBBY, name: 'Lobby tablets' }, drift: 3 }),
  listItem(id(2), 'SL'),
  listItem(id(3), 'UB', { group: { _id: LOBBY, name: 'Lobby tablets' } }),
]);

const bulk = (state: 'running' | 'completed', done: number, failed: number, action = 'move-to-group') => ({
  body: {
    respones_msg: 'OK',
    data: {
      _id: BULK_ID,
      action,
      state,
      total: 2,
      done,
      failed,
      targetGroupId: action === 'logout' ? null : WAREHOUSE,
      created_at: '2026-01-06T10:00:00.000Z',
      finishedAt: state === 'completed' ? '2026-01-06T10:00:05.000Z' : null,
      results:
        state === 'completed'
          ? [
              { profileId: id(1), serialNumber: 'SERIAL-PD', state: 'done', message: null },
              { profileId: id(3), serialNumber: 'SERIAL-UB', state: 'failed', message: 'Not a Warehouse app family' },
            ]
          : [],
      pagination: { page: 1, limit: 50, total: state === 'completed' ? 2 : 0 },
    },
  },
});

describe('Devices (/profiles): groups, drift and bulk actions (issue 25)', () => {
  it("shows each device's group as a link and its drift, lists the differences, and filters by group", async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${LIST}`]: devices,
      [`GET ${GROUPS}`]: groupsAnswer,
      [`GET ${API}/profile/drift`]: {
        body: {
          respones_msg: 'OK',
          data: {
            profileId: id(1),
            group: { _id: LOBBY, name: 'Lobby tablets' },
            templateId: '7c1f4d2b-8e3a-4f9b-ad7c-1b2c3d4e5f60',
            templateVersion: 4,
            drift: 3,
            differences: ['Factory reset is allowed', 'Bixby is enabled', 'Kiosk mode is off'],
          },
        },
      },
    });
    const { user } = renderApp('/profiles');
    const table = await screen.findByRole('table', { name: 'Devices' });
    await within(table).findByText('SERIAL-PD');
    const [, pd, sl, ub] = within(table).getAllByRole('row');
    expect(within(pd!).getByRole('link', { name: 'Lobby tablets' })).toHaveAttribute(
      'href',
      `/group-detail?id=${LOBBY}`,
    );
    expect(within(pd!).getByText("3 settings differ from the group's template")).toBeInTheDocument();
    expect(within(sl!).queryByRole('link', { name: 'Lobby tablets' })).toBeNull();
    expect(within(ub!).queryByText(/differ from the group's template/)).toBeNull();

    await user.click(within(pd!).getByRole('button', { name: 'Show differences of SERIAL-PD' }));
    const dialog = await screen.findByRole('dialog');
    const list = await within(dialog).findByRole('list', { name: 'Differences' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Factory reset is allowed', 'Bixby is enabled', 'Kiosk mode is off']);
    expect(dialog).toHaveTextContent('Compared with version 4 of the template of Lobby tablets');
    expect(queriesTo(api.fetchMock, `${API}/profile/drift`)[0]?.get('profileId')).toBe(id(1));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByLabelText('Group', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Warehouse (PD)', hidden: true }));
    await waitFor(() => expect(queriesTo(api.fetchMock, LIST).at(-1)?.get('groupId')).toBe(WAREHOUSE));
  });

  it('moves the ticked devices to a group as a bulk action and polls its progress until done, then shows each result', async () => {
    window.localStorage.setItem('token', 'tok');
    let polls = 0;
    const api = mockApi({
      ...shellRoutes,
      [`GET ${LIST}`]: devices,
      [`GET ${GROUPS}`]: groupsAnswer,
      [`POST ${BULK}`]: bulk('running', 0, 0),
      [`GET ${BULK}/${BULK_ID}`]: () => {
        polls += 1;
        return polls < 2 ? bulk('running', 1, 0) : bulk('completed', 1, 1);
      },
    });
    const { user } = renderApp('/profiles');
    await screen.findByText('SERIAL-PD');
    expect(screen.queryByRole('region', { name: 'Chosen devices' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select SERIAL-PD' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select SERIAL-UB' }));
    const bar = screen.getByRole('region', { name: 'Chosen devices' });
    expect(bar).toHaveTextContent('2 devices chosen');

    await user.click(within(bar).getByRole('button', { name: 'Move to group' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Move 2 devices to a group')).toBeInTheDocument();
    const move = within(dialog).getByRole('button', { name: 'Move' });
    expect(move).toBeDisabled();
    const input = within(dialog).getByLabelText('Group', { selector: 'input' });
    await user.click(input);
    const listbox = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
    await user.click(within(listbox).getByRole('option', { name: 'Warehouse (PD)', hidden: true }));
    await user.click(move);
    await waitFor(() => expect(api.callsTo('POST', BULK)).toHaveLength(1));
    expect(api.callsTo('POST', BULK)[0]!.body).toEqual({
      action: 'move-to-group',
      profileIds: [id(1), id(3)],
      targetGroupId: WAREHOUSE,
    });

    const progress = await screen.findByRole('progressbar', { name: 'Bulk action progress' });
    expect(progress).toBeInTheDocument();
    expect(await screen.findByText('1 of 2 devices processed: 1 done, 0 failed')).toBeInTheDocument();
    const results = await screen.findByRole('table', { name: 'Results per device' });
    expect(screen.getByText('2 of 2 devices processed: 1 done, 1 failed')).toBeInTheDocument();
    const failed = within(results).getByText('SERIAL-UB').closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Not a Warehouse app family')).toBeInTheDocument();
    // Done: no more asking.
    const asked = polls;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(polls).toBe(asked);
    // The selection is cleared once the action started.
    expect(screen.queryByRole('region', { name: 'Chosen devices' })).toBeNull();
  });

  it('logs the ticked devices out only after asking, naming the count', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${LIST}`]: devices,
      [`GET ${GROUPS}`]: groupsAnswer,
      [`POST ${BULK}`]: bulk('running', 0, 0, 'logout'),
      [`GET ${BULK}/${BULK_ID}`]: bulk('completed', 2, 0, 'logout'),
    });
    const { user } = renderApp('/profiles');
    await screen.findByText('SERIAL-PD');
    await user.click(screen.getByRole('checkbox', { name: 'Select every device on this page' }));
    const bar = screen.getByRole('region', { name: 'Chosen devices' });
    expect(bar).toHaveTextContent('3 devices chosen');
    await user.click(within(bar).getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Log out 3 devices?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('must enrol again; their licence seats are freed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', BULK)).toHaveLength(0);

    await user.click(within(bar).getByRole('button', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log out 3 devices' }));
    await waitFor(() => expect(api.callsTo('POST', BULK)).toHaveLength(1));
    expect(api.callsTo('POST', BULK)[0]!.body).toEqual({ action: 'logout', profileIds: [id(1), id(2), id(3)] });
    expect(await screen.findByText('2 of 2 devices processed: 2 done, 0 failed')).toBeInTheDocument();
  });
});
