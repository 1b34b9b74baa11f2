import type { Plan, PlanCode } from '@fleetdeck/contract';
import { familyOfPlan } from '@fleetdeck/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { PLAN_SECTION_HEADINGS, planOf } from '@/test/plans';
import { currentLocation, renderApp } from '@/test/render-app';

const plan = (identifier: PlanCode, amount: number, name: string): Plan =>
  planOf(identifier, familyOfPlan(identifier), { amount, name });

const recurring = [
  plan('PCHAT', 12, 'Power Chat Subscription'),
  plan('PC', 9, 'Power Cleaner Subscription'),
  plan('SL', 15, 'Super Lock Subscription'),
  plan('PD', 29.99, 'Fleetdeck Subscription'),
  plan('KM', 7, 'Key Mapper Subscription'),
  plan('UB', 8, 'URL Blocker Subscription'),
  plan('POB', 5, 'Power On Boot Subscription'),
];
const oneTime = [plan('PDOT', 79, 'Fleetdeck One-time'), plan('SLOT', 39, 'Super Lock One-time')];

describe('Pricing (public)', () => {
  it('lists the plans by app in the Plans order, in euro, with Subscribe and Buy links', async () => {
    const api = mockApi({
      'GET /api/v1/pricing': {
        body: { respones_msg: 'Plan list', data: { recurringPriceList: recurring, oneTimePriceList: oneTime } },
      },
    });
    const { user } = renderApp('/pricing');

    await screen.findByTestId('pricing-section-PD');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(PLAN_SECTION_HEADINGS);

    const pd = screen.getByTestId('pricing-section-PD');
    expect(within(pd).getByText('€29.99')).toBeInTheDocument();
    expect(within(pd).getByRole('link', { name: /^Subscribe/ })).toHaveAttribute('href', '/subscription?price_id=PD');
    expect(within(pd).getByRole('link', { name: /^Buy/ })).toHaveAttribute('href', '/subscription?price_id=PDOT');

    // Each heading lists its own family (DECISIONS §1).
    const sl = screen.getByTestId('pricing-section-SL');
    expect(within(sl).getByText('Super Lock Subscription')).toBeInTheDocument();
    expect(within(sl).queryByText('Power Cleaner Subscription')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('pricing-section-PC')).getByRole('link', { name: /^Subscribe/ })).toHaveAttribute(
      'href',
      '/subscription?price_id=PC',
    );

    // Public: no session needed, nothing but the price list, the config and the payment notes is asked for, and the
    // site frame's Home page view (/pricing is a site page; sent once per load of the app, so at most once here: an
    // earlier test file in this worker may have sent it already).
    const paths = api.calls.map((c) => c.path);
    expect(paths.filter((p) => p !== '/api/v1/public/page-view').sort()).toEqual([
      '/api/v1/config',
      '/api/v1/pricing',
      '/api/v1/public/payment-notes',
    ]);
    expect(paths.filter((p) => p === '/api/v1/public/page-view').length).toBeLessThanOrEqual(1);
    expect(api.calls.every((c) => !c.headers.authorization)).toBe(true);

    await user.click(within(sl).getByRole('link', { name: /^Buy/ }));
    await waitFor(() => expect(currentLocation()).toBe('/subscription?price_id=SLOT'));
  });

  it("sits in the public site's frame: its header leads to the site's other pages", async () => {
    mockApi({
      'GET /api/v1/pricing': {
        body: { respones_msg: 'Plan list', data: { recurringPriceList: recurring, oneTimePriceList: oneTime } },
      },
    });
    const { user } = renderApp('/pricing');
    await screen.findByTestId('pricing-section-PD');
    const nav = within(screen.getByRole('navigation', { name: 'Site' }));
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Pricing', 'FAQ', 'Blog', 'Videos', 'Contact']);
    expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    await user.click(nav.getByRole('link', { name: 'FAQ' }));
    await waitFor(() => expect(currentLocation()).toBe('/faq'));
  });

  it('shows the failure with a retry', async () => {
    mockApi({ 'GET /api/v1/pricing': { status: 503, body: { respones_msg: 'Pricing is down' } } });
    renderApp('/pricing');
    expect(await screen.findByText('Pricing is down', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('Pricing (public): local prices by the visitor country (DECISIONS §8, §9)', () => {
  it("shows the visitor's local price and coupon under each euro price; checkout stays in euro", async () => {
    mockApi({
      'GET /api/v1/pricing': {
        body: {
          respones_msg: 'Plan list',
          data: { recurringPriceList: recurring, oneTimePriceList: oneTime },
          localPricing: {
            countryCode: 'IN',
            currencyCode: 'INR',
            couponCode: 'INDIA10',
            discountPercentage: 10,
            prices: [{ identifier: 'PD', amount: 3120.5, discountedAmount: 2808.45 }],
          },
        },
      },
    });
    renderApp('/pricing');
    const note = await screen.findByTestId('local-pricing');
    expect(note).toHaveTextContent('local currency (INR)');
    expect(note).toHaveTextContent('you pay in euro');
    expect(note).toHaveTextContent('Use coupon INDIA10 at checkout for 10% off.');
    const pd = screen.getByTestId('pricing-section-PD');
    expect(within(pd).getByText('€29.99')).toBeInTheDocument();
    expect(within(pd).getByTestId('local-price-PD')).toHaveTextContent('≈ ₹3,120.50 · ₹2,808.45 with INDIA10');
    // A plan without a local price shows only euro.
    expect(screen.queryByTestId('local-price-KM')).not.toBeInTheDocument();
  });

  it('shows only euro prices when the country has no rule', async () => {
    mockApi({
      'GET /api/v1/pricing': {
        body: {
          respones_msg: 'Plan list',
          data: { recurringPriceList: recurring, oneTimePriceList: oneTime },
          localPricing: null,
        },
      },
    });
    renderApp('/pricing');
    await screen.findByTestId('pricing-section-PD');
    await waitFor(() => expect(screen.queryByTestId('local-pricing')).not.toBeInTheDocument());
    expect(screen.queryByTestId('local-price-PD')).not.toBeInTheDocument();
  });
});
