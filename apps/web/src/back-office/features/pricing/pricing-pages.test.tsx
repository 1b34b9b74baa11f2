import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiSession } from '@/shared/lib/api-client';
import { customerSession } from '@/shared/lib/auth-storage';
import { expectRefusedAsTyped } from '@/test/number-cases';
import { mockApi, type RecordedCall } from '@/test/mock-api';
import { currentLocation, renderBackOffice, signedInStaff } from '@/test/render-back-office';
import { PD, price } from './test-prices';

afterEach(() => {
  setApiSession(customerSession);
  window.localStorage.clear();
});

const S = '/api/v1/super-admin';
const PDOT = '6c0b7f39-7a53-4a36-9b0e-0f3b9f7d1a11';
const pdot = price({
  _id: PDOT,
  name: 'Fleetdeck Onetime',
  identifier: 'PDOT',
  priceId: 'PDOT',
  status: 'Inactive',
  amount: 69.99,
  interval: null,
  intervalCount: 3,
  type: 'one_time',
});

function signedIn(extra: Record<string, unknown>) {
  return mockApi({
    ...signedInStaff(),
    [`GET ${S}/price/list`]: {
      body: { respones_msg: 'Price list', data: { recurringPriceList: [price({})], oneTimePriceList: [pdot] } },
    },
    ...extra,
  });
}

describe('pricing list (spec 3 "Pricing list")', () => {
  it('shows the price tables by tab with amount, name and priceId, status badges and created on', async () => {
    signedIn({});
    const view = renderBackOffice('/admin-pricing-list');
    const table = await screen.findByRole('table', { name: 'Subscription prices' });
    expect(table).toHaveTextContent('€29.99 / year');
    expect(table).toHaveTextContent('Fleetdeck Subscription');
    expect(table).toHaveTextContent('price_123');
    expect(within(table).getByText('Active')).toBeInTheDocument();
    await view.user.click(screen.getByRole('tab', { name: 'One Time' }));
    const oneTime = await screen.findByRole('table', { name: 'One-time prices' });
    expect(oneTime).toHaveTextContent('€69.99 once (3 years)');
    expect(within(oneTime).getByText('InActive')).toBeInTheDocument();
  });

  it('Sync Stripe Price shows the summary', async () => {
    signedIn({
      [`GET ${S}/price/sync`]: {
        body: { respones_msg: 'Prices synced', data: { provider: 'stripe', created: 2, updated: 1, unchanged: 12 } },
      },
    });
    const view = renderBackOffice('/admin-pricing-list');
    await view.user.click(await screen.findByRole('button', { name: 'Sync Stripe Price' }));
    expect(await screen.findByText(/Stripe: 2 created, 1 updated, 12 unchanged/)).toBeInTheDocument();
  });

  it('Configure App Version loads the config and saves it', async () => {
    let saved: RecordedCall | null = null;
    signedIn({
      [`GET ${S}/price/get/app-version`]: {
        body: {
          respones_msg: 'App version',
          data: { planIdentifier: 'PD', minAppVersionCode: 380, message: 'Old', forceUpdate: false },
        },
      },
      [`POST ${S}/price/update/app-version`]: (call: RecordedCall) => {
        saved = call;
        return { body: { respones_msg: 'App version updated', data: call.body } };
      },
    });
    const view = renderBackOffice('/admin-pricing-list');
    await view.user.click(
      await screen.findByRole('button', { name: 'Configure App Version of Fleetdeck Subscription' }),
    );
    const dialog = await screen.findByRole('dialog');
    const code = await within(dialog).findByLabelText(/Min Version Code/);
    expect(code).toHaveValue('380');
    await view.user.clear(code);
    await view.user.type(code, '400');
    await view.user.click(within(dialog).getByRole('switch', { name: 'Force Update' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saved?.body).toEqual({ planIdentifier: 'PD', minAppVersionCode: 400, message: 'Old', forceUpdate: true }),
    );
  });
});

describe('app version code (issue 22: "-5" was saved as 5)', () => {
  it('-5, 1.5 and 0 are refused at the field as typed and never saved', async () => {
    const api = signedIn({
      [`GET ${S}/price/get/app-version`]: { body: { respones_msg: 'App version', data: null } },
    });
    const view = renderBackOffice('/admin-pricing-list');
    await view.user.click(
      await screen.findByRole('button', { name: 'Configure App Version of Fleetdeck Subscription' }),
    );
    const dialog = await screen.findByRole('dialog');
    const code = await within(dialog).findByLabelText(/Min Version Code/);
    const save = () => view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectRefusedAsTyped(
      view.user,
      code,
      [
        ['-5', 'No minus sign'],
        ['1.5', 'Enter a whole number'],
        ['0', 'Must be at least 1'],
      ],
      { check: save },
    );
    expect(api.callsTo('POST', `${S}/price/update/app-version`)).toHaveLength(0);
  });
});

describe('pricing edit (spec 3 "Pricing edit")', () => {
  it('edits fields and the feature list, updates, then goes back to the list', async () => {
    let updated: RecordedCall | null = null;
    signedIn({
      [`GET ${S}/price/detail`]: { body: { respones_msg: 'Price detail', data: price({}) } },
      [`POST ${S}/price/update`]: (call: RecordedCall) => {
        updated = call;
        return { body: { respones_msg: 'Price updated', data: price({}) } };
      },
    });
    const view = renderBackOffice(`/admin-pricing-edit?id=${PD}`);
    const name = await screen.findByLabelText(/^Name/);
    expect(screen.getByLabelText(/^Identifier/)).toHaveAttribute('readonly');
    await view.user.clear(name);
    await view.user.type(name, 'PD Yearly');
    await view.user.type(screen.getByLabelText(/^APK link/), 'https://example.com/pd.apk');
    await view.user.click(screen.getByRole('button', { name: 'Add feature' }));
    await view.user.type(screen.getByLabelText('Feature 2'), 'Kiosk');
    await view.user.click(screen.getByLabelText('Feature 2 checked'));
    await view.user.click(screen.getByRole('button', { name: 'Delete feature 1' }));
    await view.user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin-pricing-list'));
    expect(updated!.body).toEqual({
      id: PD,
      name: 'PD Yearly',
      identifier: 'PD',
      description: 'Renews yearly.',
      status: 'Active',
      apkLink: 'https://example.com/pd.apk',
      features: [{ text: 'Kiosk', checked: false }],
    });
  });

  it('refuses a non-http APK link before calling the server', async () => {
    const api = signedIn({ [`GET ${S}/price/detail`]: { body: { respones_msg: 'Price detail', data: price({}) } } });
    const view = renderBackOffice(`/admin-pricing-edit?id=${PD}`);
    await view.user.type(await screen.findByLabelText(/^APK link/), 'javascript:alert(1)');
    await view.user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(/must be an http\(s\) link/)).toBeInTheDocument();
    expect(api.calls.some((c: RecordedCall) => c.path.endsWith('/price/update'))).toBe(false);
  });
});
