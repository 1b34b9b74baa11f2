// @vitest-environment jsdom
// (happy-dom, this project's default, lacks what this file needs: see docs/adr/0011-web-tests-on-happy-dom.md)
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { downloadSdkAnswer } from '@/test/licence-fixtures';
import { mockApi, sampleUser } from '@/test/mock-api';
import { queriesTo } from '@/test/queries';
import { currentLocation, renderApp } from '@/test/render-app';

const F = '/api/v1/admin/fcm/user';
const shellRoutes = { 'GET /api/v1/admin/users/detail': { body: { respones_msg: 'OK', data: sampleUser } } };

const sdkRoute = { 'GET /api/v1/admin/users/download/sdk': downloadSdkAnswer() };
const summaryRoute = {
  'GET /api/v1/admin/licences/summary': {
    body: {
      respones_msg: 'OK',
      data: [{ family: 'PCHAT', purchased: 2, used: 2, expired: 0, exceeded: false }],
      enrolledDevices: 2,
      purchasedDevices: 2,
      exceeded: false,
      device_exceeded_message: null,
    },
  },
};

const chatUser = (id: string, userId: string, overrides: Record<string, unknown> = {}) => ({
  _id: id,
  fcmData: { name: `Name of ${userId}`, user_id: userId },
  isTrialUser: false,
  addToGlobalPull: false,
  qrCodeUrl: `http://localhost:3000/api/v1/qr/chat/${id}/${'a'.repeat(64)}.png`,
  created_at: '2025-03-05T10:00:00.000Z',
  ...overrides,
});
const listAnswer = (data: unknown[]) => ({
  body: { respones_msg: 'Power Chat users', data, pagination: { page: 1, limit: 25, total: data.length } },
});

/** Signs in and opens the users page; the shell, SDK and seat calls answered, and `routes`. */
const openUsers = (routes: Parameters<typeof mockApi>[0]) => {
  window.localStorage.setItem('token', 'tok');
  const api = mockApi({ ...shellRoutes, ...sdkRoute, ...summaryRoute, ...routes });
  return { api, ...renderApp('/power-chat-users') };
};

