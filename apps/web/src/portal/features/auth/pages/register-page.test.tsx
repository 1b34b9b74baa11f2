// @vitest-environment jsdom
// (happy-dom, this project's default, lacks what this file needs: see docs/adr/0011-web-tests-on-happy-dom.md)
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, mockApi } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';

const fill = async (user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};

const fillForm = async (user: ReturnType<typeof renderApp>['user']) => {
  await fill(user, await screen.findByLabelText(/^Full name/), 'Jane Cooper');
  await fill(user, screen.getByLabelText(/^Email/), 'jane@acme.test');
  await fill(user, screen.getByLabelText(/^Password/), 'correct horse battery');
};

describe('Register', () => {
  it('without the terms box ticked shows the error and sends nothing', async () => {
    const api = mockApi({ 'POST /api/v1/admin/users/register': { body: { respones_msg: 'Registered' } } });
    const { user } = renderApp('/register');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByText('Please accept the terms and condition')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/admin/users/register')).toHaveLength(0);
    expect(currentLocation()).toBe('/register');
  });

  it('links the terms and the privacy policy to the configured pages, and shows no link for an unset one', async () => {
    mockApi({});
    renderApp('/register');
    expect(await screen.findByRole('link', { name: 'terms' })).toHaveAttribute(
      'href',
      'https://www.fleetdeck.test/terms',
    );
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      'https://www.fleetdeck.test/privacy',
    );
    // The page's footer too.
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      'https://www.fleetdeck.test/privacy',
    );
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', 'https://www.fleetdeck.test/terms');
  });

  it('shows the terms and privacy policy as plain text when PRIVACY_URL and TERMS_URL are unset', async () => {
    mockApi({
      'GET /api/v1/config': {
        body: { ...DEFAULT_CONFIG, data: { ...DEFAULT_CONFIG.data, privacyUrl: null, termsUrl: null } },
      },
    });
    renderApp('/register');
    expect(await screen.findByText(/I accept the terms and privacy policy/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: /privacy policy|terms/i })).not.toBeInTheDocument());
    expect(document.querySelector('a[href*="example.com"]')).toBeNull();
  });

  it('prefills the email from the query', async () => {
    mockApi({});
    renderApp('/register?email=someone%40acme.test');
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('someone@acme.test');
  });

  it('on success sends the contract payload, clears the form and goes to login with the email notice', async () => {
    const api = mockApi({
      'POST /api/v1/admin/users/register': {
        body: { respones_msg: 'Registration successful. Please verify your email.' },
      },
    });
    const { user } = renderApp('/register');
    await fillForm(user);
    await fill(user, screen.getByLabelText('Phone number'), '+44 7700 900123');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    await waitFor(() => expect(currentLocation()).toBe('/login?show_email_div=1'));
    expect(api.callsTo('POST', '/api/v1/admin/users/register')[0]?.body).toEqual({
      name: 'Jane Cooper',
      email: 'jane@acme.test',
      password: 'correct horse battery',
      registration_code: '',
      country_code: null,
      phone_number: '+44 7700 900123',
    });
    expect(
      await screen.findByText('We have sent a verification link to your email. Please verify your email to log in.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Registration successful. Please verify your email.')).toBeInTheDocument();
  });

  it('sends the chosen dial code', async () => {
    const api = mockApi({ 'POST /api/v1/admin/users/register': { body: { respones_msg: 'ok' } } });
    const { user } = renderApp('/register');
    await fillForm(user);
    await user.type(screen.getByLabelText('Country code', { selector: 'input' }), 'United Kingdom');
    await user.click(await screen.findByRole('option', { name: /United Kingdom \(\+44\)/, hidden: true }));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/admin/users/register')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/v1/admin/users/register')[0]?.body).toMatchObject({ country_code: '+44' });
  });

  it("refuses at the field a phone number that cannot be one of the chosen country's, and sends nothing", async () => {
    const api = mockApi({ 'POST /api/v1/admin/users/register': { body: { respones_msg: 'ok' } } });
    const { user } = renderApp('/register');
    await fillForm(user);
    await fill(user, screen.getByLabelText('Phone number'), '7700 900123');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(
      await screen.findByText(
        'Phone number needs a country code: choose one, or write the number with + and its country code',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Country code', { selector: 'input' }), 'United Kingdom');
    await user.click(await screen.findByRole('option', { name: /United Kingdom \(\+44\)/, hidden: true }));
    await user.clear(screen.getByLabelText('Phone number'));
    await fill(user, screen.getByLabelText('Phone number'), '7700 9001');
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(
      await screen.findByText('Phone number is not a valid phone number for this country code'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/admin/users/register')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Phone number'));
    await fill(user, screen.getByLabelText('Phone number'), '07700 900123');
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/admin/users/register')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/v1/admin/users/register')[0]?.body).toMatchObject({
      country_code: '+44',
      phone_number: '07700 900123',
    });
  });

  // That Enter then picks the highlighted country is proven in Chromium (e2e/tests/portal.e2e.test.ts).
  it('Enter in the country search does not submit the form', async () => {
    const api = mockApi({ 'POST /api/v1/admin/users/register': { body: { respones_msg: 'ok' } } });
    const { user } = renderApp('/register');
    await fillForm(user);
    await user.click(screen.getByRole('checkbox'));
    const country = screen.getByLabelText('Country code', { selector: 'input' });
    await user.type(country, 'Germany');
    await user.keyboard('{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.callsTo('POST', '/api/v1/admin/users/register')).toHaveLength(0);
    expect(currentLocation()).toBe('/register');
  });

  it('an empty submit shows each field’s message beside the field, not a toast', async () => {
    const api = mockApi({ 'POST /api/v1/admin/users/register': { body: { respones_msg: 'ok' } } });
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    const name = screen.getByLabelText(/^Full name/);
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms and condition')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/^name:/)).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v1/admin/users/register')).toHaveLength(0);
  });
});
