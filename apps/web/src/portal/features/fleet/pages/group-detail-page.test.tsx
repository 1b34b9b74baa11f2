import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listAnswer, listItem, shellRoutes } from '@/portal/features/profiles/testing/fixtures';
import { detailAs } from '@/test/members';
import { mockApi } from '@/test/mock-api';
import { queriesTo } from '@/test/queries';
import { currentLocation, renderApp } from '@/test/render-app';
import {
  API,
  GROUP_ID,
  group,
  id,
  one,
  rollout,
  ROLLOUT_ID,
  TEMPLATE_2_ID,
  TEMPLATE_ID,
  templateChoices,
} from '../testing/fixtures';
import { choose } from '../testing/select';
import { command, preflight } from '@/portal/features/commands/testing/fixtures';

const DETAIL = `${API}/groups/${GROUP_ID}`;
const LIST = `${API}/profile/list`;
const members = listAnswer(
  [
    listItem(id(1), 'PD', { group: { _id: GROUP_ID, name: 'Lobby tablets' }, drift: 3 }),
    listItem(id(2), 'PDOT', { group: { _id: GROUP_ID, name: 'Lobby tablets' } }),
  ],
  2,
);

const routes = (overrides: Record<string, unknown> = {}) => ({
  ...shellRoutes,
  [`GET ${DETAIL}`]: one(group()),
  [`GET ${API}/templates`]: templateChoices,
  [`GET ${LIST}`]: members,
  [`GET ${DETAIL}/enrolment-qr`]: { body: 'PNG' },
  [`GET ${API}/groups`]: {
    body: { respones_msg: 'OK', data: [group()], pagination: { page: 1, limit: 50, total: 1 } },
  },
  ...overrides,
});

