import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/shared/lib/navigation';
import { mockApi } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';
import { plan, priceDetail, userDetailRoute } from '../testing/fixtures';

vi.mock('@/portal/components/captcha-field', async () => ({
  CaptchaField: (await import('../testing/captcha-mock')).FakeCaptchaField,
}));

describe('Subscription entry from the login page buy links', () => {
  it('sends a signed-in customer straight to checkout for the plan', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...userDetailRoute, ...priceDetail(plan('PD', 'PD')) });
    renderApp('/subscription?price_id=PD');
    await waitFor(() => expect(currentLocation()).toBe('/make-payment?id=PD'));
    expect(await screen.findByLabelText('Enter Number Of Devices')).toBeInTheDocument();
  });

  it('sends a visitor through login and then to checkout', async () => {
    window.sessionStorage.clear();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockApi({
      'POST /api/v1/admin/users/login': {
        body: { respones_msg: 'Login successful', enable_two_step_email_verification: false, data: { token: 't' } },
      },
    });
    const { user } = renderApp('/subscription?price_id=KMOT');
    const login = await screen.findByRole('link', { name: 'Log in' });
    expect(login).toHaveAttribute('href', '/login?next=%2Fmake-payment%3Fid%3DKMOT');
    await user.click(login);
    await user.click(await screen.findByLabelText('Email'));
    await user.paste('jane@acme.test');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('correct horse battery');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/make-payment?id=KMOT'));
  });

  it('ignores a next that leaves the site', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    window.sessionStorage.clear();
    mockApi({
      'POST /api/v1/admin/users/login': {
        body: { respones_msg: 'Login successful', enable_two_step_email_verification: false, data: { token: 't' } },
      },
    });
    const { user } = renderApp('/login?next=//evil.example.com/x');
    await user.click(await screen.findByLabelText('Email'));
    await user.paste('jane@acme.test');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('correct horse battery');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
  });
});
