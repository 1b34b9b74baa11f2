import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, sampleUser } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { savedCard, userDetailRoute } from '../testing/fixtures';

const list = (data: unknown[], defaultSource: string | null) => ({
  'GET /api/v1/admin/users/payment-method/list': { body: { respones_msg: 'OK', data, defaultSource } },
});

describe('Payment methods', () => {
  it('in a staff session (login-as) every button is disabled, with the reason (DECISIONS §8)', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      'GET /api/v1/admin/users/detail': {
        body: { respones_msg: 'OK', data: { ...sampleUser, staffSession: { staffEmail: 'help@fleetdeck.test' } } },
      },
      ...list([savedCard('pm_1', { isDefault: true }), savedCard('pm_2')], 'pm_1'),
    });
    renderApp('/payment-methods');
    const second = await screen.findByTestId('payment-method-pm_2');
    expect(
      screen.getByText(
        "Not available in a staff session: passwords, two-step, cards and purchases stay the customer's own.",
      ),
    ).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Make default' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeDisabled();
  });

  it('lists cards and PayPal with their details and the default badge', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...userDetailRoute,
      ...list(
        [
          savedCard('pm_1', { isDefault: true }),
          savedCard('pm_2', {
            card: { brand: 'mastercard', country: 'FR', exp_month: 11, exp_year: 2031, last4: '4444' },
          }),
          {
            id: 'pp_1',
            type: 'paypal',
            card: null,
            paypal: { country: 'GB', payer_email: 'buyer@acme.test', payer_id: 'PAYER42' },
            isDefault: false,
          },
        ],
        'pm_1',
      ),
    });
    renderApp('/payment-methods');

    const first = await screen.findByTestId('payment-method-pm_1');
    expect(within(first).getByText('Default')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Make default' })).not.toBeInTheDocument();
    expect(within(first).getByText('04/2030')).toBeInTheDocument();
    expect(within(first).getByText('DE')).toBeInTheDocument();
    expect(within(first).getByText('4242')).toBeInTheDocument();

    const second = screen.getByTestId('payment-method-pm_2');
    expect(within(second).getByText('Mastercard •••• 4444')).toBeInTheDocument();
    expect(within(second).getByText('11/2031')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Make default' })).toBeInTheDocument();

    const paypal = screen.getByTestId('payment-method-pp_1');
    expect(within(paypal).getByText('buyer@acme.test')).toBeInTheDocument();
    expect(within(paypal).getByText('PAYER42')).toBeInTheDocument();
    expect(within(paypal).getByText('GB')).toBeInTheDocument();
  });

  it('removes a card that is not the default after "Are you sure?"; the default has no Remove', async () => {
    window.localStorage.setItem('token', 'tok');
    let methods = [savedCard('pm_1', { isDefault: true }), savedCard('pm_2')];
    const api = mockApi({
      ...userDetailRoute,
      'GET /api/v1/admin/users/payment-method/list': () => ({
        body: { respones_msg: 'OK', data: methods, defaultSource: 'pm_1' },
      }),
      'POST /api/v1/admin/users/payment-method/detach': () => {
        methods = methods.filter((m) => m.id !== 'pm_2');
        return { body: { respones_msg: 'Payment method removed.' } };
      },
    });
    const { user } = renderApp('/payment-methods');
    const first = await screen.findByTestId('payment-method-pm_1');
    expect(within(first).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    const second = screen.getByTestId('payment-method-pm_2');
    await user.click(within(second).getByRole('button', { name: /^Remove/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(api.callsTo('POST', '/api/v1/admin/users/payment-method/detach')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove it!' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/v1/admin/users/payment-method/detach')[0]?.body).toEqual({ pmId: 'pm_2' }),
    );
    await waitFor(() => expect(screen.queryByTestId('payment-method-pm_2')).not.toBeInTheDocument());
  });

  it('makes a method the default after confirming', async () => {
    window.localStorage.setItem('token', 'tok');
    let defaultId = 'pm_1';
    const api = mockApi({
      ...userDetailRoute,
      'GET /api/v1/admin/users/payment-method/list': () => ({
        body: {
          respones_msg: 'OK',
          data: [
            savedCard('pm_1', { isDefault: defaultId === 'pm_1' }),
            savedCard('pm_2', { isDefault: defaultId === 'pm_2' }),
          ],
          defaultSource: defaultId,
        },
      }),
      'POST /api/v1/admin/users/payment-method/default': (call) => {
        defaultId = (call.body as { pmId: string }).pmId;
        return { body: { respones_msg: 'Default payment method updated.' } };
      },
    });
    const { user } = renderApp('/payment-methods');
    const second = await screen.findByTestId('payment-method-pm_2');
    await user.click(within(second).getByRole('button', { name: 'Make default' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.callsTo('POST', '/api/v1/admin/users/payment-method/default')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Make default' }));

    await waitFor(() =>
      expect(within(screen.getByTestId('payment-method-pm_2')).getByText('Default')).toBeInTheDocument(),
    );
    expect(api.callsTo('POST', '/api/v1/admin/users/payment-method/default')[0]?.body).toEqual({ pmId: 'pm_2' });
    expect(await screen.findByText('Default payment method updated.')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('payment-method-pm_1')).getByRole('button', { name: 'Make default' }),
    ).toBeInTheDocument();
  });

  it('shows an empty state and adds a card: tokenise with the sandbox, then attach', async () => {
    window.localStorage.setItem('token', 'tok');
    let saved: unknown[] = [];
    const api = mockApi({
      ...userDetailRoute,
      'GET /api/v1/admin/users/payment-method/list': () => ({
        body: { respones_msg: 'OK', data: saved, defaultSource: saved.length ? 'pm_new' : null },
      }),
      'POST /api/v1/sandbox/payment-methods': {
        body: { respones_msg: 'OK', data: savedCard('pm_new') },
      },
      'POST /api/v1/admin/users/payment-method/attach': () => {
        saved = [savedCard('pm_new', { isDefault: true })];
        return { body: { respones_msg: 'Card saved.', data: saved[0] } };
      },
    });
    const { user } = renderApp('/payment-methods');
    expect(await screen.findByText('No payment methods yet')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '0430');
    expect(screen.getByLabelText('Expiry (MM / YY)')).toHaveValue('04 / 30');
    await user.type(screen.getByLabelText('CVC'), '321');
    await user.click(screen.getByRole('button', { name: 'Save card' }));

    expect(await screen.findByTestId('payment-method-pm_new')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/sandbox/payment-methods')[0]?.body).toEqual({
      number: '4242424242424242',
      expMonth: 4,
      expYear: 2030,
      cvc: '321',
    });
    expect(api.callsTo('POST', '/api/v1/admin/users/payment-method/attach')[0]?.body).toEqual({ pmId: 'pm_new' });
    expect(screen.getByLabelText('Card number')).toHaveValue('');
  });

  it('does not send an invalid card', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...userDetailRoute, ...list([], null) });
    const { user } = renderApp('/payment-methods');
    await screen.findByText('No payment methods yet');
    await user.type(screen.getByLabelText('Card number'), '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your card number is invalid.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/sandbox/payment-methods')).toHaveLength(0);
  });
});
