import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/shared/lib/navigation';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

describe('Verify OTP', () => {
  it('accepts only digits, then stores the token and loads the dashboard', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = mockApi({
      'POST /api/v1/admin/users/verify-otp': { body: { respones_msg: 'Verified', data: { token: 'tok-otp' } } },
    });
    const { user } = renderApp('/verify-otp?email=jane%40acme.test');

    const digits = await screen.findAllByLabelText('Verification code digit');
    expect(digits).toHaveLength(4);
    await user.click(digits[0]!);
    await user.keyboard('a1b2-3.x4');
    expect(digits.map((d) => (d as HTMLInputElement).value)).toEqual(['1', '2', '3', '4']);

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(window.localStorage.getItem('token')).toBe('tok-otp'));
    expect(api.callsTo('POST', '/api/v1/admin/users/verify-otp')[0]?.body).toEqual({
      otp: '1234',
      email: 'jane@acme.test',
    });
    expect(assign).toHaveBeenCalledWith('/dashboard');
  });

  it('submits the code as soon as its last digit is typed, without a click (issue 24, item 9)', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = mockApi({
      'POST /api/v1/admin/users/verify-otp': { body: { respones_msg: 'Verified', data: { token: 'tok-typed' } } },
    });
    const { user } = renderApp('/verify-otp?email=jane%40acme.test');
    await user.click((await screen.findAllByLabelText('Verification code digit'))[0]!);
    await user.keyboard('123');
    expect(api.callsTo('POST', '/api/v1/admin/users/verify-otp')).toHaveLength(0);
    await user.keyboard('4');
    await waitFor(() => expect(window.localStorage.getItem('token')).toBe('tok-typed'));
    expect(api.callsTo('POST', '/api/v1/admin/users/verify-otp')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/v1/admin/users/verify-otp')[0]?.body).toEqual({
      otp: '1234',
      email: 'jane@acme.test',
    });
    expect(assign).toHaveBeenCalledWith('/dashboard');
  });

  it('submits a pasted code at once (issue 24, item 9)', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = mockApi({
      'POST /api/v1/admin/users/verify-otp': { body: { respones_msg: 'Verified', data: { token: 'tok-pasted' } } },
    });
    const { user } = renderApp('/verify-otp?email=jane%40acme.test');
    await user.click((await screen.findAllByLabelText('Verification code digit'))[0]!);
    await user.paste('5678');
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/admin/users/verify-otp')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/v1/admin/users/verify-otp')[0]?.body).toEqual({
      otp: '5678',
      email: 'jane@acme.test',
    });
  });

  it('keeps Verify disabled until the code is complete and uses the configured length', async () => {
    const api = mockApi({
      'GET /api/v1/config': {
        body: {
          respones_msg: 'OK',
          data: {
            productName: 'Fleetdeck',
            oldSystemLoginUrl: null,
            otpLength: 6,
            paymentProvider: 'sandbox',
            stripePublishableKey: null,
            supportEmail: 'support@fleetdeck.test',
            privacyUrl: null,
            termsUrl: null,
          },
        },
      },
    });
    const { user } = renderApp('/verify-otp?email=jane%40acme.test');
    await waitFor(() => expect(screen.getAllByLabelText('Verification code digit')).toHaveLength(6));
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await user.click(screen.getAllByLabelText('Verification code digit')[0]!);
    await user.keyboard('12345');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/v1/admin/users/verify-otp')).toHaveLength(0);
    // The sixth digit completes the configured length: the code goes out without a click (issue 24, item 9).
    await user.keyboard('6');
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/admin/users/verify-otp')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/v1/admin/users/verify-otp')[0]?.body).toMatchObject({ otp: '123456' });
  });

  it('shows the server message for a wrong code and stores nothing', async () => {
    mockApi({
      'POST /api/v1/admin/users/verify-otp': {
        status: 400,
        body: { respones_msg: 'The code is not correct.', code: 'E_OTP_INVALID' },
      },
    });
    const { user } = renderApp('/verify-otp?email=jane%40acme.test');
    const digits = await screen.findAllByLabelText('Verification code digit');
    await user.click(digits[0]!);
    await user.keyboard('9999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
