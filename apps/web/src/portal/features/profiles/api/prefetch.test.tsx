import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadSignedIn } from '@/portal/app/router';
import { createQueryClient } from '@/shared/lib/query-client';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import {
  API,
  detailAnswer,
  device,
  deviceAnswer,
  listAnswer,
  listItem,
  profile,
  PROFILE_ID,
  queriesTo,
  shellRoutes,
} from '../testing/fixtures';

const LIST = `${API}/profile/list`;
const DETAIL = `${API}/profile/detail`;
const DEVICE = `${API}/profile/device/detail`;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * A first visit straight to a device page (main.tsx: `preloadSignedIn` before the first render) asks for the page's
 * data beside its chunk; the page then renders from that answer: one call each, with the URL's filters.
 */
describe('first-visit prefetch of the device pages', () => {
  it('/profiles: the list the URL names is asked for once, and the page shows it', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${LIST}`]: listAnswer([listItem(id(1), 'PD'), listItem(id(2), 'SL')], 60, 2, 50),
    });
    const search = '?search=SERIAL&appName=PD&page=2&limit=50&sort=name&order=desc&unknown=1';
    const queryClient = createQueryClient();
    preloadSignedIn('/profiles', search, queryClient);
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(1));

    renderApp(`/profiles${search}`, { queryClient });
    const table = await screen.findByRole('table', { name: 'Devices' });
    await within(table).findByText('SERIAL-PD');
    expect(api.callsTo('GET', LIST)).toHaveLength(1);
    const [query] = queriesTo(api.fetchMock, LIST);
    expect(Object.fromEntries(query!)).toEqual({
      search: 'SERIAL',
      appName: 'PD',
      page: '2',
      limit: '50',
      sort: 'name',
      order: 'desc',
    });
  });

  it('/profiles with a value the schema refuses: the prefetch falls back to the default, as the page does', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...shellRoutes, [`GET ${LIST}`]: listAnswer([listItem(id(1), 'PD')]) });
    const search = '?limit=-3&sort=nonsense';
    const queryClient = createQueryClient();
    preloadSignedIn('/profiles', search, queryClient);
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(1));

    renderApp(`/profiles${search}`, { queryClient });
    await within(await screen.findByRole('table', { name: 'Devices' })).findByText('SERIAL-PD');
    expect(api.callsTo('GET', LIST)).toHaveLength(1);
    const [query] = queriesTo(api.fetchMock, LIST);
    expect(query!.get('limit')).toBe('25');
    expect(query!.get('sort')).toBe('created_at');
  });

  it('a profile page: the profile and the apps of its first tab are asked for once each', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${DETAIL}`]: detailAnswer(profile({ appName: 'PD' })),
      [`GET ${DEVICE}`]: deviceAnswer(device({ appName: 'PD' })),
    });
    const search = `?profile_id=${PROFILE_ID}`;
    const queryClient = createQueryClient();
    preloadSignedIn('/profile-detail', search, queryClient);
    await waitFor(() => expect(api.callsTo('GET', DEVICE)).toHaveLength(1));
    expect(api.callsTo('GET', DETAIL)).toHaveLength(1);

    renderApp(`/profile-detail${search}`, { queryClient });
    await screen.findByRole('tablist', { name: 'Profile sections' });
    expect(await screen.findByRole('tab', { name: 'Applications', selected: true })).toBeInTheDocument();
    await screen.findByText('com.android.chrome');
    expect(api.callsTo('GET', DETAIL)).toHaveLength(1);
    expect(api.callsTo('GET', DEVICE)).toHaveLength(1);
    expect(Object.fromEntries(queriesTo(api.fetchMock, DEVICE)[0]!)).toEqual({
      profileId: PROFILE_ID,
      showSystemApp: 'false',
    });
  });

  it('a profile page on another tab, or without a valid id: nothing the page would not ask for', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...shellRoutes, [`GET ${DETAIL}`]: detailAnswer(profile({ appName: 'PD' })) });
    const queryClient = createQueryClient();
    preloadSignedIn('/profile-detail', `?profile_id=${PROFILE_ID}&tab=pin`, queryClient);
    preloadSignedIn('/sl-profile-detail', '?profile_id=not-an-id', queryClient);
    await waitFor(() => expect(api.callsTo('GET', DETAIL)).toHaveLength(1));
    // The frame's own calls settle too; then nothing else was asked.
    await waitFor(() => expect(api.callsTo('GET', `${API}/users/detail`).length).toBeGreaterThan(0));
    expect(api.callsTo('GET', DEVICE)).toHaveLength(0);
    expect(queriesTo(api.fetchMock, DETAIL)[0]!.get('profileId')).toBe(PROFILE_ID);
  });

  it('without a token (signed out): nothing is asked for', async () => {
    window.localStorage.removeItem('token');
    const api = mockApi({ ...shellRoutes });
    preloadSignedIn('/profiles', '', createQueryClient());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toHaveLength(0);
  });
});
