import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { licenceSummaryAnswer } from '@/test/licence-fixtures';
import { mockApi, sampleUser } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

interface Reseller {
  isResellerModeEnabled: boolean;
  isResellerModeRequestApprove: boolean;
  resellerCouponCode: string | null;
}

const routes = (reseller: () => Partial<Reseller>) => ({
  'GET /api/v1/admin/users/detail': () => ({ body: { respones_msg: 'OK', data: { ...sampleUser, ...reseller() } } }),
  'GET /api/v1/admin/licences/summary': licenceSummaryAnswer(false),
});

describe('Become reseller', () => {
  it('shows the tiers and the buyer discount', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(routes(() => ({})));
    renderApp('/become-reseller');
    const table = await screen.findByRole('table', { name: 'Reseller tiers' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Silver', '10 - 100', '10%'],
      ['Gold', '101 - 500', '12%'],
      ['Platinum', '501 - 1000', '15%'],
      ['Premium', '1001 and up', '20%'],
    ]);
    expect(
      screen.getByText('Buyers who use a reseller coupon code get a 10% discount on their purchase.'),
    ).toBeInTheDocument();
  });

  it('requires the terms checkbox: Enable alone shows the error and sends nothing', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi(routes(() => ({})));
    const { user } = renderApp('/become-reseller');
    await user.click(await screen.findByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Please accept the terms and condition')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/admin/users/update')).toHaveLength(0);
  });

  it('sends the request and then shows the review-pending warning', async () => {
    window.localStorage.setItem('token', 'tok');
    let requested = false;
    const api = mockApi({
      ...routes(() => ({ isResellerModeEnabled: requested })),
      'POST /api/v1/admin/users/update': () => {
        requested = true;
        return { body: { respones_msg: 'Your reseller request was sent', data: sampleUser } };
      },
    });
    const { user } = renderApp('/become-reseller');
    await user.click(await screen.findByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Enable' }));

    await waitFor(() =>
      expect(api.callsTo('POST', '/api/v1/admin/users/update')[0]?.body).toEqual({ isResellerModeEnabled: true }),
    );
    expect(await screen.findByText('Your reseller request is under review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable' })).not.toBeInTheDocument();
    expect(await screen.findByText('Your reseller request was sent')).toBeInTheDocument();
  });

  it('shows the pending warning to a customer whose request is not approved yet', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(routes(() => ({ isResellerModeEnabled: true, isResellerModeRequestApprove: false })));
    renderApp('/become-reseller');
    expect(await screen.findByTestId('reseller-pending')).toHaveTextContent('Your reseller request is under review');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reseller-coupon-code')).not.toBeInTheDocument();
  });

  it('shows the approved reseller their coupon code with a copy button', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(
      routes(() => ({
        isResellerModeEnabled: true,
        isResellerModeRequestApprove: true,
        resellerCouponCode: 'JANE10',
      })),
    );
    renderApp('/become-reseller');
    expect(await screen.findByTestId('reseller-coupon-code')).toHaveTextContent('JANE10');
    expect(screen.getByRole('button', { name: 'Copy coupon code' })).toBeInTheDocument();
    expect(screen.queryByTestId('reseller-pending')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable' })).not.toBeInTheDocument();
  });
});
