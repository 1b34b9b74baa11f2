// @vitest-environment jsdom
// (happy-dom, this project's default, lacks what this file needs: see docs/adr/0011-web-tests-on-happy-dom.md)
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectRefusedAsTyped } from '@/test/number-cases';
import { mockApi, sampleUser } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';

const detail = (overrides: Partial<typeof sampleUser> = {}) => ({
  'GET /api/v1/admin/users/detail': { body: { respones_msg: 'OK', data: { ...sampleUser, ...overrides } } },
});

type User = ReturnType<typeof renderApp>['user'];
const fill = async (user: User, label: string, text: string) => {
  await user.click(await screen.findByLabelText(label));
  await user.paste(text);
};

describe('Change password', () => {
  it('on success clears the token, calls logout and goes to login', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...detail(),
      'POST /api/v1/admin/users/change-password': { body: { respones_msg: 'Password changed. Please log in again.' } },
      'GET /api/v1/admin/users/logout': { body: { respones_msg: 'Logged out' } },
    });
    const { user } = renderApp('/change-password');
    await fill(user, 'Old password', 'old-secret-1');
    await fill(user, 'New password', 'new-secret-22');
    await fill(user, 'Confirm password', 'new-secret-22');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(api.callsTo('POST', '/api/v1/admin/users/change-password')[0]?.body).toEqual({
      old_password: 'old-secret-1',
      new_password: 'new-secret-22',
      confirm_password: 'new-secret-22',
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/admin/users/logout')).toHaveLength(1));
    expect(await screen.findByText('Password changed. Please log in again.')).toBeInTheDocument();
  });

  it('on failure keeps the session and shows the server message', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...detail(),
      'POST /api/v1/admin/users/change-password': {
        status: 400,
        body: { respones_msg: 'Your old password is not correct.', code: 'E_WRONG_PASSWORD' },
      },
    });
    const { user } = renderApp('/change-password');
    await fill(user, 'Old password', 'nope');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your old password is not correct.')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('tok');
    expect(currentLocation()).toBe('/change-password');
  });
});

describe('Staff session (login-as, DECISIONS §8): the forms the server refuses are disabled, with the reason', () => {
  const staffDetail = (overrides: Partial<typeof sampleUser> = {}) => ({
    'GET /api/v1/admin/users/detail': {
      body: {
        respones_msg: 'OK',
        data: { ...sampleUser, ...overrides, staffSession: { staffEmail: 'help@fleetdeck.test' } },
      },
    },
  });
  const reason = "Not available in a staff session: passwords, two-step, cards and purchases stay the customer's own.";

  it('change password', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi(staffDetail());
    const { user } = renderApp('/change-password');
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByLabelText('Old password')).toBeDisabled();
    expect(screen.getByLabelText('New password')).toBeDisabled();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.click(submit);
    expect(api.callsTo('POST', '/api/v1/admin/users/change-password')).toHaveLength(0);
  });

  it('two-step verification', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(staffDetail({ enable_two_step_email_verification: false }));
    renderApp('/privacy-security');
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /two-step email verification/ })).toBeDisabled();
  });

  it('the customer’s own session keeps them usable, without the line', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(detail());
    renderApp('/change-password');
    expect(await screen.findByLabelText('Old password')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(screen.queryByText(reason)).not.toBeInTheDocument();
  });
});

describe('Portal shell', () => {
  it('shows Buy Plan to online customers and hides it for offline ones', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(detail({ isOfflineCustomer: false }));
    const first = renderApp('/dashboard');
    expect(await screen.findByText('Welcome, Jane Cooper')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Buy Plan/ }).length).toBeGreaterThan(0);
    first.unmount();

    mockApi(detail({ isOfflineCustomer: true }));
    renderApp('/dashboard');
    expect(await screen.findByText('Welcome, Jane Cooper')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Buy Plan/ })).not.toBeInTheDocument();
  });

  it('titles a portal page in the top bar and the document', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(detail());
    renderApp('/audit-logs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Logs' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Audit Logs | Fleetdeck'));
  });

  it('logs out from the account menu even when the server call fails', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...detail(),
      'GET /api/v1/admin/users/logout': { status: 500, body: { respones_msg: 'Boom' } },
    });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(api.callsTo('GET', '/api/v1/admin/users/logout')).toHaveLength(1);
  });
});

describe('Privacy & Security', () => {
  it('saves the two-step setting through update-security-setting', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...detail({ enable_two_step_email_verification: false }),
      'POST /api/v1/admin/users/update-security-setting': { body: { respones_msg: 'Security setting updated' } },
    });
    const { user } = renderApp('/privacy-security');
    const toggle = await screen.findByRole('switch', { name: /two-step email verification/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/v1/admin/users/update-security-setting')[0]?.body).toEqual({
        enable_two_step_email_verification: true,
      }),
    );
    expect(await screen.findByText('Security setting updated')).toBeInTheDocument();
  });

  it('asks for the password before turning two-step off and sends it in the same call (issue 12, item 8)', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...detail({ enable_two_step_email_verification: true }),
      'POST /api/v1/admin/users/update-security-setting': { body: { respones_msg: 'Two-step verification disabled.' } },
    });
    const { user } = renderApp('/privacy-security');
    const toggle = await screen.findByRole('switch', { name: /two-step email verification/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification' });
    expect(api.callsTo('POST', '/api/v1/admin/users/update-security-setting')).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Turn off' })).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Your password'));
    await user.paste('my-secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/v1/admin/users/update-security-setting')[0]?.body).toEqual({
        enable_two_step_email_verification: false,
        password: 'my-secret-pass',
      }),
    );
    expect(await screen.findByText('Two-step verification disabled.')).toBeInTheDocument();
  });
});

