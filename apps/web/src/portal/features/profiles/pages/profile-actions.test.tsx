import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRunningFakeClock, waitForRealTime } from '@/test/clock';
import { mockApi, type RecordedCall } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';
import { SYNC_REFRESH_MS } from '../components/device-applications-tab';
import { APPLY_POLL_MS } from '../api/get-profile-detail';
import {
  API,
  detailAnswer,
  device,
  deviceAnswer,
  deviceApp,
  profile,
  plansAnswer,
  PROFILE_ID,
  queriesTo,
  shellRoutes,
} from '../testing/fixtures';

describe('Profile detail: applications, Apply, licence redirect', () => {
  it('toggling an app switch sends profile/device/application/update and shows the pending choice until applied', async () => {
    window.localStorage.setItem('token', 'tok');
    let reported = device();
    const api = mockApi({
      ...shellRoutes,
      [`GET ${API}/profile/detail`]: detailAnswer(profile()),
      [`GET ${API}/profile/device/detail`]: () => deviceAnswer(reported),
      [`POST ${API}/profile/device/application/update`]: (call: RecordedCall) => {
        const body = call.body as { packageName: string; app_disable: boolean };
        reported = device({
          applications: reported.applications.map((a) =>
            a.package_name === body.packageName ? { ...a, desired_disable: body.app_disable } : a,
          ),
        });
        const app = reported.applications.find((a) => a.package_name === body.packageName);
        return { body: { respones_msg: 'Application updated. Press Apply to send it to the device.', data: app } };
      },
    });
    const { user } = renderApp(`/profile-detail?profile_id=${PROFILE_ID}`);

    const chrome = await screen.findByRole('switch', { name: 'Enable Chrome on the device' });
    expect(chrome).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Enable Facebook on the device' })).not.toBeChecked();
    expect(screen.getByText('2 of 2 applications')).toBeInTheDocument();

    await user.click(chrome);
    await waitFor(() => expect(api.callsTo('POST', `${API}/profile/device/application/update`)).toHaveLength(1));
    expect(api.callsTo('POST', `${API}/profile/device/application/update`)[0]?.body).toEqual({
      profileId: PROFILE_ID,
      packageName: 'com.android.chrome',
      app_disable: true,
    });
    expect(await screen.findByText('Application updated. Press Apply to send it to the device.')).toBeInTheDocument();
    expect(await screen.findByText('Disable pending')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enable Chrome on the device' })).not.toBeChecked();
  });

  it('sends the filters, the search and the system-app switch to profile/device/detail', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${API}/profile/detail`]: detailAnswer(profile()),
      [`GET ${API}/profile/device/detail`]: deviceAnswer(
        device({ applications: [deviceApp('com.android.settings', 'Settings', { application_type: 1 })] }),
      ),
    });
    const { user } = renderApp(`/profile-detail?profile_id=${PROFILE_ID}`);
    await screen.findByRole('switch', { name: 'Enable Settings on the device' });
    const last = () => queriesTo(api.fetchMock, `${API}/profile/device/detail`).at(-1)!;
    expect(last().get('profileId')).toBe(PROFILE_ID);
    expect(last().get('showSystemApp')).toBe('false');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Disabled');
    await waitFor(() => expect(last().get('applicationStatus')).toBe('Disabled'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Install status' }), 'Uninstalled');
    await waitFor(() => expect(last().get('applicationInstallStatus')).toBe('Uninstalled'));
    await user.click(screen.getByRole('switch', { name: 'Show system apps' }));
    await waitFor(() => expect(last().get('showSystemApp')).toBe('true'));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'sett');
    await waitFor(() => expect(last().get('packageName')).toBe('sett'));
    expect(screen.getByText('System')).toBeInTheDocument();
  });

  it('Sync asks the device for its list, then fetches it again', async () => {
    useRunningFakeClock();
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${API}/profile/detail`]: detailAnswer(profile()),
      [`GET ${API}/profile/device/detail`]: deviceAnswer(device({ applications: [], applicationsTotal: 0 })),
      [`GET ${API}/profile/device/application/sync`]: {
        body: {
          respones_msg: 'Sync requested.',
          data: { profileId: PROFILE_ID, requestedAt: new Date().toISOString() },
        },
      },
    });
    const { user } = renderApp(`/profile-detail?profile_id=${PROFILE_ID}`);
    expect(
      await screen.findByText('The device has not reported its applications yet. Press Sync to ask for them.'),
    ).toBeInTheDocument();
    const before = api.callsTo('GET', `${API}/profile/device/detail`).length;
    await user.click(screen.getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Sync requested.')).toBeInTheDocument();
    expect(queriesTo(api.fetchMock, `${API}/profile/device/application/sync`)[0]?.get('profileId')).toBe(PROFILE_ID);
    expect(screen.getByRole('button', { name: 'Sync' })).toBeDisabled();
    // Not before the refresh is due, then at once.
    await vi.advanceTimersByTimeAsync(SYNC_REFRESH_MS - 1000);
    expect(api.callsTo('GET', `${API}/profile/device/detail`)).toHaveLength(before);
    await vi.advanceTimersByTimeAsync(1000);
    await waitForRealTime(() =>
      expect(api.callsTo('GET', `${API}/profile/device/detail`).length).toBeGreaterThan(before),
    );
  });

  it('Apply shows the version waiting for the device, then "up to date" once the device acknowledges it', async () => {
    useRunningFakeClock();
    window.localStorage.setItem('token', 'tok');
    let current = profile({ policyVersion: 3, appliedPolicyVersion: 3, hasUnappliedChanges: true });
    let releaseApply: () => void = () => undefined;
    const api = mockApi({
      ...shellRoutes,
      [`GET ${API}/profile/detail`]: () => detailAnswer(current),
      [`GET ${API}/profile/device/detail`]: deviceAnswer(device()),
      [`GET ${API}/profile/apply`]: async () => {
        await new Promise<void>((resolve) => {
          releaseApply = resolve;
        });
        current = profile({ policyVersion: 4, appliedPolicyVersion: 3, hasUnappliedChanges: false });
        return {
          body: {
            respones_msg: 'Profile applied. The device will pick up the changes in a moment.',
            data: { profileId: PROFILE_ID, policyVersion: 4, appliedPolicyVersion: 3 },
          },
        };
      },
    });
    const { user } = renderApp(`/profile-detail?profile_id=${PROFILE_ID}`);
    const header = await screen.findByTestId('profile-header');
    expect(within(header).getByText('Device up to date (v3)')).toBeInTheDocument();
    expect(within(header).getByText('Unapplied changes')).toBeInTheDocument();

    await user.click(within(header).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(header).getByRole('button', { name: 'Apply' })).toBeDisabled());
    releaseApply();
    expect(await within(header).findByText('Waiting for device (v4, device has v3)')).toBeInTheDocument();
    expect(within(header).queryByText('Unapplied changes')).not.toBeInTheDocument();
    expect(queriesTo(api.fetchMock, `${API}/profile/apply`)[0]?.get('profileId')).toBe(PROFILE_ID);
    expect(
      await screen.findByText('Profile applied. The device will pick up the changes in a moment.'),
    ).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Apply' })).toBeEnabled();

    // The device acknowledges v4: the page polls the detail and the badge moves by itself.
    current = profile({ policyVersion: 4, appliedPolicyVersion: 4 });
    // The next poll, at most APPLY_POLL_MS away, brings it.
    await vi.advanceTimersByTimeAsync(APPLY_POLL_MS);
    await waitForRealTime(() => expect(within(header).getByText('Device up to date (v4)')).toBeInTheDocument());
  });

  it('goes to /plans when a profile call answers redirectToPaymentPage: 1', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...shellRoutes,
      [`GET ${API}/profile/detail`]: detailAnswer(profile()),
      [`GET ${API}/profile/device/detail`]: deviceAnswer(device()),
      [`GET ${API}/profile/apply`]: {
        status: 402,
        body: {
          respones_msg: 'Your enrolled licences exceed then available licences.',
          code: 'E_PAYMENT_REQUIRED',
          redirectToPaymentPage: 1,
        },
      },
      [`GET ${API}/payments/plans`]: plansAnswer,
    });
    const { user } = renderApp(`/profile-detail?profile_id=${PROFILE_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(currentLocation()).toBe('/plans'));
    expect(await screen.findByText('Your enrolled licences exceed then available licences.')).toBeInTheDocument();
  });

  it('goes to /plans when the profile list itself is refused for licences', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...shellRoutes,
      [`GET ${API}/profile/list`]: {
        status: 402,
        body: { respones_msg: 'Buy more licences.', code: 'E_PAYMENT_REQUIRED', redirectToPaymentPage: 1 },
      },
      [`GET ${API}/payments/plans`]: plansAnswer,
    });
    renderApp('/profiles');
    await waitFor(() => expect(currentLocation()).toBe('/plans'));
  });
});
