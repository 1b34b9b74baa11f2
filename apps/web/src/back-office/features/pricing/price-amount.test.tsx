import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiSession } from '@/shared/lib/api-client';
import { customerSession } from '@/shared/lib/auth-storage';
import { mockApi, type RecordedCall } from '@/test/mock-api';
import { currentLocation, renderBackOffice } from '@/test/render-back-office';
import { amountChangeMessage } from './components/price-amount';
import { PD, price } from './test-prices';

/** Issue 22 item 9 / DECISIONS §14 "Price amounts": the amount field of pricing edit. */
afterEach(() => {
  setApiSession(customerSession);
  window.localStorage.clear();
});

const S = '/api/v1/super-admin';
const pd = price({});

function editPage() {
  window.localStorage.setItem('super_admin_token', 'staff-token');
  window.localStorage.setItem('adminRole', 'SuperAdmin');
  const updates: RecordedCall[] = [];
  const api = mockApi({
    [`GET ${S}/users/detail`]: {
      body: {
        respones_msg: 'Staff detail',
        data: { _id: 'a1', email: 'root@fleetdeck.test', name: 'Root', role: 'SuperAdmin', areas: [] },
      },
    },
    [`GET ${S}/price/list`]: {
      body: { respones_msg: 'Price list', data: { recurringPriceList: [pd], oneTimePriceList: [] } },
    },
    [`GET ${S}/price/detail`]: { body: { respones_msg: 'Price detail', data: pd } },
    [`GET ${S}/price/subscribers`]: { body: { respones_msg: 'Price subscribers', data: { subscribers: 120 } } },
    [`POST ${S}/price/update`]: (call: RecordedCall) => {
      updates.push(call);
      return { body: { respones_msg: 'Price updated', data: { ...pd, amount: 34.99 } } };
    },
  });
  return { api, updates, view: renderBackOffice(`/admin-pricing-edit?id=${PD}`) };
}

describe('pricing edit: amount', () => {
  it('shows a minus sign, a third decimal and 0 as messages at the field and sends nothing', async () => {
    const { updates, view } = editPage();
    const amount = await screen.findByLabelText(/^Amount \(EUR\)/);
    expect(amount).toHaveValue('29.99');
    for (const [typed, message] of [
      ['-5', 'Amount must be more than 0'],
      ['12.345', 'Amount may have at most 2 decimals'],
      ['0', 'Amount must be more than 0'],
    ] as const) {
      await view.user.clear(amount);
      await view.user.type(amount, typed);
      // What was typed stays as typed.
      expect(amount).toHaveValue(typed);
      await view.user.click(screen.getByRole('button', { name: 'Update' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(updates).toHaveLength(0);
  });

  it('a rise asks first, naming the change and the subscribers emailed; confirmed, it sends the amount typed', async () => {
    const { updates, view } = editPage();
    const amount = await screen.findByLabelText(/^Amount \(EUR\)/);
    await view.user.clear(amount);
    await view.user.type(amount, '34.99');
    await view.user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        '€29.99 → €34.99 for new purchases; 120 subscribers are emailed and pay it from their next renewal.',
      ),
    ).toBeInTheDocument();
    expect(updates).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: 'Change price' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin-pricing-list'));
    expect(updates).toHaveLength(1);
    expect((updates[0]!.body as { amount: unknown }).amount).toBe(34.99);
  });

  it('cancelling the confirmation sends nothing; an unchanged amount is not sent and asks nothing', async () => {
    const { updates, view } = editPage();
    const amount = await screen.findByLabelText(/^Amount \(EUR\)/);
    await view.user.clear(amount);
    await view.user.type(amount, '25');
    await view.user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/€29\.99 → €25\.00 for new purchases; 120 subscriptions renew at it/),
    ).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updates).toHaveLength(0);
    await view.user.clear(amount);
    await view.user.type(amount, '29.99');
    await view.user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]!.body).not.toHaveProperty('amount');
  });
});

describe('the confirmation names the change', () => {
  const price = pd as Parameters<typeof amountChangeMessage>[0];
  it('for one-time plans, without subscribers, one subscriber, and an unchanged amount', () => {
    expect(amountChangeMessage({ ...price, type: 'one_time' }, '39.99', null)).toBe(
      '€29.99 → €39.99 for new purchases.',
    );
    expect(amountChangeMessage(price, '34.99', 0)).toBe(
      '€29.99 → €34.99 for new purchases; it has no subscribers to email.',
    );
    expect(amountChangeMessage(price, '34.99', 1)).toBe(
      '€29.99 → €34.99 for new purchases; 1 subscriber is emailed and pays it from their next renewal.',
    );
    expect(amountChangeMessage(price, '1204', 1204)).toBe(
      '€29.99 → €1,204.00 for new purchases; 1,204 subscribers are emailed and pay it from their next renewal.',
    );
    expect(amountChangeMessage(price, '29.99', 5)).toBeNull();
  });
});
