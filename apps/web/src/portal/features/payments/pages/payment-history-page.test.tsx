import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { userDetailRoute } from '../testing/fixtures';

const row = (id: string, overrides: Record<string, unknown> = {}) => ({
  _id: id,
  productName: 'Fleetdeck',
  paymentMethod: { type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } },
  subscriptionType: 'recurring',
  subscriptionReason: 'subscription_create',
  qty: 3,
  priceId: { _id: 'id-PD', identifier: 'PD', name: 'Fleetdeck Subscription' },
  totalAmount: 89.97,
  currency: 'eur',
  coupon: null,
  status: 'Success',
  message: null,
  errorCode: null,
  expiryAt: '2099-01-01T00:00:00.000Z',
  created_at: '2025-03-05T10:00:00.000Z',
  refundedAmount: 0,
  refundedQty: 0,
  refundedAt: null,
  providerPaymentId: 'pi_123',
  invoiceNumber: null,
  note: null,
  creditNotes: [],
  ...overrides,
});

const history = (data: unknown[], total = data.length, page = 1, limit = 25) => ({
  respones_msg: 'OK',
  data,
  pagination: { page, limit, total },
});

describe('Payment history', () => {
  it('shows every column', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...userDetailRoute,
      'GET /api/v1/admin/payments/history': {
        body: history([
          row('p1', { coupon: 'SAVE10' }),
          row('p2', {
            subscriptionType: 'one_time',
            subscriptionReason: '',
            status: 'Failed',
            message: 'Your card was declined.',
            expiryAt: '2020-01-01T00:00:00.000Z',
            paymentMethod: { type: 'paypal', card: null },
            priceId: { _id: 'id-PDOT', identifier: 'PDOT', name: 'Fleetdeck One-time' },
            qty: 1,
          }),
          row('p3', {
            status: 'Pending',
            expiryAt: null,
            paymentMethod: { type: 'card', card: { brand: 'visa', last4: '1111', wallet: { type: 'google_pay' } } },
          }),
        ]),
      },
    });
    renderApp('/payment-history');

    expect(await screen.findByText('Showing 1 to 3 of 3 entries')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Payment history' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Type', 'Qty', 'Amount', 'Status', 'Expiry At', 'Invoice', 'Created On']);
    const [, first, second, third] = within(table).getAllByRole('row');

    expect(within(first!).getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(within(first!).getByText('Recurring')).toBeInTheDocument();
    expect(within(first!).getByText('subscription_create')).toBeInTheDocument();
    expect(within(first!).getByText('3 Licence')).toBeInTheDocument();
    expect(within(first!).getByText('PD')).toBeInTheDocument();
    expect(within(first!).getByText('€89.97')).toBeInTheDocument();
    expect(within(first!).getByText('CouponCode : SAVE10')).toBeInTheDocument();
    expect(within(first!).getByText('Success')).toBeInTheDocument();
    expect(within(first!).getByText('01 Jan 2099')).toBeInTheDocument();
    expect(within(first!).queryByText('Expired')).not.toBeInTheDocument();
    expect(within(first!).getByText(/05 Mar 2025/)).toBeInTheDocument();

    expect(within(second!).getByText('PayPal')).toBeInTheDocument();
    expect(within(second!).getByText('Onetime')).toBeInTheDocument();
    expect(within(second!).getByText('Failed')).toBeInTheDocument();
    expect(within(second!).getByText('Your card was declined.')).toBeInTheDocument();
    expect(within(second!).getByText('Expired')).toBeInTheDocument();

    expect(within(third!).getByRole('img', { name: 'Google Pay' })).toBeInTheDocument();
    expect(within(third!).getByText('Pending')).toBeInTheDocument();
    expect(within(third!).getByText('-')).toBeInTheDocument();
  });

  it('shows "No data found." when there are no payments', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...userDetailRoute, 'GET /api/v1/admin/payments/history': { body: history([]) } });
    renderApp('/payment-history');
    expect(await screen.findByText('No data found.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('pages on the server: default 25, the size select sends limit, page buttons send page, priceId passes through', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...userDetailRoute,
      'GET /api/v1/admin/payments/history': (call) => {
        void call;
        return { body: history([row('p1')], 60) };
      },
    });
    const urls = () =>
      api.fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((u) => u.pathname === '/api/v1/admin/payments/history');
    const { user } = renderApp('/payment-history?priceId=id-PD');
    await screen.findByText('Showing 1 to 25 of 60 entries');
    expect(urls()[0]?.searchParams.get('limit')).toBe('25');
    expect(urls()[0]?.searchParams.get('page')).toBe('1');
    expect(urls()[0]?.searchParams.get('priceId')).toBe('id-PD');
    expect(screen.getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(3);

    await user.selectOptions(screen.getByLabelText('Entries per page'), '10');
    await waitFor(() => expect(urls().at(-1)?.searchParams.get('limit')).toBe('10'));
    expect(await screen.findByText('Showing 1 to 10 of 60 entries')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(urls().at(-1)?.searchParams.get('page')).toBe('3'));
    expect(await screen.findByText('Showing 21 to 30 of 60 entries')).toBeInTheDocument();
  });
});

describe('Payment history: refunds, invoices and credit notes (issue 22)', () => {
  it('shows what was refunded and when, and downloads the invoice and each credit note', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...userDetailRoute,
      'GET /api/v1/admin/payments/history': {
        body: history([
          row('p1', {
            totalAmount: 299.9,
            qty: 10,
            status: 'Partially refunded',
            refundedAmount: 89.97,
            refundedQty: 3,
            refundedAt: '2026-11-28T12:00:00.000Z',
            invoiceNumber: 'INV-2026-000042',
            creditNotes: [
              { _id: 'cn1', number: 'CN-2026-000007', amount: 89.97, qty: 3, created_at: '2026-11-28T12:00:00.000Z' },
            ],
          }),
          row('p2', { status: 'Failed' }),
        ]),
      },
      'GET /api/v1/admin/payments/p1/invoice': { body: '%PDF-1.3' },
      'GET /api/v1/admin/payments/p1/credit-notes/cn1': { body: '%PDF-1.3' },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const { user } = renderApp('/payment-history');
    const table = await screen.findByRole('table', { name: 'Payment history' });
    await within(table).findByText('3 of 10 seat(s) refunded');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('€299.90 — €89.97 refunded on 28 Nov 2026');
    expect(within(first!).getByText('3 of 10 seat(s) refunded')).toBeInTheDocument();
    // A failed payment has no invoice.
    expect(within(second!).queryByRole('button', { name: /Download invoice/ })).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Download invoice INV-2026-000042 (PDF)' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/admin/payments/p1/invoice')).toHaveLength(1));
    await user.click(within(first!).getByRole('button', { name: /Download credit note CN-2026-000007: €89.97 for 3/ }));
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/admin/payments/p1/credit-notes/cn1')).toHaveLength(1));
    vi.unstubAllGlobals();
  });
});
