import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiSession } from '@/shared/lib/api-client';
import { customerSession } from '@/shared/lib/auth-storage';
import { mockApi, type RecordedCall } from '@/test/mock-api';
import { expectRefusedAsTyped } from '@/test/number-cases';
import { CUSTOMER, DEVICE, paymentDetailAnswer as detail, PAYMENT } from '@/test/payment-detail';
import { currentLocation, renderBackOffice } from '@/test/render-back-office';

afterEach(() => {
  setApiSession(customerSession);
  window.localStorage.clear();
});

const S = '/api/v1/super-admin';

const refundDone = (refundQty: number, refundAmount: number, devicesLoggedOut: string[]) => ({
  respones_msg: 'Refund completed successfully.',
  data: {
    paymentId: PAYMENT,
    refundId: 'r1',
    status: 'Partially refunded',
    refundQty,
    refundAmount,
    refundBy: 'admin@fleetdeck.test',
    devicesLoggedOut,
    replayed: false,
  },
});

const refundDisabled = () => expect(screen.getByRole('button', { name: 'Refund' })).toBeDisabled();

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
        return { body: refundDone(2, 59.98, [DEVICE]) };
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

  it('one-time: typing 50 shows €50 and refunds exactly 50.00; the confirmation names every device logged out', async () => {
    let refundCall: RecordedCall | null = null;
    const NEWEST = 'e0e0e0e0-7a53-4a36-9b0e-0f3b9f7d1a11';
    const oneTime = detail(3, 'one_time');
    oneTime.data.seatsLeft = 3;
    oneTime.data.devicesToLogOut = [
      { _id: NEWEST, deviceName: 'Back office tablet', serialNumber: 'SN-9', chosen: false },
    ];
    signedIn({
      [`GET ${S}/payments/detail`]: { body: oneTime },
      [`POST ${S}/payments/refund`]: (call: RecordedCall) => {
        refundCall = call;
        return { body: refundDone(3, 50, []) };
      },
    });
    const view = renderBackOffice(`/admin-customer-refund-payment?id=${PAYMENT}&customerId=${CUSTOMER}`);
    const amount = await screen.findByLabelText('Refund amount');
    expect(amount).toHaveValue('€89.97');
    await view.user.clear(amount);
    await view.user.type(amount, '50');
    expect(amount).toHaveValue('€50');
    await view.user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('€50.00 for 3 seat(s)');
    expect(dialog).toHaveTextContent('1 device(s) are logged out');
    expect(dialog).toHaveTextContent('Back office tablet (SN-9), newest');
    await view.user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refundCall).not.toBeNull());
    expect(refundCall!.body).toEqual({ id: PAYMENT, refundQty: 3, refundAmount: 50, refundDevices: [] });
  });

  it('one-time: an amount over what remains paid, a minus sign or sub-cents show at the field and cannot be sent', async () => {
    const calls = signedIn({ [`GET ${S}/payments/detail`]: { body: detail(4, 'one_time') } });
    const view = renderBackOffice(`/admin-customer-refund-payment?id=${PAYMENT}&customerId=${CUSTOMER}`);
    const amount = await screen.findByLabelText('Refund amount');
    await expectRefusedAsTyped(
      view.user,
      amount,
      [
        ['9999', 'Must be at most €119.96 (what remains paid for 4 seat(s))'],
        ['-5', 'No minus sign'],
        ['10.005', 'At most 2 decimals'],
        ['abc', 'Enter an amount'],
      ],
      { prefix: '€', check: refundDisabled },
    );
    expect(calls.calls.some((c) => c.path.endsWith('/payments/refund'))).toBe(false);
  });

  it('refund qty: -3, 1.5, 0 and 99999999 are refused at the field, never changed', async () => {
    signedIn({ [`GET ${S}/payments/detail`]: { body: detail(4) } });
    const view = renderBackOffice(`/admin-customer-refund-payment?id=${PAYMENT}&customerId=${CUSTOMER}`);
    const qty = await screen.findByLabelText('Refund qty');
    await expectRefusedAsTyped(
      view.user,
      qty,
      [
        ['-3', 'No minus sign'],
        ['1.5', 'Enter a whole number'],
        ['0', 'Must be at least 1'],
        ['99999999', 'Must be at most 4'],
      ],
      { check: refundDisabled },
    );
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