describe('Group detail (/group-detail?id=)', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', 'tok');
    // jsdom has no object URLs: the QR's blob becomes this one.
    URL.createObjectURL = vi.fn(() => 'blob:qr-of-the-group');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  });

  it('shows the group, its devices (profile/list?groupId=) with their drift, and the enrolment QR fetched with the session', async () => {
    const api = mockApi(routes());
    renderApp(`/group-detail?id=${GROUP_ID}`);
    expect(await screen.findByText('Kiosk lobby, version 3 · 12 devices')).toBeInTheDocument();
    expect(screen.getByText('2 drifting')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Devices of Lobby tablets' });
    await within(table).findByText('SERIAL-PD');
    expect(within(table).getByText('3 drifting')).toBeInTheDocument();
    expect(queriesTo(api.fetchMock, LIST)[0]?.get('groupId')).toBe(GROUP_ID);

    const qr = await screen.findByRole('img', { name: 'Enrolment QR code of Lobby tablets' });
    expect(qr).toHaveAttribute('src', 'blob:qr-of-the-group');
    const qrCall = api.callsTo('GET', `${DETAIL}/enrolment-qr`)[0]!;
    expect(qrCall.headers.authorization).toBe('tok');
    expect(qrCall.headers.accept).toBe('image/png');
  });

  it('renames the group, and applies another template only after confirming the version and the device count', async () => {
    const api = mockApi(
      routes({
        [`PUT ${DETAIL}`]: { body: { respones_msg: 'Group updated', data: group({ name: 'Lobby' }) } },
      }),
    );
    const { user } = renderApp(`/group-detail?id=${GROUP_ID}`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(name, 'Lobby');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(api.callsTo('PUT', DETAIL)).toHaveLength(1));
    expect(api.callsTo('PUT', DETAIL)[0]!.body).toEqual({ name: 'Lobby' });

    await choose(user, 'Template', 'Front desk (version 5)');
    await user.click(screen.getByRole('button', { name: 'Apply template' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Apply version 5 to 12 devices?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('this applies version 5 to 12 devices of Lobby tablets at once');
    expect(api.callsTo('PUT', DETAIL)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.callsTo('PUT', DETAIL)).toHaveLength(2));
    expect(api.callsTo('PUT', DETAIL)[1]!.body).toEqual({ templateId: TEMPLATE_2_ID });
  });

  it('removes a device after asking, and adds devices of the family chosen in a picker', async () => {
    const api = mockApi(
      routes({
        [`POST ${DETAIL}/devices/remove`]: {
          body: { respones_msg: 'Removed', data: { groupId: GROUP_ID, added: 0, removed: 1, deviceCount: 11 } },
        },
        [`POST ${DETAIL}/devices`]: {
          body: { respones_msg: 'Added', data: { groupId: GROUP_ID, added: 2, removed: 0, deviceCount: 14 } },
        },
      }),
    );
    const { user } = renderApp(`/group-detail?id=${GROUP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Remove SERIAL-PD from the group' }));
    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByText('Remove SERIAL-PD from Lobby tablets?')).toBeInTheDocument();
    expect(ask).toHaveTextContent('keeps its current settings');
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('POST', `${DETAIL}/devices/remove`)).toHaveLength(1));
    expect(api.callsTo('POST', `${DETAIL}/devices/remove`)[0]!.body).toEqual({ profileIds: [id(1)] });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Add devices' }));
    const picker = await screen.findByRole('dialog');
    await within(picker).findByRole('table', { name: 'Devices to add' });
    await waitFor(() => expect(queriesTo(api.fetchMock, LIST).at(-1)?.get('appName')).toBe('PD'));
    expect(queriesTo(api.fetchMock, LIST).at(-1)?.get('groupId')).toBeNull();
    const add = within(picker).getByRole('button', { name: 'Add 0 devices' });
    expect(add).toBeDisabled();
    await user.click(within(picker).getByRole('checkbox', { name: 'Select every device on this page' }));
    await user.click(within(picker).getByRole('button', { name: 'Add 2 devices' }));
    await waitFor(() => expect(api.callsTo('POST', `${DETAIL}/devices`)).toHaveLength(1));
    expect(api.callsTo('POST', `${DETAIL}/devices`)[0]!.body).toEqual({ profileIds: [id(1), id(2)] });
  });

  it('deletes the group after saying its devices stay, ungrouped, then goes back to the groups', async () => {
    const api = mockApi(routes({ [`DELETE ${DETAIL}`]: { body: { respones_msg: 'Group deleted' } } }));
    const { user } = renderApp(`/group-detail?id=${GROUP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete group' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete Lobby tablets?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Its 12 devices stay, ungrouped, with their current settings.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    await waitFor(() => expect(api.callsTo('DELETE', DETAIL)).toHaveLength(1));
    await waitFor(() => expect(currentLocation()).toBe('/groups'));
  });

  it('logs out the whole group as a bulk action, after asking and naming the count, and shows its progress', async () => {
    const BULK_ID = id(90);
    const logout = (done: number) =>
      one({
        _id: BULK_ID,
        action: 'logout',
        state: 'running',
        total: 12,
        done,
        failed: 0,
        targetGroupId: null,
        created_at: '2026-01-06T10:00:00.000Z',
        finishedAt: null,
        results: [],
        pagination: { page: 1, limit: 50, total: 0 },
      });
    const api = mockApi(
      routes({ [`POST ${API}/bulk-actions`]: logout(0), [`GET ${API}/bulk-actions/${BULK_ID}`]: logout(5) }),
    );
    const { user } = renderApp(`/group-detail?id=${GROUP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Log out all' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Log out 12 devices?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('must enrol again; their licence seats are freed');
    expect(api.callsTo('POST', `${API}/bulk-actions`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Log out 12 devices' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/bulk-actions`)).toHaveLength(1));
    expect(api.callsTo('POST', `${API}/bulk-actions`)[0]!.body).toEqual({ action: 'logout', groupId: GROUP_ID });
    expect(await screen.findByRole('progressbar', { name: 'Bulk action progress' })).toBeInTheDocument();
  });

  it('starts a rollout with the defaults of DECISIONS §10, refusing stages that do not reach 100%', async () => {
    const api = mockApi(
      routes({ [`POST ${API}/rollouts`]: one(rollout()), [`GET ${API}/rollouts/${ROLLOUT_ID}`]: one(rollout()) }),
    );
    const { user } = renderApp(`/group-detail?id=${GROUP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Start rollout' }));
    const form = await screen.findByRole('form', { name: 'Start a rollout' });
    expect(within(form).getByLabelText('Stage 1 percentage')).toHaveValue('5');
    expect(within(form).getByLabelText('Stage 2 percentage')).toHaveValue('25');
    expect(within(form).getByLabelText('Stage 3 percentage')).toHaveValue('100');
    expect(within(form).getByLabelText('Stage 3 soak')).toHaveValue('3600');
    expect(within(form).getByLabelText('Pause at failed %')).toHaveValue('10');
    expect(within(form).getByLabelText('Decided devices at least')).toHaveValue('3');
    expect(within(form).getByLabelText('Acknowledgement timeout')).toHaveValue('900');

    const last = within(form).getByLabelText('Stage 3 percentage');
    await user.clear(last);
    await user.type(last, '90');
    const timeout = within(form).getByLabelText('Acknowledgement timeout');
    await user.clear(timeout);
    await user.type(timeout, '10');
    await user.click(within(form).getByRole('button', { name: 'Start rollout' }));
    expect(await within(form).findByText('The last stage must reach 100%')).toBeInTheDocument();
    expect(within(form).getByText('Acknowledgement timeout must be at least 30')).toBeInTheDocument();
    expect(api.callsTo('POST', `${API}/rollouts`)).toHaveLength(0);

    await user.clear(last);
    await user.type(last, '100');
    await user.clear(timeout);
    await user.type(timeout, '600');
    await user.click(within(form).getByRole('button', { name: 'Start rollout' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/rollouts`)).toHaveLength(1));
    expect(api.callsTo('POST', `${API}/rollouts`)[0]!.body).toEqual({
      templateId: TEMPLATE_ID,
      groupId: GROUP_ID,
      stages: [
        { percent: 5, soakSeconds: 3600 },
        { percent: 25, soakSeconds: 3600 },
        { percent: 100, soakSeconds: 3600 },
      ],
      pauseWhen: { failedPercent: 10, minDevices: 3 },
      ackTimeoutSeconds: 600,
    });
    await waitFor(() => expect(currentLocation()).toBe(`/rollout-detail?id=${ROLLOUT_ID}`));
  });

  it('offers no new rollout while one is under way, and links to it', async () => {
    mockApi(routes({ [`GET ${DETAIL}`]: one(group({ activeRolloutId: ROLLOUT_ID })) }));
    renderApp(`/group-detail?id=${GROUP_ID}`);
    expect(await screen.findByRole('link', { name: 'A rollout is under way' })).toHaveAttribute(
      'href',
      `/rollout-detail?id=${ROLLOUT_ID}`,
    );
    expect(screen.getByRole('button', { name: 'Start rollout' })).toBeDisabled();
  });

  it("sends a command to every device of the group: the group's preflight, a confirmation naming the group, then the command's page", async () => {
    const SENT = id(77);
    const api = mockApi(
      routes({
        [`POST ${API}/commands/preflight`]: preflight(12, [{ reason: 'the app cannot read the location', count: 2 }]),
        [`POST ${API}/commands`]: one(command({ _id: SENT, groupId: GROUP_ID, groupName: 'Lobby tablets', total: 12 })),
        [`GET ${API}/commands/${SENT}`]: one(command({ _id: SENT })),
        [`GET ${API}/commands/${SENT}/devices`]: {
          body: { respones_msg: 'OK', data: [], pagination: { page: 1, limit: 25, total: 0 } },
        },
      }),
    );
    const { user } = renderApp(`/group-detail?id=${GROUP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Send command' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Send a command to the 12 devices of Lobby tablets')).toBeInTheDocument();
    await choose(user, 'Command', 'Locate', dialog);
    expect(
      await within(dialog).findByText('2 of 12 cannot be located: the app cannot read the location.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('10 of 12 devices can be located.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${API}/commands/preflight`)[0]!.body).toEqual({ type: 'locate', groupId: GROUP_ID });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Locate the 12 devices of Lobby tablets?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/commands`)).toHaveLength(1));
    expect(api.callsTo('POST', `${API}/commands`)[0]!.body).toEqual({ type: 'locate', groupId: GROUP_ID, params: {} });
    await waitFor(() => expect(currentLocation()).toBe(`/command-detail?id=${SENT}`));
  });

  it("shows a Viewer the group's template as a field to read, without Rename or Apply template", async () => {
    mockApi(routes(detailAs('Viewer')));
    renderApp(`/group-detail?id=${GROUP_ID}`);
    expect(await screen.findByText('Kiosk lobby, version 3 · 12 devices')).toBeInTheDocument();
    expect(await screen.findByLabelText('Template', { selector: 'input' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Apply template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
  });
});
