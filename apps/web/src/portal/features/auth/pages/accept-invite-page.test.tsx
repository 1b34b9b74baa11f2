import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';
import { PASSWORD_MISMATCH } from './accept-invite-page';

const ACCEPT = '/api/v1/admin/team/accept';
const TOKEN = 'tok_0123456789abcdefghijklmnop';

async function fill(user: ReturnType<typeof renderApp>['user'], confirm = 'Glacier-Orbit-4417') {
  await user.type(await screen.findByRole('textbox', { name: 'Full name' }), '  Sam Rivera ');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Glacier-Orbit-4417');
  await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), confirm);
}

describe('Accept an invite (/accept-invite?token=)', () => {
  it('sends the token, name and password, then names the email to log in with and links to login', async () => {
    const api = mockApi({
      [`POST ${ACCEPT}`]: { body: { respones_msg: 'Welcome', data: { email: 'sam@acme.test' } } },
    });
    const { user } = renderApp(`/accept-invite?token=${TOKEN}`);
    await fill(user, 'Glacier-Orbit-44');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(PASSWORD_MISMATCH)).toBeInTheDocument();
    expect(api.callsTo('POST', ACCEPT)).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), '17');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(/Log in with sam@acme.test/)).toBeInTheDocument();
    expect(api.callsTo('POST', ACCEPT)[0]?.body).toEqual({
      token: TOKEN,
      name: 'Sam Rivera',
      password: 'Glacier-Orbit-4417',
    });
    await user.click(screen.getByRole('link', { name: 'Go to login' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });

  it('refuses a short password in the browser, as registration does', async () => {
    const api = mockApi({});
    const { user } = renderApp(`/accept-invite?token=${TOKEN}`);
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Sam');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'short');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.callsTo('POST', ACCEPT)).toHaveLength(0);
  });

  it("shows the server's refusal of an expired, used or revoked link", async () => {
    mockApi({
      [`POST ${ACCEPT}`]: {
        status: 410,
        body: { respones_msg: 'This invite has expired. Ask for a new one.', code: 'E_INVITE_EXPIRED' },
      },
    });
    const { user } = renderApp(`/accept-invite?token=${TOKEN}`);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invite has expired. Ask for a new one.');
    expect(screen.queryByRole('link', { name: 'Go to login' })).not.toBeInTheDocument();
  });
});