describe('Power Chat users page', () => {
  it('lists the users with their licence, a QR dialog per user, the APK link and the seats in use', async () => {
    const { user } = openUsers({
      [`GET ${F}/list`]: listAnswer([
        chatUser('u-2', 'bob', { isTrialUser: true, addToGlobalPull: true }),
        chatUser('u-1', 'alice'),
      ]),
    });
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Power Chat users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'User ID', 'Global Pull', 'Licence', 'Created On', 'Action']);
    const [, bob, alice] = within(table).getAllByRole('row');
    expect(within(bob!).getByText('Trial')).toBeInTheDocument();
    expect(within(bob!).getByText('Yes')).toBeInTheDocument();
    expect(within(alice!).getByText('Licensed')).toBeInTheDocument();
    expect(await screen.findByText('2 of 2 Power Chat licences in use')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Download APK' })).toHaveAttribute(
        'href',
        'https://downloads.example.com/PCHAT.apk',
      ),
    );
    expect(screen.getByRole('link', { name: 'Create User' })).toHaveAttribute('href', '/power-chat-user-create');

    await user.click(within(alice!).getByRole('button', { name: 'QR code of alice' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Sign-in QR code of alice' })).toHaveAttribute(
      'src',
      `http://localhost:3000/api/v1/qr/chat/u-1/${'a'.repeat(64)}.png`,
    );
    expect(within(dialog).getByText('alice')).toBeInTheDocument();
  });

  it('syncs: the server’s message is shown and the list is read again', async () => {
    const { api, user } = openUsers({
      [`GET ${F}/list`]: listAnswer([chatUser('u-1', 'alice')]),
      [`GET ${F}/sync`]: {
        body: {
          respones_msg: 'Power Chat users synced: 1 of 2 licences in use.',
          data: { purchased: 2, used: 1, free: 1, uncovered: 0 },
        },
      },
    });
    await screen.findByText('Showing 1 to 1 of 1 entries');
    await user.click(screen.getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Power Chat users synced: 1 of 2 licences in use.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', `${F}/list`).length).toBeGreaterThan(1));
  });

  it('deletes a user after "Are you sure?" / "Yes, delete it!"', async () => {
    const { api, user } = openUsers({
      [`GET ${F}/list`]: listAnswer([chatUser('u-1', 'alice')]),
      [`DELETE ${F}/delete`]: { body: { respones_msg: 'Power Chat user deleted successfully.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete alice' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Power Chat user deleted successfully.')).toBeInTheDocument();
    expect(queriesTo(api.fetchMock, 'DELETE', `${F}/delete`).map((q) => q.get('id'))).toEqual(['u-1']);
  });
});

describe('Create Power Chat user page', () => {
  const fill = async (user: ReturnType<typeof renderApp>['user'], userId = 'Alice.Lobby') => {
    await user.type(await screen.findByLabelText(/^Name/), 'Alice Example');
    await user.type(screen.getByLabelText(/^User ID/), userId);
    await user.type(screen.getByLabelText(/^Password/), 'Violet-Canyon-2231');
  };

  /** Fills the form and sends it to a create call that answers with an error. */
  const createAnswering = async (status: number, body: Record<string, unknown>, userId?: string) => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, [`POST ${F}/create`]: { status, body } });
    const { user } = renderApp('/power-chat-user-create');
    await fill(user, userId);
    await user.click(screen.getByRole('button', { name: 'Create User' }));
  };

  it('checks the fields before sending: each error under its field, no call', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...shellRoutes });
    const { user } = renderApp('/power-chat-user-create');
    await user.click(await screen.findByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('User ID must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.callsTo('POST', `${F}/create`)).toHaveLength(0);
  });

  it('creates the user and goes back to the list', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      ...sdkRoute,
      ...summaryRoute,
      [`POST ${F}/create`]: {
        body: { respones_msg: 'Power Chat user created successfully.', data: chatUser('u-1', 'alice.lobby') },
      },
      [`GET ${F}/list`]: listAnswer([chatUser('u-1', 'alice.lobby')]),
    });
    const { user } = renderApp('/power-chat-user-create');
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: /Add to global pool/ }));
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(currentLocation()).toBe('/power-chat-users'));
    expect(api.callsTo('POST', `${F}/create`)[0]?.body).toEqual({
      name: 'Alice Example',
      user_id: 'alice.lobby',
      password: 'Violet-Canyon-2231',
      addToGlobalPull: true,
    });
    expect(await screen.findByText('Power Chat user created successfully.')).toBeInTheDocument();
  });

  it.each([
    {
      name: 'with no free licence and no subscription: to make-payment with the quantity to buy',
      held: 0,
      buy: 2,
      subscription: {},
      location: '/make-payment?id=PCHAT&qty=2',
    },
    {
      name: 'with no free licence and a Power Chat subscription: to update-subscription',
      held: 2,
      buy: 1,
      subscription: { isSubscriptionUpdate: 1 },
      location: '/update-subscription?id=PCHAT',
    },
  ])('$name', async ({ held, buy, subscription, location }) => {
    await createAnswering(402, {
      respones_msg: `All your Power Chat licences are in use (${held} of ${held}). Please buy ${buy} more to add this user.`,
      code: 'E_NO_LICENCE',
      redirectToPaymentPage: 1,
      ...subscription,
      requiredPurchasedQty: buy,
    });
    await waitFor(() => expect(currentLocation()).toBe(location));
  });

  it('shows a taken user id under its field', async () => {
    await createAnswering(
      409,
      {
        respones_msg: 'user_id: this user id is already taken. Please choose another one.',
        code: 'E_CONFLICT',
        errors: [{ field: 'user_id', message: 'is already taken' }],
      },
      'alice',
    );
    expect(await screen.findByText('User ID is already taken')).toBeInTheDocument();
    expect(currentLocation()).toBe('/power-chat-user-create');
  });
});