describe('Update profile', () => {
  it('shows the profile with a read-only email and the login QR code, and saves changes', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...detail(),
      // The server answers the updated user (usersApi.update).
      'POST /api/v1/admin/users/update': { body: { respones_msg: 'Profile updated', data: sampleUser } },
    });
    const { user } = renderApp('/update-profile');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Jane Cooper');
    expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Country code', { selector: 'input' })).toHaveValue('🇬🇧 United Kingdom (+44)');
    // The stored E.164 number (DECISIONS §14) shows as its national digits beside its dial code.
    expect(screen.getByLabelText('Phone number')).toHaveValue('7700900123');
    expect(screen.getByRole('img', { name: /Login QR code/ })).toHaveAttribute('src', sampleUser.loginQrCodeUrl);

    await user.clear(name);
    await user.paste('Jane C.');
    // The buyer on invoices (issue 22): company, address lines and tax id.
    await user.click(screen.getByLabelText('Company'));
    await user.paste('Acme Fleet GmbH');
    await user.click(screen.getByLabelText('Billing address'));
    await user.paste('Hauptstr. 1\n10115 Berlin');
    await user.click(screen.getByLabelText('VAT / Tax ID'));
    await user.paste('DE123456789');
    const form = name.closest('form');
    await user.click(within(form as HTMLElement).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/v1/admin/users/update')[0]?.body).toEqual({
        name: 'Jane C.',
        country_code: '+44',
        phone_number: '7700900123',
        company: 'Acme Fleet GmbH',
        address: 'Hauptstr. 1\n10115 Berlin',
        tax_id: 'DE123456789',
      }),
    );
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
  });

  it('sets the QR code limits (end date and maximum enrolments) with users/update (issue 12, item 4)', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      'GET /api/v1/admin/users/detail': {
        body: {
          respones_msg: 'OK',
          data: { ...sampleUser, enrolmentTokenMaxUses: null, enrolmentTokenExpiresAt: null, enrolmentTokenUses: 4 },
        },
      },
      'POST /api/v1/admin/users/update': { body: { respones_msg: 'Profile updated', data: sampleUser } },
    });
    const { user } = renderApp('/update-profile');
    const form = await screen.findByRole('form', { name: 'QR code limits' });
    expect(within(form).getByText('4 enrolments with this QR code so far')).toBeInTheDocument();
    await user.click(within(form).getByLabelText('Maximum enrolments'));
    await user.paste('25');
    const until = within(form).getByLabelText('Valid until');
    await user.type(until, '2030-01-31T18:00');
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/v1/admin/users/update')[0]?.body).toEqual({
        enrolmentTokenExpiresAt: new Date('2030-01-31T18:00').toISOString(),
        enrolmentTokenMaxUses: 25,
      }),
    );
  });

  it('QR code limits: -5, 1.5 and 0 enrolments are refused as typed and not saved (issue 22)', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      'GET /api/v1/admin/users/detail': {
        body: { respones_msg: 'OK', data: { ...sampleUser, enrolmentTokenUses: 0 } },
      },
    });
    const { user } = renderApp('/update-profile');
    const form = await screen.findByRole('form', { name: 'QR code limits' });
    const save = within(form).getByRole('button', { name: 'Save limits' });
    await expectRefusedAsTyped(
      user,
      within(form).getByLabelText('Maximum enrolments'),
      [
        ['-5', 'No minus sign'],
        ['1.5', 'Enter a whole number'],
        ['0', 'Must be at least 1'],
      ],
      { check: () => expect(save).toBeDisabled() },
    );
    expect(api.callsTo('POST', '/api/v1/admin/users/update')).toHaveLength(0);
  });

  it('rotates the login QR code after a confirmation and shows the new image', async () => {
    window.localStorage.setItem('token', 'tok');
    const newUrl = 'http://localhost:3000/api/v1/qr/login/NEWKEY-abcdefghijklmnop.png';
    let rotated = false;
    const api = mockApi({
      'GET /api/v1/admin/users/detail': () => ({
        body: { respones_msg: 'OK', data: { ...sampleUser, ...(rotated ? { loginQrCodeUrl: newUrl } : {}) } },
      }),
      'POST /api/v1/admin/users/enrolment-token/rotate': () => {
        rotated = true;
        return { body: { respones_msg: 'A new QR code was created.', data: { loginQrCodeUrl: newUrl } } };
      },
    });
    const { user } = renderApp('/update-profile');
    const img = await screen.findByRole('img', { name: /Login QR code/ });
    expect(img).toHaveAttribute('src', sampleUser.loginQrCodeUrl);
    // The QR text can be copied for devices without a camera (and the device simulator).
    expect(screen.getByRole('button', { name: 'Copy enrolment link' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rotate QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the QR code?' });
    // Cancel does nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', '/api/v1/admin/users/enrolment-token/rotate')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rotate QR code' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rotate' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/admin/users/enrolment-token/rotate')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('img', { name: /Login QR code/ })).toHaveAttribute('src', newUrl));
    expect(await screen.findByText('A new QR code was created.')).toBeInTheDocument();
  });
});
