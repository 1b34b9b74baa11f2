import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiSession } from '@/lib/api-client';
import { customerSession } from '@/lib/auth-storage';
import { mockApi, type RecordedCall } from '@/test/mock-api';
import { currentLocation, renderBackOffice } from '@/test/render-back-office';

afterEach(() => {
  setApiSession(customerSession);
  window.localStorage.clear();
});

const S = '/api/v1/super-admin';
const PAYMENT = '5b0b7f39-7a53-4a36-9b0e-0f3b9f7d1a11';
const CUSTOMER = 'c0ffee00-7a53-4a36-9b0e-0f3b9f7d1a11';
const DEVICE = 'd0d0d0d0-7a53-4a36-9b0e-0f3b9f7d1a11';

const detail = (refundQty: number, subscriptionType: 'recurring' | 'one_time' = 'recurring') => ({
  respones_msg: 'Payment detail',
  data: {
    _id: PAYMENT,
    customerId: CUSTOMER,
    email: 'buyer@acme.test',
    productName: 'Fleetdeck Subscription',
    priceId: { _id: 'p1', identifier: 'PD' },
    subscriptionType,
    subscriptionReason: 'subscription_create',
    status: 'Success',
    isOfflinePayment: false,
    provider: 'sandbox',
    qty: 4,
    totalAmount: 119.96,
    currency: 'eur',
    refundedQty: 0,
    refundedAmount: 0,
    seatsLeft: 4,
    remainingDays: 365,
    periodDays: 365,
    refundQty,
    proratedRefundAmount: Math.floor((11996 * refundQty) / 4) / 100,
    amountEditable: subscriptionType === 'one_time',
    refundable: true,
    notRefundableReason: null,
    refundBy: null,
    expiryAt: '2027-11-23T00:00:00.000Z',
    created_at: '2026-11-23T00:00:00.000Z',
    devices: [{ _id: DEVICE, deviceName: 'Front desk', serialNumber: 'SN-1' }],
  },
});

function signedIn(extra: Record<string, unknown>) {
  window.localStorage.setItem('super_admin_token', 'staff-token');
  window.localStorage.setItem('adminRole', 'Admin');
  return mockApi({
    [`GET ${S}/users/detail`]: {
      body: {
        respones_msg: 'Staff detail',
        data: { _id: 'a1', email: 'admin@fleetdeck.test', name: 'Admin', role: 'Admin', areas: [] },
      },
    },
    ...extra,
  });
}

describe('refund page (spec 3 "Refund")', () => {
  it('prefills every seat left and the prorated amount, refunds 2 with one device after confirming, then goes back', async () => {
    let refundCall: RecordedCall | null = null;
    // The quantity the page asks for next (the mock does not read the query string).
    let lastQty = 4;
    signedIn({
      [`GET ${S}/payments/detail`]: () => ({ body: detail(lastQty) }),
      [`POST ${S}/payments/refund`]: (call: RecordedCall) => {
        refundCall = call;
        return {
          body: {
            respones_msg: 'Refund completed successfully.',
            data: {
              paymentId: PAYMENT,
              refundId: 'r1',
              status: 'Partially refunded',
              refundQty: 2,
              refundAmount: 59.98,
              refundBy: 'admin@fleetdeck.test',
              devicesLoggedOut: [DEVICE],
              replayed: false,
            },
          },
        };
      },
    });
    const view = renderBackOffice(`/admin-customer-refund-payment?id=${PAYMENT}&customerId=${CUSTOMER}`);
    expect(await screen.findByDisplayValue('buyer@acme.test')).toBeInTheDocument();
    const qty = screen.getByLabelText('Refund qty');
    expect(qty).toHaveValue('4');
    expect(screen.getByLabelText('Refund amount')).toHaveValue('€119.96');
    expect(screen.getByLabelText('Refund amount')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Paid amount')).toHaveValue('€119.96');

    await view.user.click(screen.getByRole('checkbox', { name: /Front desk/ }));
    lastQty = 2;
    await view.user.clear(qty);
    await view.user.type(qty, '2');
    await waitFor(() => expect(screen.getByLabelText('Refund amount')).toHaveValue('€59.98'));
    await view.user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('€59.98 for 2 seat(s)');
    await view.user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(currentLocation()).toBe(`/admin-customer-subscription-create?id=${CUSTOMER}`));
    expect(refundCall!.body).toEqual({ id: PAYMENT, refundQty: 2, refundAmount: 59.98, refundDevices: [DEVICE] });
    expect(refundCall!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows why a payment cannot be refunded, with the Refund button disabled', async () => {
    signedIn({
      [`GET ${S}/payments/detail`]: {
        body: {
          ...detail(4),
          data: {
            ...detail(4).data,
            refundable: false,
            notRefundableReason: 'This payment has been refunded already.',
          },
        },
      },
    });
    renderBackOffice(`/admin-customer-refund-payment?id=${PAYMENT}&customerId=${CUSTOMER}`);
    expect(await screen.findByText('This payment has been refunded already.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeDisabled();
  });

  it('shows the load error when the payment cannot load', async () => {
    signedIn({
      [`GET ${S}/payments/detail`]: { status: 404, body: { respones_msg: 'This payment does not exist.' } },
    });
    renderBackOffice(`/admin-customer-refund-payment?id=${PAYMENT}&customerId=${CUSTOMER}`);
    expect(await screen.findByText('The payment could not load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
