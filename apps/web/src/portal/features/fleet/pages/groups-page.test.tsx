import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shellRoutes } from '@/portal/features/profiles/testing/fixtures';
import { mockApi } from '@/test/mock-api';
import { queriesTo } from '@/test/queries';
import { currentLocation, renderApp } from '@/test/render-app';
import { API, GROUP_ID, group, id, one, page, TEMPLATE_ID, templateChoices } from '../testing/fixtures';
import { choose } from '../testing/select';

const GROUPS = `${API}/groups`;

describe('Groups (/groups)', () => {
  it('lists each group with its family, template and version, devices and drift, paged and filtered on the server', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${GROUPS}`]: page(
        [
          group(),
          group({
            _id: id(2),
            name: 'Warehouse',
            family: 'SL',
            templateId: null,
            templateName: null,
            templateVersion: null,
            deviceCount: 0,
            driftCount: 0,
          }),
        ],
        2,
      ),
    });
    const { user } = renderApp('/groups');
    const table = await screen.findByRole('table', { name: 'Groups' });
    await within(table).findByText('Lobby tablets');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Family', 'Template', 'Devices', 'Drift']);
    const [, lobby, warehouse] = within(table).getAllByRole('row');
    expect(within(lobby!).getByRole('link', { name: 'Lobby tablets' })).toHaveAttribute(
      'href',
      `/group-detail?id=${GROUP_ID}`,
    );
    expect(within(lobby!).getByText('Kiosk lobby, version 3')).toBeInTheDocument();
    expect(within(lobby!).getByText('12')).toBeInTheDocument();
    expect(within(lobby!).getByText('2 drifting')).toBeInTheDocument();
    expect(within(warehouse!).getByText('No template')).toBeInTheDocument();
    expect(within(warehouse!).getByText('In line')).toBeInTheDocument();
    expect(Object.fromEntries(queriesTo(api.fetchMock, GROUPS)[0]!)).toEqual({ page: '1', limit: '25' });

    await choose(user, 'Family', /Super Lock \(SL\)/);
    await waitFor(() => expect(queriesTo(api.fetchMock, GROUPS).at(-1)?.get('family')).toBe('SL'));
    await user.type(screen.getByRole('textbox', { name: 'Find a group' }), 'ware');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queriesTo(api.fetchMock, GROUPS).at(-1)?.get('search')).toBe('ware'));
  });

  it('creates a group of a family with a template of that family, checking the name first, then opens it', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${GROUPS}`]: page([]),
      [`GET ${API}/templates`]: templateChoices,
      [`POST ${GROUPS}`]: { body: { respones_msg: 'Group created', data: group({ deviceCount: 0 }) } },
      [`GET ${GROUPS}/${GROUP_ID}`]: one(group({ deviceCount: 0 })),
    });
    const { user } = renderApp('/groups');
    await user.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(api.callsTo('POST', GROUPS)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Lobby tablets ');
    await choose(user, 'Template', 'Kiosk lobby (version 3)', dialog);
    // The templates offered are the family's.
    expect(queriesTo(api.fetchMock, `${API}/templates`).at(-1)?.get('family')).toBe('PD');
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(api.callsTo('POST', GROUPS)).toHaveLength(1));
    expect(api.callsTo('POST', GROUPS)[0]!.body).toEqual({
      name: 'Lobby tablets',
      family: 'PD',
      templateId: TEMPLATE_ID,
    });
    await waitFor(() => expect(currentLocation()).toBe(`/group-detail?id=${GROUP_ID}`));
  });

  it('sits in the sidebar under Devices, with Templates and Rollouts', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, [`GET ${GROUPS}`]: page([]) });
    renderApp('/groups');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent?.trim());
    const devices = labels.indexOf('Devices');
    expect(labels.slice(devices, devices + 4)).toEqual(['Devices', 'Groups', 'Templates', 'Rollouts']);
    expect(within(nav).getByRole('link', { name: /Rollouts/ })).toHaveAttribute('href', '/rollouts');
    expect(within(nav).getByRole('link', { name: /Templates/ })).toHaveAttribute('href', '/templates');
  });

  it('says so when the groups cannot load, with Retry', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, [`GET ${GROUPS}`]: { status: 503, body: { respones_msg: 'Try again later' } } });
    renderApp('/groups');
    expect(await screen.findByText('The groups could not load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });
});
