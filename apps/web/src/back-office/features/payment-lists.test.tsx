// @vitest-environment jsdom
// (happy-dom, this project's default, lacks what this file needs: see docs/adr/0011-web-tests-on-happy-dom.md)
import { screen, waitFor, within } from '@testing-library/react';
import type { PaymentErrorRow, StaffPaymentRow } from '@fleetdeck/contract/staff';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { currentLocation, renderBackOffice, staffSignedInForEachTest } from '@/test/render-back-office';

const S = '/api/v1/super-admin';

staffSignedInForEachTest();

const detail = {
  [`GET ${S}/users/detail`]: {
    body: {
      respones_msg: 'Staff detail',
      data: { _id: 'a1', email: 'root@fleetdeck.test', name: 'Root', role: 'SuperAdmin', areas: [] },
    },
  },
};

const row = (over: Partial<StaffPaymentRow> = {}): StaffPaymentRow => ({
  _id: 'p1',
  productName: 'Fleetdeck Subscription',
  email: 'jane@acme.test',
  subscriptionType: 'recurring',
  subscriptionReason: 'subscription_create',
  qty: 3,
  totalAmount: 89.97,
  currency: 'eur',
  coupon: null,
  status: 'Success',
  message: null,
  paymentIntent: { last_payment_error: null },
  paymentMethod: { type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } },
  expiryAt: '2027-03-05T14:03:27.000Z',
  created_at: '2026-03-05T14:03:27.000Z',
  failedEmailFollowupCount: 0,
  userId: { _id: 'c1', email: 'jane@acme.test', name: 'Jane Cooper', phone_number: '', whatsappRedirectCount: 0 },
  priceId: { identifier: 'PD' },
  refundBy: null,
  isOfflinePayment: false,
  refundedAmount: 0,
  refundedQty: 0,
  refundedAt: null,
  providerPaymentId: 'pi_1',
  invoiceNumber: 'INV-2026-000001',
  note: null,
  creditNotes: [],
  ...over,
});

const failed = row({
  _id: 'p2',
  email: 'bob@acme.test',
  status: 'Failed',
  message: 'Your card was declined.',
  paymentIntent: { last_payment_error: { code: 'card_declined' } },
  paymentMethod: { type: 'card', card: { brand: 'visa', last4: '0002', wallet: { type: 'google_pay' } } },
  coupon: 'SPRING10',
  invoiceNumber: null,
  failedEmailFollowupCount: 2,
  expiryAt: null,
  userId: {
    _id: 'c2',
    email: 'bob@acme.test',
    name: 'Bob Stone',
    phone_number: '+44 7700 900123',
    whatsappRedirectCount: 1,
  },
});

const pagination = (total: number) => ({ page: 1, limit: 25, total, totalCapped: false, nextCursor: null });

const historyAnswer = {
  body: {
    respones_msg: 'Payment history',
    data: [row(), failed],
    pagination: pagination(2),
    pricing: [
      { identifier: 'PD', name: 'Fleetdeck Subscription', type: 'recurring' },
      { identifier: 'PDOT', name: 'Fleetdeck Onetime', type: 'one_time' },
    ],
  },
};

const urlsOf = (fetchMock: { mock: { calls: unknown[][] } }, path: string) =>
  fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://localhost')).filter((u) => u.pathname === path);

