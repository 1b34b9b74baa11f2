import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shellRoutes } from '@/portal/features/profiles/testing/fixtures';
import { mockApi } from '@/test/mock-api';
import { queriesTo } from '@/test/queries';
import { renderApp } from '@/test/render-app';
import { API, counts, GROUP_ID, id, one, page, rollout, rolloutDevice, ROLLOUT_ID } from '../testing/fixtures';
import { choose } from '../testing/select';

const DETAIL = `${API}/rollouts/${ROLLOUT_ID}`;
const DEVICES = `${DETAIL}/devices`;
const PAUSED = rollout({
  state: 'paused',
  pausedReason: '3 of 10 devices failed to apply version 4 (30% ≥ 10%)',
});

describe('Rollouts (/rollouts)', () => {
  it('lists each rollout with its template version, group, state and progress, filtered by state on the server', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${API}/rollouts`]: page([
        rollout(),
        rollout({ _id: id(2), state: 'completed', groupName: 'Warehouse' }),
        rollout({ _id: id(3), state: 'rolled_back', counts: counts(0, 0, 0, 8, 4) }),
      ]),
    });
    const { user } = renderApp('/rollouts');
    const table = await screen.findByRole('table', { name: 'Rollouts' });
    const link = await within(table).findAllByRole('link', { name: 'Kiosk lobby, version 4' });
    expect(link[0]).toHaveAttribute('href', `/rollout-detail?id=${ROLLOUT_ID}`);
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Running')).toBeInTheDocument();
    expect(within(first!).getByText('Lobby tablets')).toBeInTheDocument();
    expect(within(first!).getByText('2 succeeded · 1 failed · 1 pending · 8 waiting')).toBeInTheDocument();
    expect(within(second!).getByText('Completed')).toBeInTheDocument();
    // The devices a rollback restored are counted as such, not as nothing.
    expect(
      within(third!).getByText('0 succeeded · 0 failed · 0 pending · 8 waiting · 4 rolled back'),
    ).toBeInTheDocument();

    await choose(user, 'State', 'Paused');
    await waitFor(() => expect(queriesTo(api.fetchMock, `${API}/rollouts`).at(-1)?.get('state')).toBe('paused'));
  });
});

describe('Rollout detail (/rollout-detail?id=)', () => {
  it('shows the state, each stage as a bar with succeeded / failed / pending, and the devices with their failure messages', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${DETAIL}`]: one(rollout()),
      [`GET ${DEVICES}`]: page([
        rolloutDevice(1, 'succeeded'),
        rolloutDevice(2, 'failed', 'Kiosk app not installed'),
        rolloutDevice(3, 'pending'),
      ]),
    });
    const { user } = renderApp(`/rollout-detail?id=${ROLLOUT_ID}`);
    expect(await screen.findByText('Kiosk lobby, version 4')).toBeInTheDocument();
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lobby tablets' })).toHaveAttribute('href', `/group-detail?id=${GROUP_ID}`);

    const stages = within(screen.getByRole('list', { name: 'Stages' })).getAllByRole('listitem');
    expect(stages).toHaveLength(3);
    expect(stages[0]).toHaveTextContent('Stage 1: 5% · 1 device');
    expect(stages[0]).toHaveTextContent('1 succeeded · 0 failed · 0 pending');
    expect(stages[1]).toHaveTextContent('Stage 2: 25% · 3 devices');
    expect(stages[1]).toHaveTextContent('Current');
    expect(stages[1]).toHaveTextContent('1 succeeded · 1 failed · 1 pending');
    expect(stages[2]).toHaveTextContent('Not started');
    expect(stages[2]).toHaveTextContent('soak 30 min');
    expect(within(stages[1]!).getByRole('img', { name: 'Stage 2 progress' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    const table = await screen.findByRole('table', { name: 'Devices' });
    const failed = (await within(table).findByText('SERIAL-2')).closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Kiosk app not installed')).toBeInTheDocument();

    await choose(user, 'Device state', 'Failed');
    await waitFor(() => expect(queriesTo(api.fetchMock, DEVICES).at(-1)?.get('state')).toBe('failed'));
    // Cancel and roll back are offered while running; resume only when paused.
    expect(screen.getByRole('button', { name: 'Cancel rollout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Roll back' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('shows why a paused rollout stopped and resumes it after asking', async () => {
    window.localStorage.setItem('token', 'tok');
    let current = PAUSED;
    const api = mockApi({
      ...shellRoutes,
      [`GET ${DETAIL}`]: () => one(current),
      [`GET ${DEVICES}`]: page([]),
      [`POST ${DETAIL}/resume`]: () => {
        current = rollout();
        return { body: { respones_msg: 'Rollout resumed', data: current } };
      },
    });
    const { user } = renderApp(`/rollout-detail?id=${ROLLOUT_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Paused');
    expect(alert).toHaveTextContent('3 of 10 devices failed to apply version 4 (30% ≥ 10%)');

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Resume the rollout?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Stage 2 continues: more devices get version 4 of Kiosk lobby');
    await user.click(within(dialog).getByRole('button', { name: 'Keep as it is' }));
    expect(api.callsTo('POST', `${DETAIL}/resume`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(api.callsTo('POST', `${DETAIL}/resume`)).toHaveLength(1));
    // The rollout shown is the one answered: running again, no reason.
    expect(await screen.findByText('Running')).toBeInTheDocument();
    expect(screen.queryByText(/3 of 10 devices failed/)).toBeNull();
  });

  it('cancels and rolls back only after naming what each does', async () => {
    window.localStorage.setItem('token', 'tok');
    let current = PAUSED;
    const answer = (state: 'cancelled' | 'rolled_back') => () => {
      current = rollout({ state });
      return { body: { respones_msg: 'Done', data: current } };
    };
    const api = mockApi({
      ...shellRoutes,
      [`GET ${DETAIL}`]: () => one(current),
      [`GET ${DEVICES}`]: page([]),
      [`POST ${DETAIL}/cancel`]: answer('cancelled'),
      [`POST ${DETAIL}/rollback`]: answer('rolled_back'),
    });
    const { user } = renderApp(`/rollout-detail?id=${ROLLOUT_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel rollout' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('No further device gets version 4. The 4 devices that received it keep it');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel rollout' }));
    await waitFor(() => expect(api.callsTo('POST', `${DETAIL}/cancel`)).toHaveLength(1));
    expect(
      await within(screen.getByText('Kiosk lobby, version 4').parentElement!).findByText('Cancelled'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Cancel rollout' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Roll back' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'The 4 devices that received version 4 get the settings they had before the rollout again',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(api.callsTo('POST', `${DETAIL}/rollback`)).toHaveLength(1));
    const title = screen.getByText('Kiosk lobby, version 4');
    expect(await within(title.parentElement!).findByText('Rolled back')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Roll back' })).toBeNull());
  });
});
