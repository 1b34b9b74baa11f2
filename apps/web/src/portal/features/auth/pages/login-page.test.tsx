import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/shared/lib/navigation';
import { mockApi } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';

vi.mock('@/portal/components/captcha-field', async () => ({
  CaptchaField: (await import('../../payments/testing/captcha-mock')).FakeCaptchaField,
}));

type User = ReturnType<typeof renderApp>['user'];

const signIn = async (user: User, email = 'jane@acme.test', password = 'correct horse battery') => {
  await user.click(await screen.findByLabelText('Email'));
  await user.paste(email);
  await user.click(screen.getByLabelText('Password'));
  await user.paste(password);
  await user.keyboard('{Enter}');
};

describe('Login', () => {
  it('stores the token and loads the dashboard when two-step is off', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = mockApi({
      'POST /api/v1/admin/users/login': {
        body: {
          respones_msg: 'Login successful',
          enable_two_step_email_verification: false,
          data: { token: 'tok-abc' },
        },
      },
    });
    const { user } = renderApp('/login');
    await signIn(user);

    await waitFor(() => expect(window.localStorage.getItem('token')).toBe('tok-abc'));
    expect(assign).toHaveBeenCalledWith('/dashboard');
    const sent = api.callsTo('POST', '/api/v1/admin/users/login')[0]?.body;
    expect(sent).toEqual({
      email: 'jane@acme.test',
      password: 'correct horse battery',
      userAgent: navigator.userAgent,
    });
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
  });

  it('goes to verify-otp with the email when two-step is on, without storing a token', async () => {
    mockApi({
      'POST /api/v1/admin/users/login': {
        body: { respones_msg: 'A code was sent to your email.', enable_two_step_email_verification: true },
      },
    });
    const { user } = renderApp('/login');
    await signIn(user, 'jane@acme.test');

    await waitFor(() => expect(currentLocation()).toBe('/verify-otp?email=jane%40acme.test'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('A code was sent to your email.')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('jane@acme.test')).toHaveAttribute('readonly');
  });

  it('disables the Login button while the request runs', async () => {
    let release: (v: { body: unknown; status: number }) => void = () => undefined;
    mockApi({
      'POST /api/v1/admin/users/login': () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    });
    const { user } = renderApp('/login');
    await signIn(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled());
    await act(async () => {
      release({ status: 401, body: { respones_msg: 'Invalid email or password.', code: 'E_INVALID_CREDENTIALS' } });
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
  });

  it('offers the old system when the email belongs to it (userExist)', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockApi({
      'POST /api/v1/admin/users/login': {
        status: 401,
        body: { respones_msg: 'This account lives on the old system.', code: 'E_LEGACY_USER', userExist: 1 },
      },
    });
    const { user } = renderApp('/login');
    await signIn(user);

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('This email belongs to old Fleetdeck System, click ok to redirect to new site'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(assign).toHaveBeenCalledWith('https://old.example.com/login');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('does not show the old-system dialog for an ordinary failure', async () => {
    mockApi({
      'POST /api/v1/admin/users/login': {
        status: 401,
        body: { respones_msg: 'Invalid email or password.', code: 'E_INVALID_CREDENTIALS' },
      },
    });
    const { user } = renderApp('/login');
    await signIn(user);
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the captcha when the server asks for it and sends the solved one with the next try (issue 24)', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let tries = 0;
    const api = mockApi({
      'POST /api/v1/admin/users/login': () => {
        tries += 1;
        return tries === 1
          ? { status: 400, body: { respones_msg: 'Please verify captcha.', code: 'E_CAPTCHA' } }
          : {
              body: {
                respones_msg: 'Logged in successfully.',
                enable_two_step_email_verification: false,
                data: { token: 'tok-captcha' },
              },
            };
      },
    });
    const { user } = renderApp('/login');
    expect(screen.queryByRole('button', { name: 'Solve captcha' })).not.toBeInTheDocument();
    await signIn(user);
    const solve = await screen.findByRole('button', { name: 'Solve captcha' });
    // Unsolved: the form says so and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Please verify captcha.')).not.toHaveLength(0);
    expect(api.callsTo('POST', '/api/v1/admin/users/login')).toHaveLength(1);
    await user.click(solve);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(window.localStorage.getItem('token')).toBe('tok-captcha'));
    expect(api.callsTo('POST', '/api/v1/admin/users/login')[1]?.body).toMatchObject({ captcha: 'captcha-payload' });
    expect(assign).toHaveBeenCalled();
  });

  it('blanks autofilled fields one second after the screen appears', async () => {
    mockApi({});
    renderApp('/login');
    const email = await screen.findByLabelText('Email');
    // A browser's autofill sets values without the user focusing the field.
    fireEvent.change(email, { target: { value: 'saved@acme.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'saved-password' } });
    expect(screen.getByLabelText('Email')).toHaveValue('saved@acme.test');

    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue(''), { timeout: 2500 });
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('verifies the email once when opened with iv and encryptedData, and toasts the answer', async () => {
    const api = mockApi({
      'POST /api/v1/admin/users/verify/email': {
        body: { respones_msg: 'Your email is verified. You can log in now.' },
      },
    });
    renderApp('/login?iv=abc&encryptedData=def');
    expect(await screen.findAllByText('Your email is verified. You can log in now.')).not.toHaveLength(0);
    expect(api.callsTo('POST', '/api/v1/admin/users/verify/email')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/v1/admin/users/verify/email')[0]?.body).toEqual({
      iv: 'abc',
      encryptedData: 'def',
    });
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });

  it('shows the server error of a used verification link', async () => {
    mockApi({
      'POST /api/v1/admin/users/verify/email': {
        status: 400,
        body: { respones_msg: 'This link was already used.', code: 'E_LINK_USED' },
      },
    });
    renderApp('/login?iv=abc&encryptedData=def');
    expect(await screen.findAllByText('This link was already used.')).not.toHaveLength(0);
  });

  it('a failed login clears the stale alert of the verification link', async () => {
    mockApi({
      'POST /api/v1/admin/users/verify/email': {
        status: 400,
        body: { respones_msg: 'This link was already used.', code: 'E_LINK_USED' },
      },
      'POST /api/v1/admin/users/login': {
        status: 400,
        body: { respones_msg: 'Invalid email or password.', code: 'E_BAD_CREDENTIALS' },
      },
    });
    const { user } = renderApp('/login?iv=abc&encryptedData=def');
    const alert = () =>
      screen.queryByText('This link was already used.', {
        selector: '.mantine-Alert-message *, .mantine-Alert-message',
      });
    await waitFor(() => expect(alert()).not.toBeNull());
    await signIn(user);
    expect(await screen.findAllByText('Invalid email or password.')).not.toHaveLength(0);
    await waitFor(() => expect(alert()).toBeNull());
  });

  it('shows the email notice after registration', async () => {
    mockApi({});
    renderApp('/login?show_email_div=1');
    expect(
      await screen.findByText('We have sent a verification link to your email. Please verify your email to log in.'),
    ).toBeInTheDocument();
  });

  it('links the product selector to the yearly and one-time plans', async () => {
    mockApi({});
    const { user } = renderApp('/login');
    await user.selectOptions(await screen.findByLabelText('Product'), 'KM');
    expect(screen.getByRole('link', { name: /Yearly subscription/ })).toHaveAttribute(
      'href',
      '/subscription?price_id=KM',
    );
    expect(screen.getByRole('link', { name: /One-time \(3 years\)/ })).toHaveAttribute(
      'href',
      '/subscription?price_id=KMOT',
    );
  });

  it('titles the page with the product name from the config', async () => {
    mockApi({
      'GET /api/v1/config': {
        body: {
          respones_msg: 'OK',
          data: {
            productName: 'Acme MDM',
            oldSystemLoginUrl: null,
            otpLength: 4,
            paymentProvider: 'sandbox',
            stripePublishableKey: null,
            supportEmail: 'support@fleetdeck.test',
            privacyUrl: null,
            termsUrl: null,
          },
        },
      },
    });
    renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Login | Acme MDM'));
  });
});