describe('payment history (spec 3)', () => {
  it('shows each payment with amount in euro, method, status and error code, and the coupon from the URL', async () => {
    const api = mockApi({ ...detail, [`GET ${S}/payments/history`]: historyAnswer });
    renderBackOffice('/admin-payment-history?coupon=SPRING10');
    const table = await screen.findByRole('table', { name: 'Payment history' });
    expect(await within(table).findAllByText('€89.97')).toHaveLength(2);
    expect(within(table).getByText('Your card was declined. (card_declined)')).toBeInTheDocument();
    expect(within(table).getByText(/google pay •••• 0002/i)).toBeInTheDocument();
    expect(within(table).getByText('Coupon SPRING10')).toBeInTheDocument();
    // 'DD Mon YYYY HH:MM:SS', the time on its own line.
    expect(within(table).getAllByText('05 Mar 2026')).toHaveLength(2);
    expect(within(table).getByText('05 Mar 2027')).toBeInTheDocument();
    expect(within(table).getAllByText('14:03:27')).toHaveLength(3);
    expect(within(table).getByText('Follow-up emails: 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon')).toHaveValue('SPRING10');
    expect(urlsOf(api.fetchMock, `${S}/payments/history`)[0]!.searchParams.get('coupon')).toBe('SPRING10');
  });

  it('copies an email with the "text copied" toast', async () => {
    mockApi({ ...detail, [`GET ${S}/payments/history`]: historyAnswer });
    const { user } = renderBackOffice('/admin-payment-history');
    await user.click(await screen.findByRole('button', { name: 'Copy jane@acme.test' }));
    expect(await screen.findByText('text copied')).toBeInTheDocument();
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('jane@acme.test');
  });

  it("opens Send Email from a failed row's email with the apology prefilled and sends it", async () => {
    const api = mockApi({
      ...detail,
      [`GET ${S}/payments/history`]: historyAnswer,
      [`POST ${S}/payments/fail/email`]: {
        body: { respones_msg: 'Email sent', data: { failedEmailFollowupCount: 3 } },
      },
    });
    const { user } = renderBackOffice('/admin-payment-history');
    await user.click(await screen.findByRole('button', { name: 'bob@acme.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Email' });
    expect(within(dialog).getByText('2')).toBeInTheDocument();
    const text = within(dialog).getByLabelText('Message');
    expect((text as HTMLTextAreaElement).value).toMatch(/^Hello Bob Stone,/);
    expect((text as HTMLTextAreaElement).value).toContain('did not go through (Your card was declined)');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST', `${S}/payments/fail/email`)).toHaveLength(1));
    expect(api.callsTo('POST', `${S}/payments/fail/email`)[0]!.body).toMatchObject({ email: 'bob@acme.test' });
    expect(await screen.findByText('Email sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Email' })).not.toBeInTheDocument());
  });

  it('links a failed row to WhatsApp and counts the redirect', async () => {
    const api = mockApi({
      ...detail,
      [`GET ${S}/payments/history`]: historyAnswer,
      [`POST ${S}/customers/updateWhatsappCount`]: {
        body: { respones_msg: 'WhatsApp count updated', data: { whatsappRedirectCount: 2 } },
      },
    });
    const { user } = renderBackOffice('/admin-payment-history');
    const link = await screen.findByRole('link', { name: 'WhatsApp bob@acme.test' });
    expect(link).toHaveAttribute('href', 'https://wa.me/447700900123');
    expect(link).toHaveAttribute('target', '_blank');
    link.addEventListener('click', (e) => e.preventDefault());
    await user.click(link);
    await waitFor(() =>
      expect(api.callsTo('POST', `${S}/customers/updateWhatsappCount`)[0]?.body).toEqual({ id: 'c2' }),
    );
  });

  it('sends the chosen filters', async () => {
    const api = mockApi({ ...detail, [`GET ${S}/payments/history`]: historyAnswer });
    const { user } = renderBackOffice('/admin-payment-history');
    await screen.findByRole('table', { name: 'Payment history' });
    await user.click(screen.getByRole('switch', { name: '0 Success Payments' }));
    await user.type(screen.getByLabelText('Email'), 'Bob@acme.test{Enter}');
    await waitFor(() => {
      const last = urlsOf(api.fetchMock, `${S}/payments/history`).at(-1)!;
      expect(last.searchParams.get('zeroSuccessPayment')).toBe('true');
      expect(last.searchParams.get('email')).toBe('Bob@acme.test');
    });
  });
});

