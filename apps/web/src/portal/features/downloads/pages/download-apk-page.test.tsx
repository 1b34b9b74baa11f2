// @vitest-environment jsdom
// (happy-dom, this project's default, lacks what this file needs: see docs/adr/0011-web-tests-on-happy-dom.md)
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { downloadSdkAnswer, licenceSummaryAnswer } from '@/test/licence-fixtures';
import { mockApi, sampleUser } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';

const routes = () => ({
  'GET /api/v1/admin/users/detail': { body: { respones_msg: 'OK', data: sampleUser } },
  'GET /api/v1/admin/licences/summary': licenceSummaryAnswer(false),
  'GET /api/v1/admin/users/download/sdk': downloadSdkAnswer(),
});

const page = () => screen.getByRole('main');
const findPage = () => screen.findByRole('main');

describe('Download APK page', () => {
  it('selects the tab named by ?app and shows its QR code and link', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(routes());
    renderApp('/download-apk?app=km');
    const img = await within(await findPage()).findByRole('img', { name: 'QR code to download the Key Mapper APK' });
    expect(img).toHaveAttribute('src', '/api/v1/qr/apk/KM.png');
    expect(within(page()).getByRole('tab', { name: 'Key Mapper' })).toHaveAttribute('aria-selected', 'true');
    expect(within(page()).getByRole('link', { name: /Click here to download APK/ })).toHaveAttribute(
      'href',
      'https://downloads.example.com/KM.apk',
    );
  });

  it('opens on the first app without ?app and keeps the chosen tab in the URL', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(routes());
    const { user } = renderApp('/download-apk');
    expect(await within(await findPage()).findByRole('img', { name: /Fleetdeck APK/ })).toHaveAttribute(
      'src',
      '/api/v1/qr/apk/PD.png',
    );
    await user.click(within(page()).getByRole('tab', { name: 'URL Blocker' }));
    expect(within(page()).getByRole('img', { name: /URL Blocker APK/ })).toHaveAttribute(
      'src',
      '/api/v1/qr/apk/UB.png',
    );
    expect(currentLocation()).toBe('/download-apk?app=UB');
  });

  it('says "Not published yet" for an app without an APK instead of a link back to the console', async () => {
    window.localStorage.setItem('token', 'tok');
    const sdk = downloadSdkAnswer();
    const none = { apkLink: '', apkLinkQrCode: '', version: null };
    sdk.body = { ...sdk.body, data: { ...sdk.body.data, ubPriceDetail: none }, ubPriceDetail: none };
    mockApi({ ...routes(), 'GET /api/v1/admin/users/download/sdk': sdk });
    renderApp('/download-apk?app=ub');
    expect(await within(await findPage()).findByText(/^Not published yet\./)).toBeVisible();
    expect(within(page()).queryByRole('link', { name: /Click here to download APK/ })).not.toBeInTheDocument();
    expect(within(page()).queryByRole('img', { name: /URL Blocker APK/ })).not.toBeInTheDocument();
  });
});
