import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/shared/app/provider';
import { createQueryClient } from '@/shared/lib/query-client';
import { mockApi } from '@/test/mock-api';
import { API, GROUP_ID, one, page, rollout, TEMPLATE_2_ID, templateChoices } from '../testing/fixtures';
import { group } from '../testing/fixtures';
import { choose } from '../testing/select';
import { StartRolloutForm } from './start-rollout-form';

// From a template's page (helper C1's templates pages): the template is given, the group is chosen in the form.
describe('StartRolloutForm from a template', () => {
  it('asks for a group of the family, then sends the version typed and the chosen group', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      [`GET ${API}/templates`]: templateChoices,
      [`GET ${API}/groups`]: page([group()], 1, 50),
      [`POST ${API}/rollouts`]: one(rollout()),
    });
    const onStarted = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <AppProvider queryClient={createQueryClient()}>
        <MemoryRouter>
          <StartRolloutForm
            target={{ family: 'PD', templateId: TEMPLATE_2_ID }}
            onStarted={onStarted}
            onCancel={vi.fn()}
          />
        </MemoryRouter>
      </AppProvider>,
    );
    const form = await screen.findByRole('form', { name: 'Start a rollout' });
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Template/, { selector: 'input' })).toHaveValue('Front desk (version 5)'),
    );
    await user.click(within(form).getByRole('button', { name: 'Start rollout' }));
    expect(await within(form).findByText('Choose a group')).toBeInTheDocument();
    expect(api.callsTo('POST', `${API}/rollouts`)).toHaveLength(0);

    await choose(user, /^Group/, 'Lobby tablets (PD)', form);
    expect(api.calls.find((c) => c.path === `${API}/groups`)).toBeDefined();
    await user.type(within(form).getByLabelText('Version'), '4');
    await user.click(within(form).getByRole('button', { name: 'Remove stage 2' }));
    await user.click(within(form).getByRole('button', { name: 'Start rollout' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/rollouts`)).toHaveLength(1));
    expect(api.callsTo('POST', `${API}/rollouts`)[0]!.body).toEqual({
      templateId: TEMPLATE_2_ID,
      version: 4,
      groupId: GROUP_ID,
      stages: [
        { percent: 5, soakSeconds: 3600 },
        { percent: 100, soakSeconds: 3600 },
      ],
      pauseWhen: { failedPercent: 10, minDevices: 3 },
      ackTimeoutSeconds: 900,
    });
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(rollout()));
  });

  it("puts the server's refusal (one rollout per group, 409) in front of the person", async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      [`GET ${API}/templates`]: templateChoices,
      [`GET ${API}/groups`]: page([group()], 1, 50),
      [`POST ${API}/rollouts`]: {
        status: 409,
        body: { respones_msg: 'Lobby tablets already has a rollout under way.', code: 'E_CONFLICT' },
      },
    });
    const user = userEvent.setup({ delay: null });
    render(
      <AppProvider queryClient={createQueryClient()}>
        <MemoryRouter>
          <StartRolloutForm
            target={{ family: 'PD', groupId: GROUP_ID, templateId: TEMPLATE_2_ID }}
            onStarted={vi.fn()}
            onCancel={vi.fn()}
          />
        </MemoryRouter>
      </AppProvider>,
    );
    const form = await screen.findByRole('form', { name: 'Start a rollout' });
    // From a group's page the group is given: no group field.
    expect(within(form).queryByLabelText('Group', { selector: 'input' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Start rollout' }));
    expect(await screen.findByText('Lobby tablets already has a rollout under way.')).toBeInTheDocument();
  });
});
