import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { downloadSdkAnswer, hostedApkVersion, licenceSummaryAnswer } from '@/test/licence-fixtures';
import { mockApi, sampleUser } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';

const base = (exceeded: boolean) => ({
  'GET /api/v1/admin/users/detail': { body: { respones_msg: 'OK', data: sampleUser } },
  'GET /api/v1/admin/licences/summary': licenceSummaryAnswer(exceeded),
  'GET /api/v1/admin/users/download/sdk': downloadSdkAnswer(),
});

describe('Licence banner', () => {
  it('shows the exact message and a link to plans when licences are exceeded', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(base(true));
    const { user } = renderApp('/change-password');
    const banner = await screen.findByTestId('licence-banner');
    expect(banner).toHaveTextContent('Your enrolled licences exceed then available licences.');
    const link = within(banner).getByRole('link', { name: 'Click Here buy more licences.' });
    expect(link).toHaveAttribute('href', '/plans');
    await user.click(link);
    await waitFor(() => expect(currentLocation()).toBe('/plans'));
  });

  it('stays hidden while licences are within what was bought', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi(base(false));
    renderApp('/change-password');
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/admin/licences/summary')).toHaveLength(1));
    expect(await screen.findByLabelText('Old password')).toBeInTheDocument();
    expect(screen.queryByTestId('licence-banner')).not.toBeInTheDocument();
    expect(screen.queryByText('Click Here buy more licences.')).not.toBeInTheDocument();
  });
});

describe('Download APK modal', () => {
  it('shows each app with its QR code image and download link', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi(base(false));
    const { user } = renderApp('/change-password');
    await user.click((await screen.findAllByRole('button', { name: 'Download APK' }))[0]!);

    const dialog = await screen.findByRole('dialog', { name: 'Download APK' });
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      'Fleetdeck',
      'Fleetdeck Owner App',
      'Super Lock',
      'Power Cleaner',
      'Key Mapper',
      'URL Blocker',
      'Power on Boot',
      'Power Chat',
    ]);
    const pdQr = await within(dialog).findByRole('img', { name: 'QR code to download the Fleetdeck APK' });
    expect(pdQr).toHaveAttribute('src', '/api/v1/qr/apk/PD.png');
    expect(within(dialog).getByRole('link', { name: /Click here to download APK/ })).toHaveAttribute(
      'href',
      'https://downloads.example.com/PD.apk',
    );

    await user.click(within(dialog).getByRole('tab', { name: 'Power Chat' }));
    expect(within(dialog).getByRole('img', { name: 'QR code to download the Power Chat APK' })).toHaveAttribute(
      'src',
      '/api/v1/qr/apk/PCHAT.png',
    );
    expect(within(dialog).getByRole('link', { name: /Click here to download APK/ })).toHaveAttribute(
      'href',
      'https://downloads.example.com/PCHAT.apk',
    );
    // An external link: no file details are claimed for it.
    expect(within(dialog).queryByText('SHA-256:')).not.toBeInTheDocument();

    // Every family sold has its tab: Super Lock's hosted APK shows its version, size and hash.
    await user.click(within(dialog).getByRole('tab', { name: 'Super Lock' }));
    expect(within(dialog).getByRole('link', { name: /Click here to download APK/ })).toHaveAttribute(
      'href',
      'https://downloads.example.com/SL.apk',
    );
    const facts = within(dialog).getByLabelText('APK file details');
    expect(facts).toHaveTextContent('Version: 4.1.2 (412)');
    expect(facts).toHaveTextContent('Size: 12.6 MB');
    expect(within(facts).getByLabelText('SHA-256')).toHaveTextContent(hostedApkVersion().sha256);
    await user.click(within(dialog).getByRole('tab', { name: 'Fleetdeck Owner App' }));
    expect(
      within(dialog).getByRole('img', { name: 'QR code to download the Fleetdeck Owner App APK' }),
    ).toHaveAttribute('src', '/api/v1/qr/apk/PDOW.png');
    expect(api.callsTo('GET', '/api/v1/admin/users/download/sdk')).toHaveLength(1);
  });

  it('shows the error with a retry when the details cannot load', async () => {
    window.localStorage.setItem('token', 'tok');
    let fail = true;
    mockApi({
      ...base(false),
      'GET /api/v1/admin/users/download/sdk': () =>
        fail ? { status: 503, body: { respones_msg: 'Downloads are unavailable' } } : downloadSdkAnswer(),
    });
    const { user } = renderApp('/change-password');
    await user.click((await screen.findAllByRole('button', { name: 'Download APK' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Download APK' });
    expect(await within(dialog).findByText('Downloads are unavailable', {}, { timeout: 3000 })).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('img', { name: /Fleetdeck APK/ })).toHaveAttribute(
      'src',
      '/api/v1/qr/apk/PD.png',
    );
  });
});

describe('Staff session banner (login-as, DECISIONS §8)', () => {
  it('names the customer and the staff member on every page of a staff session, and only then', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...base(false),
      'GET /api/v1/admin/users/detail': {
        body: { respones_msg: 'OK', data: { ...sampleUser, staffSession: { staffEmail: 'help@fleetdeck.test' } } },
      },
    });
    renderApp('/change-password');
    expect(await screen.findByTestId('staff-session-banner')).toHaveTextContent(
      'Viewing as jane@acme.test — staff session (help@fleetdeck.test)',
    );
  });

  it('shows the minutes left, and "End session" logs the session out and leaves the console', async () => {
    window.localStorage.setItem('token', 'tok');
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const expiresAt = new Date(Date.now() + 42 * 60_000 - 10_000).toISOString();
    const api = mockApi({
      ...base(false),
      'GET /api/v1/admin/users/detail': {
        body: {
          respones_msg: 'OK',
          data: { ...sampleUser, staffSession: { staffEmail: 'help@fleetdeck.test', expiresAt } },
        },
      },
      'GET /api/v1/admin/users/logout': { body: { respones_msg: 'Logged out' } },
    });
    const { user } = renderApp('/change-password');
    const banner = await screen.findByTestId('staff-session-banner');
    expect(banner).toHaveTextContent('staff session (help@fleetdeck.test) — 42 minutes left');
    await user.click(within(banner).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/admin/users/logout')).toHaveLength(1));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(close).toHaveBeenCalled();
    expect(window.localStorage.getItem('token')).toBeNull();
    close.mockRestore();
  });

  it('is absent from the customer’s own session', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi(base(false));
    renderApp('/change-password');
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/admin/users/detail').length).toBeGreaterThan(0));
    expect(await screen.findByLabelText('Old password')).toBeInTheDocument();
    expect(screen.queryByTestId('staff-session-banner')).not.toBeInTheDocument();
  });
});
