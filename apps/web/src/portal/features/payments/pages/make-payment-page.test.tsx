import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, mockApi, sampleUser } from '@/test/mock-api';
import { expectRefusedAsTyped } from '@/test/number-cases';
import { renderApp } from '@/test/render-app';
import { checkoutAnswer, plan, priceDetail, savedCard, userDetailRoute } from '../testing/fixtures';

vi.mock('@/portal/components/captcha-field', async () => ({
  CaptchaField: (await import('../testing/captcha-mock')).FakeCaptchaField,
}));

type User = ReturnType<typeof renderApp>['user'];

const fillCard = async (user: User, number = '4242 4242 4242 4242') => {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1230');
  await user.type(screen.getByLabelText('CVC'), '123');
};

const setQty = async (user: User, label: string, value: string) => {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
};

const summary = (key: string) => screen.getByTestId(`summary-${key}`).textContent;

describe('Make payment', () => {
  it('in a staff session (login-as) the purchase form is disabled, with the reason (DECISIONS §8)', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      'GET /api/v1/admin/users/detail': {
        body: { respones_msg: 'OK', data: { ...sampleUser, staffSession: { staffEmail: 'help@fleetdeck.test' } } },
      },
      ...priceDetail(plan('PD', 'PD')),
    });
    renderApp('/make-payment?id=id-PD');
    expect(await screen.findByLabelText('Enter Number Of Devices')).toBeDisabled();
    expect(
      screen.getByText(
        "Not available in a staff session: passwords, two-step, cards and purchases stay the customer's own.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('computes the summary from the quantity and resets 0 to 1', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...userDetailRoute, ...priceDetail(plan('PD', 'PD', { totalPurchasedDevices: 4 })) });
    const { user } = renderApp('/make-payment?id=id-PD&qty=3');

    expect(await screen.findByLabelText('Enter Number Of Devices')).toHaveValue('3');
    expect(screen.getByText('If you want to add more than 1 device then buy in qty')).toBeInTheDocument();
    expect(summary('product')).toBe('PD Subscription');
    expect(summary('price')).toBe('€29.99 / year');
    expect(summary('current')).toBe('4');
    expect(summary('after')).toBe('7');
    expect(summary('total')).toBe('€89.97');

    await setQty(user, 'Enter Number Of Devices', '0');
    expect(screen.getByLabelText('Enter Number Of Devices')).toHaveValue('0'); // as typed, until the field is left
    await user.tab();
    expect(screen.getByLabelText('Enter Number Of Devices')).toHaveValue('1');
    expect(summary('after')).toBe('5');
    expect(summary('total')).toBe('€29.99');
  });

  it('"-5" does not buy 5: a minus sign, a fraction or too many are refused as typed and nothing is paid', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...userDetailRoute, ...priceDetail(plan('PD', 'PD')) });
    const { user } = renderApp('/make-payment?id=id-PD');
    const field = await screen.findByLabelText('Enter Number Of Devices');
    await user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await fillCard(user);
    await expectRefusedAsTyped(
      user,
      field,
      [
        ['-5', 'No minus sign'],
        ['-3', 'No minus sign'],
        ['1.5', 'Enter a whole number'],
        ['99999999', 'Must be at most 10,000'],
      ],
      {
        check: async () => {
          // Nothing is charged for a refused quantity; leaving the field keeps it as typed.
          expect(summary('total')).toBe('€0.00');
          await user.tab();
          await user.click(screen.getByRole('button', { name: 'Pay' }));
        },
      },
    );
    expect(field).toHaveValue('99999999');
    expect(api.callsTo('POST', '/api/v1/admin/payments/purchase')).toHaveLength(0);
  });

  it('Power Chat starts at 2 users and refuses fewer', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...userDetailRoute, ...priceDetail(plan('PCHAT', 'PCHAT')) });
    const { user } = renderApp('/make-payment?id=id-PCHAT');

    expect(await screen.findByLabelText('Enter Number Of Users')).toHaveValue('2');
    // Users, not devices, and a hint that agrees with the minimum.
    expect(
      screen.getByText('Power Chat is licensed per user: buy at least 2 licences, one for each user.'),
    ).toBeVisible();
    expect(screen.queryByText(/more than 1 device/)).not.toBeInTheDocument();
    expect(screen.getByText('Current Users')).toBeInTheDocument();
    expect(screen.getByText('Users After Purchase')).toBeInTheDocument();
    await setQty(user, 'Enter Number Of Users', '1');
    await user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect((await screen.findAllByText('Please purchase minimum 2 licences for 2 users.')).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/v1/admin/payments/purchase')).toHaveLength(0);
  });

  it('asks for the captcha and sends nothing until it is solved', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...userDetailRoute, ...priceDetail(plan('PD', 'PD')) });
    const { user } = renderApp('/make-payment?id=id-PD');
    await screen.findByLabelText('Enter Number Of Devices');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect((await screen.findAllByText('Please verify captcha.')).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/v1/admin/payments/purchase')).toHaveLength(0);
  });

  it('applies a coupon: badge with the code and the discounted total', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...userDetailRoute,
      ...priceDetail(plan('PD', 'PD')),
      'POST /api/v1/admin/payments/coupon/apply': {
        body: {
          respones_msg: 'Coupon applied',
          data: { couponCode: 'SAVE10', percentOff: 10, discountAmount: 6, subtotal: 59.98, total: 53.98 },
        },
      },
    });
    const { user } = renderApp('/make-payment?id=id-PD&qty=2');
    await screen.findByLabelText('Enter Number Of Devices');
    expect(screen.queryByTestId('coupon-badge')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Coupon code'), 'SAVE10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByTestId('coupon-badge')).toHaveTextContent('SAVE10');
    expect(summary('discount')).toBe('- €6.00');
    expect(summary('total')).toBe('€53.98');
    expect(api.callsTo('POST', '/api/v1/admin/payments/coupon/apply')[0]?.body).toEqual({
      couponCode: 'SAVE10',
      priceId: 'id-PD',
      qty: 2,
    });
  });

  it('shows no badge and an error when the coupon gives nothing', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...userDetailRoute,
      ...priceDetail(plan('PD', 'PD')),
      'POST /api/v1/admin/payments/coupon/apply': {
        body: {
          respones_msg: 'OK',
          data: { couponCode: 'ZERO', percentOff: 0, discountAmount: 0, subtotal: 29.99, total: 29.99 },
        },
      },
    });
    const { user } = renderApp('/make-payment?id=id-PD');
    await screen.findByLabelText('Enter Number Of Devices');
    await user.type(screen.getByLabelText('Coupon code'), 'ZERO');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon gives no discount on this plan.')).toBeInTheDocument();
    expect(screen.queryByTestId('coupon-badge')).not.toBeInTheDocument();
    expect(summary('total')).toBe('€29.99');
  });

  it('purchases, confirms the card and shows the success view', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...userDetailRoute,
      ...priceDetail(plan('PD', 'PD')),
      'POST /api/v1/admin/payments/purchase': { body: checkoutAnswer() },
      'POST /api/v1/sandbox/confirm': {
        body: { respones_msg: 'OK', data: { status: 'succeeded', paymentIntentId: 'pi_123', paymentId: 'pay-1' } },
      },
    });
    const { user } = renderApp('/make-payment?id=id-PD&qty=2');
    await screen.findByLabelText('Enter Number Of Devices');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Thank you for your payment, it’s processing')).toBeInTheDocument();
    expect(
      screen.getByText('You will receive an order confirmation email with details of your subscription.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/plans');

    const purchase = api.callsTo('POST', '/api/v1/admin/payments/purchase')[0];
    expect(purchase?.body).toMatchObject({
      qty: 2,
      priceId: 'id-PD',
      captcha: 'captcha-payload',
      email: 'jane@acme.test',
    });
    expect(purchase?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.callsTo('POST', '/api/v1/sandbox/confirm')[0]?.body).toEqual({
      clientSecret: 'pi_123_secret_abc',
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
  });

  it('on a decline shows the provider message, re-arms the captcha and re-enables Pay', async () => {
    window.localStorage.setItem('token', 'tok');
    let release: (v: { status: number; body: unknown }) => void = () => undefined;
    const api = mockApi({
      ...userDetailRoute,
      ...priceDetail(plan('PD', 'PD')),
      'POST /api/v1/admin/payments/purchase': { body: checkoutAnswer() },
      'POST /api/v1/sandbox/confirm': () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    });
    const { user } = renderApp('/make-payment?id=id-PD');
    await screen.findByLabelText('Enter Number Of Devices');
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/v1/sandbox/confirm')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    await act(async () => {
      release({ status: 402, body: { respones_msg: 'Your card was declined.', code: 'E_CARD_DECLINED' } });
    });

    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect((await screen.findAllByText('Your card was declined.')).length).toBeGreaterThan(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    expect(screen.getByTestId('captcha-resets')).toHaveTextContent('1');
    expect(screen.queryByText('Thank you for your payment, it’s processing')).not.toBeInTheDocument();

    // The old captcha solution is spent: paying again asks for a new one.
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect((await screen.findAllByText('Please verify captcha.')).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/v1/admin/payments/purchase')).toHaveLength(1);
  });
});