describe('payment history: refunds, provider id, note, invoice and credit notes (issue 22)', () => {
  it('shows them on the row and downloads the PDFs through the staff calls', async () => {
    const refunded = row({
      _id: 'p9',
      status: 'Partially refunded',
      totalAmount: 299.9,
      refundedAmount: 89.97,
      refundedQty: 3,
      refundedAt: '2026-11-28T12:00:00.000Z',
      providerPaymentId: 'pi_3Nabc',
      invoiceNumber: 'INV-2026-000042',
      creditNotes: [
        { _id: 'cn1', number: 'CN-2026-000007', amount: 89.97, qty: 3, created_at: '2026-11-28T12:00:00.000Z' },
      ],
    });
    const offlineSale = row({ _id: 'p10', isOfflinePayment: true, providerPaymentId: null, note: 'Wire ref 42' });
    const api = mockApi({
      ...detail,
      [`GET ${S}/payments/history`]: { body: { ...historyAnswer.body, data: [refunded, offlineSale] } },
      [`GET ${S}/payments/p9/invoice`]: { body: '%PDF-1.3' },
      [`GET ${S}/payments/p9/credit-notes/cn1`]: { body: '%PDF-1.3' },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const { user } = renderBackOffice('/admin-payment-history');
    const table = await screen.findByRole('table', { name: 'Payment history' });
    expect(await within(table).findByText('€89.97 refunded on 28 Nov 2026 (3 seats)')).toBeInTheDocument();
    expect(within(table).getByText('pi_3Nabc')).toBeInTheDocument();
    expect(within(table).getByText('Note: Wire ref 42')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Download invoice INV-2026-000042 (PDF)' }));
    await waitFor(() => expect(api.callsTo('GET', `${S}/payments/p9/invoice`)).toHaveLength(1));
    await user.click(within(table).getByRole('button', { name: /Download credit note CN-2026-000007/ }));
    await waitFor(() => expect(api.callsTo('GET', `${S}/payments/p9/credit-notes/cn1`)).toHaveLength(1));
    vi.unstubAllGlobals();
  });
});

describe('upcoming expiry, payment errors and coupons', () => {
  it('lists the upcoming expiries with the Offline Payments switch', async () => {
    const api = mockApi({
      ...detail,
      [`GET ${S}/payments/upcoming-expire-history`]: {
        body: { respones_msg: 'Upcoming', data: [row({ isOfflinePayment: true })], pagination: pagination(1) },
      },
    });
    const { user } = renderBackOffice('/admin-upcoming-expire-payment-history');
    const table = await screen.findByRole('table', { name: 'Upcoming expiry payments' });
    expect(await within(table).findByText('Offline')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Offline Payments' }));
    await waitFor(() =>
      expect(
        urlsOf(api.fetchMock, `${S}/payments/upcoming-expire-history`).at(-1)!.searchParams.get('isOfflinePayment'),
      ).toBe('true'),
    );
  });

  it('shows the billing name when a payment error has no email, with page sizes up to 500', async () => {
    const error = (over: Partial<PaymentErrorRow>): PaymentErrorRow => ({
      _id: '1',
      email: 'jane@acme.test',
      message: 'Your card was declined.',
      code: 'card_declined',
      reqBody: { error: { code: 'card_declined', message: 'Your card was declined.', payment_method: null } },
      created_at: '2026-03-05T14:03:27.000Z',
      ...over,
    });
    mockApi({
      ...detail,
      [`GET ${S}/payments/errors`]: {
        body: {
          respones_msg: 'Payment errors',
          data: [
            error({}),
            error({
              _id: '2',
              email: null,
              reqBody: {
                error: {
                  code: 'expired_card',
                  message: 'Your card has expired.',
                  payment_method: { type: 'card', billing_details: { name: 'Jane Card-Holder' } },
                },
              },
            }),
          ],
          pagination: pagination(2),
        },
      },
    });
    renderBackOffice('/admin-payment-errors');
    const table = await screen.findByRole('table', { name: 'Payment errors' });
    expect(await within(table).findByText('Jane Card-Holder')).toBeInTheDocument();
    expect(within(table).getAllByText('card_declined')).toHaveLength(2);
    const sizes = within(screen.getByLabelText('Entries per page'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sizes).toContain('500');
  });

  it('edits the payment notes and links each coupon to its payments', async () => {
    const api = mockApi({
      ...detail,
      [`GET ${S}/payments/coupons`]: {
        body: {
          respones_msg: 'Coupons',
          data: [
            {
              id: 'SPRING10',
              percentOff: 10,
              active: true,
              expiresAt: null,
              redeemed: 42,
              maxRedemptions: null,
              planIdentifiers: null,
              resellerEmail: null,
              totalPaymentCount: 42,
              created_at: '2026-03-05T14:03:27.000Z',
            },
          ],
          pagination: { page: 1, limit: 25, total: 1 },
          paymentNotes: { value: 'Prices include VAT.' },
        },
      },
      [`POST ${S}/payments/save/setting`]: {
        body: {
          respones_msg: 'Payment notes saved',
          data: { key: 'paymentNotes', value: 'Bank transfer on request.' },
        },
      },
      [`GET ${S}/payments/history`]: historyAnswer,
    });
    const { user } = renderBackOffice('/admin-coupons');
    const notes = await screen.findByLabelText('Payment notes');
    await waitFor(() => expect(notes).toHaveValue('Prices include VAT.'));
    await user.clear(notes);
    await user.type(notes, 'Bank transfer on request.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${S}/payments/save/setting`)[0]?.body).toEqual({
        key: 'paymentNotes',
        value: 'Bank transfer on request.',
      }),
    );
    expect(await screen.findByText('Payment notes saved')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '42 successful payments with SPRING10' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin-payment-history?coupon=SPRING10'));
  });
});
