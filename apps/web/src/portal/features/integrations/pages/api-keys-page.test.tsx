import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { id } from '@/portal/features/fleet/testing/fixtures';
import { shellRoutes } from '@/portal/features/profiles/testing/fixtures';
import { detailAs } from '@/test/members';
import { mockApi } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';
import { API_KEYS, apiKey, list } from '../testing/fixtures';

const ci = apiKey({
  _id: id(32),
  name: 'CI script',
  prefix: 'fdk_Zz90',
  scopes: ['billing:read'],
  createdBy: null,
  lastUsedAt: '2026-11-29T08:15:00.000Z',
  expiresAt: '2026-12-31T22:59:59.999Z',
});

describe('API keys (/api-keys)', () => {
  it('lists the keys: name, first characters, scopes as badges, who made it, last use and expiry ("Never")', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, [`GET ${API_KEYS}`]: list([apiKey(), ci]) });
    renderApp('/api-keys');
    const table = await screen.findByRole('table', { name: 'API keys' });
    await within(table).findByText('Ticketing');
    const [, ticketing, script] = within(table).getAllByRole('row');
    expect(within(ticketing!).getByText('fdk_AbC1…')).toBeInTheDocument();
    expect(within(ticketing!).getByText('devices:read')).toBeInTheDocument();
    expect(within(ticketing!).getByText('commands:write')).toBeInTheDocument();
    expect(within(ticketing!).getByText('Jane Cooper')).toBeInTheDocument();
    // Never used, never expires.
    expect(within(ticketing!).getAllByText('Never')).toHaveLength(2);
    expect(within(script!).getByText('billing:read')).toBeInTheDocument();
    expect(within(script!).getByText('A former member')).toBeInTheDocument();
    expect(within(script!).getByText('29 Nov 2026, 08:15')).toBeInTheDocument();
    expect(within(script!).getByText('31 Dec 2026')).toBeInTheDocument();
    expect(within(script!).queryByText('Never')).not.toBeInTheDocument();
  });

  it('says what a key is for while there is none', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, [`GET ${API_KEYS}`]: list([]) });
    renderApp('/api-keys');
    expect(await screen.findByText(/No API keys yet\. A key lets your own systems/)).toBeInTheDocument();
  });

  it('creates a key, shows it once with a copy button, and the list refreshes', async () => {
    window.localStorage.setItem('token', 'tok');
    let created = false;
    const full = 'fdk_AbC1dEf2gHi3jKl4mNo5pQr6sTu7vWx8yZa9bCd0eF';
    const api = mockApi({
      ...shellRoutes,
      [`GET ${API_KEYS}`]: () => list(created ? [apiKey()] : []),
      [`POST ${API_KEYS}`]: () => {
        created = true;
        return { body: { respones_msg: 'API key created', data: { ...apiKey(), key: full } } };
      },
    });
    const { user } = renderApp('/api-keys');
    await screen.findByText(/No API keys yet/);
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    // Each scope with what it opens.
    expect(
      within(dialog).getByText('Send and cancel remote commands (lock, reboot, ring, locate, lost mode…)'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.paste('Ticketing');
    await user.click(within(dialog).getByRole('checkbox', { name: /devices:read/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /commands:write/ }));
    await user.type(within(dialog).getByLabelText(/Expiry date/), '2099-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    await waitFor(() => expect(api.callsTo('POST', API_KEYS)).toHaveLength(1));
    const body = api.callsTo('POST', API_KEYS)[0]?.body as { name: string; scopes: string[]; expiresAt: string };
    expect(body.name).toBe('Ticketing');
    expect(body.scopes).toEqual(['devices:read', 'commands:write']);
    // The end of the chosen day where the person is.
    expect(new Date(body.expiresAt).getFullYear()).toBe(2099);
    expect(new Date(body.expiresAt).getHours()).toBe(23);

    const shown = await screen.findByRole('dialog', { name: 'API key "Ticketing"' });
    expect(within(shown).getByText('You will not see this key again')).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: 'Your new API key' })).toHaveValue(full);
    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(full);
    // The list asked again: the new key is in it.
    expect(await screen.findByRole('table', { name: 'API keys' })).toHaveTextContent('Ticketing');
    expect(api.callsTo('GET', API_KEYS).length).toBeGreaterThan(1);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(full)).not.toBeInTheDocument();
    // Opened again: a new form, not the key.
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const again = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(again).getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(screen.queryByDisplayValue(full)).not.toBeInTheDocument();
  });

  it("checks the contract's rules before sending: a name and at least one scope", async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...shellRoutes, [`GET ${API_KEYS}`]: list([]) });
    const { user } = renderApp('/api-keys');
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Scopes must name at least one scope')).toBeInTheDocument();
    expect(api.callsTo('POST', API_KEYS)).toHaveLength(0);
  });

  it("shows the server's refusal under the field it names", async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...shellRoutes,
      [`GET ${API_KEYS}`]: list([]),
      [`POST ${API_KEYS}`]: {
        status: 400,
        body: {
          respones_msg: 'name: is already used by another key',
          code: 'E_VALIDATION',
          errors: [{ field: 'name', message: 'is already used by another key' }],
        },
      },
    });
    const { user } = renderApp('/api-keys');
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.click(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.paste('Ticketing');
    await user.click(within(dialog).getByRole('checkbox', { name: /billing:read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect(await within(dialog).findByText('Name is already used by another key')).toBeInTheDocument();
  });

  it('asks before revoking a key, naming it and that integrations using it stop working at once', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${API_KEYS}`]: list([apiKey()]),
      [`DELETE ${API_KEYS}/${id(31)}`]: { body: { respones_msg: 'API key revoked' } },
    });
    const { user } = renderApp('/api-keys');
    await user.click(await screen.findByRole('button', { name: 'Revoke Ticketing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Ticketing?' });
    expect(dialog).toHaveTextContent('Ticketing (fdk_AbC1…)');
    expect(dialog).toHaveTextContent('integrations using it stop working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', `${API_KEYS}/${id(31)}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Ticketing' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke Ticketing?' })).getByRole('button', {
        name: 'Revoke key',
      }),
    );
    await waitFor(() => expect(api.callsTo('DELETE', `${API_KEYS}/${id(31)}`)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET', API_KEYS).length).toBeGreaterThan(1));
  });

  it('shows a list that could not load with Retry', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...shellRoutes,
      [`GET ${API_KEYS}`]: { status: 500, body: { respones_msg: 'Something went wrong', code: 'E_INTERNAL' } },
    });
    renderApp('/api-keys');
    expect(await screen.findByText('The API keys could not load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('API keys and Webhooks in the account menu (account.write: Owners and Admins)', () => {
  it.each(['Owner', 'Admin'] as const)('an %s has both entries', async (role) => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, ...detailAs(role), [`GET ${API_KEYS}`]: list([]) });
    const { user } = renderApp('/change-password');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Webhooks', hidden: true })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'API keys', hidden: true }));
    await waitFor(() => expect(currentLocation()).toBe('/api-keys'));
  });

  it.each(['Technician', 'Billing', 'Viewer'] as const)(
    'a %s has neither, and the pages send them home without asking the server',
    async (role) => {
      window.localStorage.setItem('token', 'tok');
      const api = mockApi({ ...shellRoutes, ...detailAs(role) });
      const { user } = renderApp('/api-keys');
      await waitFor(() => expect(currentLocation()).not.toBe('/api-keys'));
      expect(api.callsTo('GET', API_KEYS)).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: /Account menu/ }));
      expect(await screen.findByRole('menuitem', { name: 'Change Password', hidden: true })).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'API keys', hidden: true })).not.toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'Webhooks', hidden: true })).not.toBeInTheDocument();
    },
  );
});