describe('test mode banner (issue 12, item 8)', () => {
  it('shows a test mode notice while the sandbox provider runs, and none with Stripe', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...userDetailRoute, ...priceDetail(plan('PD', 'PD')) });
    const sandbox = renderApp('/make-payment?id=id-PD&qty=1');
    const banner = await screen.findByRole('status', { name: 'Test mode' });
    expect(banner).toHaveTextContent(/no card is charged/);
    sandbox.unmount();

    mockApi({
      ...userDetailRoute,
      ...priceDetail(plan('PD', 'PD')),
      'GET /api/v1/config': {
        body: { ...DEFAULT_CONFIG, data: { ...DEFAULT_CONFIG.data, paymentProvider: 'stripe' } },
      },
    });
    renderApp('/make-payment?id=id-PD&qty=1');
    expect(await screen.findByLabelText('Enter Number Of Devices')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Test mode' })).not.toBeInTheDocument();
  });
});

describe('Update subscription', () => {
  it('shows the licences, the coupon and the default card, and charges it on Update', async () => {
    window.localStorage.setItem('token', 'tok');
    const subscribed = plan('PD', 'PD', {
      totalPurchasedDevices: 5,
      subscriptionDetail: {
        _id: 'sub-1',
        priceId: 'PD',
        family: 'PD',
        quantity: 5,
        status: 'active',
        currentPeriodEnd: null,
        coupon: 'RESELL10',
        paymentMethod: null,
      },
    });
    const api = mockApi({
      ...userDetailRoute,
      ...priceDetail(subscribed, savedCard('pm_default', { isDefault: true })),
      'POST /api/v1/admin/payments/coupon/apply': {
        body: {
          respones_msg: 'OK',
          data: { couponCode: 'RESELL10', percentOff: 10, discountAmount: 3, subtotal: 29.99, total: 26.99 },
        },
      },
      'POST /api/v1/admin/payments/subscription/update': { body: checkoutAnswer('requires_confirmation') },
      'POST /api/v1/sandbox/confirm': {
        body: { respones_msg: 'OK', data: { status: 'succeeded', paymentIntentId: 'pi_1', paymentId: 'pay-2' } },
      },
    });
    const { user } = renderApp('/update-subscription?id=id-PD');

    expect(await screen.findByLabelText('Enter Number Of Devices')).toHaveValue('1');
    expect(summary('current')).toBe('5');
    expect(summary('after')).toBe('6');
    expect(summary('coupon')).toBe('RESELL10');
    await waitFor(() => expect(summary('coupon-discount')).toBe('- €3.00'));
    expect(summary('total')).toBe('€26.99');
    expect(screen.getByTestId('default-card')).toHaveTextContent('Visa •••• 4242');
    expect(screen.getByRole('link', { name: 'Edit payment method' })).toHaveAttribute('href', '/payment-methods');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Thank you for your payment, it’s processing')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/admin/payments/subscription/update')[0]?.body).toEqual({
      qty: 1,
      priceId: 'id-PD',
      captcha: 'captcha-payload',
    });
    expect(api.callsTo('POST', '/api/v1/sandbox/confirm')[0]?.body).toEqual({
      clientSecret: 'pi_123_secret_abc',
      paymentMethodId: 'pm_default',
    });
  });

  it('hides the coupon rows without a coupon and shows the card entry without a default card', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...userDetailRoute, ...priceDetail(plan('PD', 'PD', { totalPurchasedDevices: 2 })) });
    renderApp('/update-subscription?id=id-PD');
    await screen.findByLabelText('Enter Number Of Devices');
    expect(screen.queryByTestId('summary-coupon')).not.toBeInTheDocument();
    expect(screen.queryByText('Coupon Discount')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    expect(summary('current')).toBe('2');
  });
});
