import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, sampleUser } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';

const detailOk = { 'GET /api/v1/admin/users/detail': { body: { respones_msg: 'OK', data: sampleUser } } };

describe('route guards', () => {
  it('sends a visitor without a token from a portal page to login', async () => {
    const api = mockApi({});
    renderApp('/change-password');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/v1/admin/users/detail')).toHaveLength(0);
  });

  it('redirects / to login', async () => {
    mockApi({});
    renderApp('/');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });

  it('sends a signed-in customer from an auth page to the dashboard', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(detailOk);
    renderApp('/register');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(await screen.findByText('Welcome, Jane Cooper')).toBeInTheDocument();
  });

  it('still verifies an email link on /login when a token exists', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...detailOk,
      'POST /api/v1/admin/users/verify/email': { body: { respones_msg: 'Email verified' } },
    });
    renderApp('/login?iv=a&encryptedData=b');
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/admin/users/verify/email')).toHaveLength(1));
  });

  it('clears the token and goes to login when the server ends the session (is_logout)', async () => {
    window.localStorage.setItem('token', 'revoked');
    mockApi({
      'GET /api/v1/admin/users/detail': {
        status: 401,
        body: { respones_msg: 'Your session has ended. Please log in again.', code: 'E_SESSION_EXPIRED', is_logout: 1 },
      },
    });
    renderApp('/dashboard');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
  });
});
