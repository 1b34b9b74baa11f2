import type { Plan } from '@fleetdeck/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const pd = (apkLink: string): Plan => ({
  _id: 'id-PD',
  identifier: 'PD',
  family: 'PD',
  name: 'Fleetdeck Subscription',
  description: '',
  type: 'recurring',
  amount: 29.99,
  currency: 'eur',
  interval: 'year',
  intervalCount: 1,
  features: [],
  apkLink,
  status: 'Active',
  expiry: null,
  totalPurchasedDevices: 0,
  subscriptionDetail: null,
});

const pricing = (apkLink: string) => ({
  'GET /api/v1/pricing': {
    body: { respones_msg: 'Plan list', data: { recurringPriceList: [pd(apkLink)], oneTimePriceList: [] } },
  },
});

describe('/enrol (the login QR code opened by a camera)', () => {
  it('tells the visitor to scan it with the app and offers the APK, without a session or any customer data', async () => {
    const api = mockApi(pricing('https://downloads.example.com/PD.apk'));
    renderApp('/enrol?token=enrol-token-of-someone');
    expect(await screen.findByRole('heading', { name: 'Enrol this device with the Fleetdeck app' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Download the Fleetdeck app (APK)' })).toHaveAttribute(
      'href',
      'https://downloads.example.com/PD.apk',
    );
    // Only public calls: the token is never sent anywhere, so nothing of its customer can show.
    expect(api.calls.map((c) => c.path).sort()).toEqual(['/api/v1/config', '/api/v1/pricing']);
    expect(screen.getByRole('main').textContent).not.toContain('enrol-token-of-someone');
  });

  it('says the app is not published yet when its plan has no APK link; is reachable when signed in', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(pricing(''));
    renderApp('/enrol?token=t');
    expect(await screen.findByText(/app download is not published yet/)).toBeVisible();
    expect(screen.queryByRole('link', { name: /Download the Fleetdeck app/ })).not.toBeInTheDocument();
  });
});
