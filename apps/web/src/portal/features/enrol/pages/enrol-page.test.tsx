import type { ApkDownload, ApkVersionInfo } from '@fleetdeck/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hostedApkVersion } from '@/test/licence-fixtures';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const downloads = (apkLink: string, version: ApkVersionInfo | null = null) => {
  const data: ApkDownload[] = [
    { family: 'PD', apkLink, apkLinkQrCode: apkLink ? '/api/v1/qr/apk/PD.png' : '', version },
    // Another family's download is not the one this page offers.
    {
      family: 'SL',
      apkLink: 'https://downloads.example.com/SL.apk',
      apkLinkQrCode: '/api/v1/qr/apk/SL.png',
      version: null,
    },
  ];
  return { 'GET /api/v1/public/apk-downloads': { body: { respones_msg: 'APK downloads', data } } };
};

describe('/enrol (the login QR code opened by a camera)', () => {
  it('tells the visitor to scan it with the app and offers the APK, without a session or any customer data', async () => {
    const api = mockApi(downloads('https://downloads.example.com/PD.apk'));
    renderApp('/enrol?token=enrol-token-of-someone');
    expect(await screen.findByRole('heading', { name: 'Enrol this device with the Fleetdeck app' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Download the Fleetdeck app (APK)' })).toHaveAttribute(
      'href',
      'https://downloads.example.com/PD.apk',
    );
    // An external link: no version or hash is claimed for it.
    expect(screen.queryByLabelText('APK file details')).not.toBeInTheDocument();
    // Only public calls: the token is never sent anywhere, so nothing of its customer can show.
    expect(api.calls.map((c) => c.path).sort()).toEqual(['/api/v1/config', '/api/v1/public/apk-downloads']);
    expect(screen.getByRole('main').textContent).not.toContain('enrol-token-of-someone');
  });

  it('offers the uploaded APK with its version, size and SHA-256', async () => {
    const version = hostedApkVersion({ versionCode: 57, versionName: '5.7.0', sizeBytes: 812 });
    mockApi(downloads('http://localhost:3000/downloads/PD/57.apk', version));
    renderApp('/enrol?token=t');
    expect(await screen.findByRole('link', { name: 'Download the Fleetdeck app (APK)' })).toHaveAttribute(
      'href',
      'http://localhost:3000/downloads/PD/57.apk',
    );
    const facts = screen.getByLabelText('APK file details');
    expect(facts).toHaveTextContent('Version: 5.7.0 (57)');
    expect(facts).toHaveTextContent('Size: 812 bytes');
    expect(within(facts).getByLabelText('SHA-256')).toHaveTextContent(version.sha256);
  });

  it('says the app is not published yet when it has no APK link; is reachable when signed in', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(downloads(''));
    renderApp('/enrol?token=t');
    expect(await screen.findByText(/app download is not published yet/)).toBeVisible();
    expect(screen.queryByRole('link', { name: /Download the Fleetdeck app/ })).not.toBeInTheDocument();
  });

  it('shows a failure with a retry instead of "not published"', async () => {
    let fail = true;
    mockApi({
      'GET /api/v1/public/apk-downloads': () =>
        fail
          ? { status: 503, body: { respones_msg: 'Downloads are unavailable' } }
          : downloads('https://downloads.example.com/PD.apk')['GET /api/v1/public/apk-downloads'],
    });
    const { user } = renderApp('/enrol?token=t');
    expect(await screen.findByText('Downloads are unavailable', {}, { timeout: 3000 })).toBeVisible();
    expect(screen.queryByText(/not published yet/)).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByRole('link', { name: 'Download the Fleetdeck app (APK)' })).toBeVisible();
  });
});
