import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation, renderApp } from '@/test/render-app';
import { mockApi } from '@/test/mock-api';
import {
  API,
  detailAnswer,
  device,
  deviceAnswer,
  profile,
  PROFILE_ID,
  queriesTo,
  shellRoutes,
} from '../testing/fixtures';

const routesFor = (appName: string) => ({
  ...shellRoutes,
  [`GET ${API}/profile/detail`]: detailAnswer(profile({ appName })),
  [`GET ${API}/profile/device/detail`]: deviceAnswer(device({ appName })),
  [`GET ${API}/profile/applications`]: { body: { respones_msg: 'OK', data: [] } },
});

const tabNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('tab')
    .map((t) => t.textContent);

describe('Profile detail pages', () => {
  it.each([
    ['profile-detail', 'PD', ['Applications', 'Device', 'Advance Setting', 'Pin']],
    [
      'sl-profile-detail',
      'SL',
      ['Applications', 'Cleaner Apps', 'Setting', 'Key Mapper', 'URL', 'Kiosk', 'Power On Boot', 'Device', 'Pin'],
    ],
    ['pc-profile-detail', 'PC', ['Applications', 'Files', 'Settings', 'Device']],
    ['ub-profile-detail', 'UB', ['URL', 'File', 'Devices']],
    ['km-profile-detail', 'KM', ['Key Mapping', 'Devices']],
  ])('%s shows the profile name, Apply and the tabs of spec 2', async (page, appName, tabs) => {
    window.localStorage.setItem('token', 'tok');
    mockApi(routesFor(appName));
    renderApp(`/${page}?profile_id=${PROFILE_ID}`);

    const header = await screen.findByTestId('profile-header');
    expect(within(header).getByRole('heading', { name: 'R58N123ABC' })).toBeInTheDocument();
    expect(within(header).getByText(/Front desk tablet/)).toBeInTheDocument();
    expect(within(header).getByText(appName)).toBeInTheDocument();
    expect(within(header).getByText('Online')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(within(header).getByText('Device up to date (v3)')).toBeInTheDocument();

    const list = screen.getByRole('tablist', { name: 'Profile sections' });
    expect(tabNames(list)).toEqual(tabs);
    expect(within(list).getByRole('tab', { name: tabs[0] })).toHaveAttribute('aria-selected', 'true');
  });

  it('Super Lock: Cleaner Apps has the subtabs Applications, Files and Settings; the tabs live in the URL', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi(routesFor('SL'));
    const { user } = renderApp(`/sl-profile-detail?profile_id=${PROFILE_ID}`);
    const list = await screen.findByRole('tablist', { name: 'Profile sections' });
    await user.click(within(list).getByRole('tab', { name: 'Cleaner Apps' }));

    const sub = await screen.findByRole('tablist', { name: 'Cleaner Apps sections' });
    expect(tabNames(sub)).toEqual(['Applications', 'Files', 'Settings']);
    expect(currentLocation()).toBe(`/sl-profile-detail?profile_id=${PROFILE_ID}&tab=cleaner-apps`);
    // The cleaner list is Super Lock's own.
    await screen.findByText('Cleaner applications');
    expect(queriesTo(api.fetchMock, `${API}/profile/applications`).at(-1)?.get('productType')).toBe('Super Lock');

    await user.click(within(sub).getByRole('tab', { name: 'Settings' }));
    expect(currentLocation()).toBe(`/sl-profile-detail?profile_id=${PROFILE_ID}&tab=cleaner-apps&sub=settings`);
    // A tab other than the first loads its code when first shown (lazy-tabs.ts).
    expect(await screen.findByRole('switch', { name: 'Clear browser cookies' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Clear call logs' })).not.toBeChecked();
  });

  it('brings the selected tab into view when the URL names one or on a switch, not for the first tab at first', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(routesFor('SL'));
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const first = renderApp(`/sl-profile-detail?profile_id=${PROFILE_ID}`);
    const list = await screen.findByRole('tablist', { name: 'Profile sections' });
    await screen.findByText(/Switch an app off/);
    expect(scrolled).not.toHaveBeenCalled();
    await first.user.click(within(list).getByRole('tab', { name: 'Kiosk' }));
    await waitFor(() => expect(scrolled.mock.contexts.at(-1)).toHaveTextContent('Kiosk'));
    first.unmount();

    scrolled.mockClear();
    renderApp(`/sl-profile-detail?profile_id=${PROFILE_ID}&tab=power-on-boot`);
    await waitFor(() => expect(scrolled.mock.contexts.at(-1)).toHaveTextContent('Power On Boot'));
    scrolled.mockRestore();
  });

  it('opens the tab named in the URL (a reload keeps it)', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(routesFor('SL'));
    renderApp(`/sl-profile-detail?profile_id=${PROFILE_ID}&tab=power-on-boot`);
    const list = await screen.findByRole('tablist', { name: 'Profile sections' });
    expect(within(list).getByRole('tab', { name: 'Power On Boot' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('switch', { name: /Enable Power On Boot/ })).toBeInTheDocument();
  });

  it('Device tab shows every field of the device and logs it out after confirmation', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...routesFor('KM'),
      [`GET ${API}/device/logout`]: {
        body: { respones_msg: 'Device logged out successfully.', data: { loggedOut: 1 } },
      },
      [`GET ${API}/profile/list`]: {
        body: { respones_msg: 'OK', data: [], pagination: { page: 1, limit: 25, total: 0 } },
      },
    });
    const { user } = renderApp(`/km-profile-detail?profile_id=${PROFILE_ID}&tab=devices`);
    const fields = await screen.findByTestId('device-fields');
    for (const [label, value] of [
      ['Serial Number', 'R58N123ABC'],
      ['Device Name', 'Front desk tablet'],
      ['App Name', 'KM'],
      ['App Version Code', '412'],
      ['Battery Level', '87%'],
      ['Device Model', 'SM-T510'],
      ['Local IP Address', '192.168.1.20'],
      ['MAC Address', 'AA:BB:CC:DD:EE:FF'],
      ['OS Version', 'Android 13'],
      ['Location', '51.50740, -0.12780 (±12 m)'],
      ['Remote Commands', 'Lock, Reboot, Clear app data, Ring, Locate, Lost mode, Sync'],
    ]) {
      const label_ = within(fields).getByText(label!);
      expect(label_.parentElement).toHaveTextContent(value!);
    }
    expect(within(fields).getByText('App Installation Date').parentElement).toHaveTextContent(/Mar 2025/);

    await user.click(screen.getByRole('button', { name: 'Logout device' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    expect(api.callsTo('GET', `${API}/device/logout`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, log it out' }));
    await waitFor(() => expect(currentLocation()).toBe('/profiles'));
    expect(queriesTo(api.fetchMock, `${API}/device/logout`)[0]?.get('serialNumber')).toBe('R58N123ABC');
    expect(await screen.findByText('Device logged out successfully.')).toBeInTheDocument();
  });

  it('says so when the link names no profile', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(shellRoutes);
    renderApp('/profile-detail');
    expect(await screen.findByText('No device chosen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Devices' })).toHaveAttribute('href', '/profiles');
  });

  it('shows the load error with Retry when the profile cannot be found', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...shellRoutes,
      [`GET ${API}/profile/detail`]: {
        status: 404,
        body: { respones_msg: 'Profile not found.', code: 'E_PROFILE_NOT_FOUND' },
      },
    });
    renderApp(`/profile-detail?profile_id=${PROFILE_ID}`);
    expect(await screen.findByText('The device profile could not load')).toBeInTheDocument();
    expect(screen.getByText('Profile not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
