import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, sampleUser } from '@/test/mock-api';
import { PLAN_SECTION_HEADINGS } from '@/test/plans';
import { currentLocation, renderApp } from '@/test/render-app';
import { plan, userDetailRoute } from '../testing/fixtures';

const plansRoute = (recurring: unknown[], oneTime: unknown[]) => ({
  'GET /api/v1/admin/payments/plans': {
    body: { respones_msg: 'OK', data: { recurringPriceList: recurring, oneTimePriceList: oneTime } },
  },
});

const allPlans = () => ({
  recurring: [
    plan('PCHAT', 'PCHAT'),
    plan('PD', 'PD', { totalPurchasedDevices: 3, expiry: '2030-05-01T00:00:00.000Z', name: 'Fleetdeck Subscription' }),
    plan('PDOW', 'PDOW'),
    plan('SL', 'SL', { name: 'Super Lock Subscription' }),
    plan('PC', 'PC', { name: 'Power Cleaner Subscription' }),
    plan('UB', 'UB'),
    plan('KM', 'KM'),
    plan('POB', 'POB'),
  ],
  oneTime: [
    plan('PDOT', 'PD', { totalPurchasedDevices: 2 }),
    plan('SLOT', 'SL', { name: 'Super Lock One-time' }),
    plan('PCOT', 'PC', { name: 'Power Cleaner One-time' }),
    plan('UBOT', 'UB'),
    plan('KMOT', 'KM'),
    plan('POBOT', 'POB'),
  ],
});

describe('Plans', () => {
  it('shows the seven sections in order, each with its own family', async () => {
    window.localStorage.setItem('token', 'tok');
    const { recurring, oneTime } = allPlans();
    mockApi({ ...userDetailRoute, ...plansRoute(recurring, oneTime) });
    renderApp('/plans');

    await screen.findByTestId('plan-PD');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(PLAN_SECTION_HEADINGS);
    const superLock = screen.getByRole('region', { name: 'Super Lock' });
    expect(within(superLock).getByText('Super Lock Subscription')).toBeInTheDocument();
    expect(within(superLock).getByText('Super Lock One-time')).toBeInTheDocument();
    expect(within(superLock).queryByText(/Power Cleaner/)).not.toBeInTheDocument();
    const cleaner = screen.getByRole('region', { name: 'Power Cleaner' });
    expect(within(cleaner).getByText('Power Cleaner Subscription')).toBeInTheDocument();
    expect(within(cleaner).queryByText(/Super Lock/)).not.toBeInTheDocument();
    // The owner app sits in the {product} section under its own sub-heading.
    const pd = screen.getByRole('region', { name: 'Fleetdeck' });
    expect(within(pd).getByRole('heading', { level: 3, name: 'Fleetdeck Owner App' })).toBeInTheDocument();
    expect(within(pd).getByTestId('plan-PDOW')).toBeInTheDocument();
  });

  it('links devices to history and picks Update, Subscribe or Buy; greys out cards without devices', async () => {
    window.localStorage.setItem('token', 'tok');
    const { recurring, oneTime } = allPlans();
    mockApi({ ...userDetailRoute, ...plansRoute(recurring, oneTime) });
    renderApp('/plans');

    const pd = await screen.findByTestId('plan-PD');
    expect(within(pd).getByText('€29.99 / year')).toBeInTheDocument();
    expect(within(pd).getByRole('link', { name: 'Total Devices : 3' })).toHaveAttribute(
      'href',
      '/payment-history?priceId=id-PD',
    );
    expect(within(pd).getByText('01 May 2030')).toBeInTheDocument();
    // The actions show once the customer is known to be an online one.
    expect(await within(pd).findByRole('link', { name: 'Update' })).toHaveAttribute(
      'href',
      '/update-subscription?id=id-PD',
    );
    expect(pd).toHaveAttribute('data-greyed', 'false');

    const sl = screen.getByTestId('plan-SL');
    expect(within(sl).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/make-payment?id=id-SL');
    expect(within(sl).getByRole('link', { name: 'Total Devices : 0' })).toBeInTheDocument();
    expect(within(sl).getByText('-')).toBeInTheDocument();
    expect(sl).toHaveAttribute('data-greyed', 'true');

    const pdot = screen.getByTestId('plan-PDOT');
    expect(within(pdot).getByText('€79.99 / 3 years')).toBeInTheDocument();
    expect(within(pdot).getByRole('link', { name: 'Update' })).toHaveAttribute('href', '/make-payment?id=id-PDOT');
    const slot = screen.getByTestId('plan-SLOT');
    expect(within(slot).getByRole('link', { name: 'Buy' })).toHaveAttribute('href', '/make-payment?id=id-SLOT');
  });

  it('shows an offline customer the seats and expiry without Buy, Update or Subscribe, and whom to contact (§14)', async () => {
    window.localStorage.setItem('token', 'tok');
    const { recurring, oneTime } = allPlans();
    mockApi({
      'GET /api/v1/admin/users/detail': {
        body: { respones_msg: 'OK', data: { ...sampleUser, isOfflineCustomer: true } },
      },
      ...plansRoute(recurring, oneTime),
    });
    renderApp('/plans');

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Contact support@fleetdeck.test to change your licences.');
    expect(within(notice).getByRole('link', { name: 'support@fleetdeck.test' })).toHaveAttribute(
      'href',
      'mailto:support@fleetdeck.test',
    );
    const pd = screen.getByTestId('plan-PD');
    expect(within(pd).getByRole('link', { name: 'Total Devices : 3' })).toBeInTheDocument();
    expect(within(pd).getByText('01 May 2030')).toBeInTheDocument();
    for (const name of ['Update', 'Subscribe', 'Buy']) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    }
  });

  it('shows an error with a retry that loads the plans again', async () => {
    window.localStorage.setItem('token', 'tok');
    let fail = true;
    const { recurring, oneTime } = allPlans();
    const api = mockApi({
      ...userDetailRoute,
      'GET /api/v1/admin/payments/plans': () =>
        fail
          ? { status: 503, body: { respones_msg: 'Plans are unavailable.', code: 'E_UNAVAILABLE' } }
          : { body: { respones_msg: 'OK', data: { recurringPriceList: recurring, oneTimePriceList: oneTime } } },
    });
    const { user } = renderApp('/plans');
    expect(await screen.findByText('Plans are unavailable.', {}, { timeout: 4000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('plan-PD')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/v1/admin/payments/plans').length).toBeGreaterThan(1);
    expect(currentLocation()).toBe('/plans');
  });
});
