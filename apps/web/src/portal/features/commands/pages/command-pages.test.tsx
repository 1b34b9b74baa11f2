import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { shellRoutes } from '@/portal/features/profiles/testing/fixtures';
import { choose } from '@/portal/features/fleet/testing/select';
import { mockApi } from '@/test/mock-api';
import { queriesTo } from '@/test/queries';
import { renderApp } from '@/test/render-app';
import { COMMAND_POLL_MS } from '../api/get-command';
import { API, command, COMMAND_ID, commandDevice, counts, id, one, page } from '../testing/fixtures';

const DETAIL = `${API}/commands/${COMMAND_ID}`;
const DEVICES = `${DETAIL}/devices`;

describe('Commands (/commands)', () => {
  it('lists each command with what it does, its target, its devices by state and who sent it; filters by type on the server', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${API}/commands`]: page(
        [
          command({ type: 'lock', params: { message: 'Return to reception' } }),
          command({
            _id: id(2),
            type: 'ring',
            params: { seconds: 45 },
            groupId: id(9),
            groupName: 'Lobby tablets',
            total: 1200,
            counts: counts({ succeeded: 1000, expired: 12, unsupported: 188 }),
            createdBy: 'ops@acme.test (staff)',
          }),
        ],
        40,
      ),
    });
    const { user } = renderApp('/commands');
    const table = await screen.findByRole('table', { name: 'Commands' });
    await within(table).findByRole('link', { name: 'Lock' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Lock' })).toHaveAttribute(
      'href',
      `/command-detail?id=${COMMAND_ID}`,
    );
    expect(first).toHaveTextContent('Locks the screen showing "Return to reception"');
    expect(first).toHaveTextContent('5 devices');
    const firstCounts = within(first!).getByRole('list', { name: 'Devices of Lock by state' });
    expect(
      within(firstCounts)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['2 queued', '2 succeeded', '1 unsupported']);
    expect(first).toHaveTextContent('jane@acme.test');
    expect(second).toHaveTextContent('Rings for 45 seconds');
    expect(second).toHaveTextContent('Lobby tablets (1,200 devices)');
    expect(second).toHaveTextContent('1,000 succeeded');
    expect(second).toHaveTextContent('ops@acme.test (staff)');
    expect(queriesTo(api.fetchMock, `${API}/commands`).at(-1)?.get('page')).toBe('1');

    await choose(user, 'Type', 'Reboot');
    await waitFor(() => expect(queriesTo(api.fetchMock, `${API}/commands`).at(-1)?.get('type')).toBe('reboot'));
  });
  it("lists the commands one device received (its Commands menu's link), until asked for every command", async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...shellRoutes, [`GET ${API}/commands`]: page([command()]) });
    const { user } = renderApp(`/commands?profileId=${id(7)}`);
    expect(await screen.findByText('The commands one device received.')).toBeInTheDocument();
    await waitFor(() => expect(queriesTo(api.fetchMock, `${API}/commands`).at(-1)?.get('profileId')).toBe(id(7)));
    await user.click(screen.getByRole('button', { name: 'Show every command' }));
    await waitFor(() => expect(queriesTo(api.fetchMock, `${API}/commands`).at(-1)?.has('profileId')).toBe(false));
    expect(screen.queryByText('The commands one device received.')).toBeNull();
  });
});

describe('Command detail (/command-detail?id=)', () => {
  it('shows counts, expiry, who and the params in words, each device with its state, channel and result; a located device links to the map', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${DETAIL}`]: one(command()),
      [`GET ${DEVICES}`]: page([
        commandDevice(1, 'succeeded', { result: { latitude: 51.5074, longitude: -0.1278, accuracy: 12 } }),
        commandDevice(2, 'failed', { message: 'Location is switched off' }),
        commandDevice(3, 'queued'),
        commandDevice(4, 'unsupported', { message: 'the app cannot read the location' }),
      ]),
    });
    const { user } = renderApp(`/command-detail?id=${COMMAND_ID}`);
    expect(await screen.findByText('Reports where the device is.')).toBeInTheDocument();
    expect(screen.getByText(/To 5 devices · sent .* by jane@acme.test/)).toBeInTheDocument();
    expect(screen.getByText(/Expired 01 Feb 2026/)).toBeInTheDocument();
    const badges = within(screen.getByRole('list', { name: 'Devices by state' })).getAllByRole('listitem');
    expect(badges.map((b) => b.textContent)).toEqual(['2 queued', '2 succeeded', '1 unsupported']);

    const table = await screen.findByRole('table', { name: 'Devices' });
    const located = (await within(table).findByText('SN-1')).closest('tr')!;
    expect(within(located).getByText('Succeeded')).toBeInTheDocument();
    expect(within(located).getByText('Long poll')).toBeInTheDocument();
    expect(within(located).getByText('51.50740, -0.12780 (±12 m)')).toBeInTheDocument();
    expect(within(located).getByRole('link', { name: 'Show on map' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=51.5074&mlon=-0.1278#map=16/51.5074/-0.1278',
    );
    const failed = within(table).getByText('SN-2').closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Location is switched off')).toBeInTheDocument();
    expect(within(failed).queryByRole('link', { name: 'Show on map' })).toBeNull();
    expect(within(within(table).getByText('SN-4').closest('tr')!).getByText('Unsupported')).toBeInTheDocument();

    await choose(user, 'Device state', 'Failed');
    await waitFor(() => expect(queriesTo(api.fetchMock, DEVICES).at(-1)?.get('state')).toBe('failed'));
  });

  it('cancels only after asking, naming the devices that have not received it yet', async () => {
    window.localStorage.setItem('token', 'tok');
    let current = command({ counts: counts({ queued: 3, delivered: 1, succeeded: 1 }) });
    const api = mockApi({
      ...shellRoutes,
      [`GET ${DETAIL}`]: () => one(current),
      [`GET ${DEVICES}`]: page([commandDevice(1, 'queued')]),
      [`POST ${DETAIL}/cancel`]: () => {
        current = command({ counts: counts({ cancelled: 3, delivered: 1, succeeded: 1 }) });
        return { body: { respones_msg: 'Command cancelled for 3 devices', data: current, cancelled: 3 } };
      },
    });
    const { user } = renderApp(`/command-detail?id=${COMMAND_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel the command for the 3 devices that have not received it yet?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.callsTo('POST', `${DETAIL}/cancel`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the command' }));
    await waitFor(() => expect(api.callsTo('POST', `${DETAIL}/cancel`)).toHaveLength(1));
    const badges = screen.getByRole('list', { name: 'Devices by state' });
    await waitFor(() => expect(badges).toHaveTextContent('3 cancelled'));
    // Nothing is left to cancel once every undelivered row is cancelled.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull());
  });

  it('asks again while rows are not counted yet or devices are queued or delivered, and stops once every row is final', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      window.localStorage.setItem('token', 'tok');
      // Just sent: fanned out, but its rows not in the counts yet.
      let current = command({ total: 2, counts: counts() });
      const api = mockApi({
        ...shellRoutes,
        [`GET ${DETAIL}`]: () => one(current),
        [`GET ${DEVICES}`]: page([commandDevice(1, 'delivered')]),
      });
      renderApp(`/command-detail?id=${COMMAND_ID}`);
      expect(await screen.findByText('No devices yet')).toBeInTheDocument();
      current = command({ total: 2, counts: counts({ delivered: 1, succeeded: 1 }) });
      await vi.advanceTimersByTimeAsync(COMMAND_POLL_MS + 100);
      expect(await screen.findByText('1 delivered')).toBeInTheDocument();
      current = command({ total: 2, counts: counts({ succeeded: 2 }) });
      await vi.advanceTimersByTimeAsync(COMMAND_POLL_MS + 100);
      expect(await screen.findByText('2 succeeded')).toBeInTheDocument();
      const asked = api.callsTo('GET', DETAIL).length;
      await vi.advanceTimersByTimeAsync(3 * COMMAND_POLL_MS);
      expect(api.callsTo('GET', DETAIL)).toHaveLength(asked);
    } finally {
      vi.useRealTimers();
    }
  });
});
