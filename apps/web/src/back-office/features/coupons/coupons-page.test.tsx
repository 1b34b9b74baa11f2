import { screen, waitFor, within } from '@testing-library/react';
import type { CouponSummary } from '@fleetdeck/contract/staff';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall } from '@/test/mock-api';
import { renderBackOffice, staffSignedInForEachTest } from '@/test/render-back-office';

/** Issue 22 item 9 / DECISIONS §14 "Coupons": create, limit, expire, disable (asked first) and enable. */
const S = '/api/v1/super-admin';

staffSignedInForEachTest();

const coupon = (over: Partial<CouponSummary> = {}): CouponSummary => ({
  id: 'SPRING10',
  percentOff: 10,
  active: true,
  expiresAt: '2099-03-31T23:59:59.999Z',
  redeemed: 3,
  maxRedemptions: 10,
  planIdentifiers: ['PDOT'],
  resellerEmail: null,
  totalPaymentCount: 2,
  created_at: '2026-03-05T14:03:27.000Z',
  ...over,
});

function couponsPage(rows: CouponSummary[] = [coupon()]) {
  const creates: RecordedCall[] = [];
  const updates: RecordedCall[] = [];
  const detail = (body: Record<string, unknown>) => ({
    percentOff: 10,
    active: true,
    redeemed: 0,
    maxRedemptions: null,
    expiresAt: null,
    planIdentifiers: null,
    providerCouponId: null,
    ...body,
    id: (body.code ?? body.id) as string,
  });
  mockApi({
    [`GET ${S}/users/detail`]: {
      body: {
        respones_msg: 'Staff detail',
        data: { _id: 'a1', email: 'root@fleetdeck.test', name: 'Root', role: 'SuperAdmin', areas: [] },
      },
    },
    [`GET ${S}/payments/coupons`]: {
      body: {
        respones_msg: 'Coupons',
        data: rows,
        pagination: { page: 1, limit: 25, total: rows.length },
        paymentNotes: { value: '' },
      },
    },
    [`POST ${S}/payments/coupons/create`]: (call: RecordedCall) => {
      creates.push(call);
      return { body: { respones_msg: 'Coupon created', data: detail(call.body as Record<string, unknown>) } };
    },
    [`POST ${S}/payments/coupons/update`]: (call: RecordedCall) => {
      updates.push(call);
      return { body: { respones_msg: 'Coupon updated', data: detail(call.body as Record<string, unknown>) } };
    },
  });
  return { creates, updates, view: renderBackOffice('/admin-coupons') };
}

describe('coupons page: create', () => {
  it('a minus sign, a fraction or an out-of-range number shows a message at the field and sends nothing', async () => {
    const { creates, view } = couponsPage();
    const code = await screen.findByLabelText(/^Code/);
    const percent = screen.getByLabelText(/^Percent off/);
    const limit = screen.getByLabelText(/^Redemption limit/);
    await view.user.type(code, 'summer');
    for (const [typedPercent, typedLimit, messages] of [
      ['-5', '-3', ['Percent off must be between 1 and 100', 'Redemption limit must be at least 1']],
      ['12.5', '2.5', ['Percent off must be a whole number', 'Redemption limit must be a whole number']],
      ['101', '0', ['Percent off must be between 1 and 100', 'Redemption limit must be at least 1']],
    ] as const) {
      await view.user.clear(percent);
      await view.user.type(percent, typedPercent);
      await view.user.clear(limit);
      await view.user.type(limit, typedLimit);
      expect(percent).toHaveValue(typedPercent);
      expect(limit).toHaveValue(typedLimit);
      await view.user.click(screen.getByRole('button', { name: 'Create coupon' }));
      for (const message of messages) expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(creates).toHaveLength(0);
  });

  it('sends the coupon as typed; blank limit and expiry are none', async () => {
    const { creates, view } = couponsPage();
    await view.user.type(await screen.findByLabelText(/^Code/), 'summer-26');
    await view.user.type(screen.getByLabelText(/^Percent off/), '15');
    await view.user.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0]!.body).toEqual({
      code: 'SUMMER-26',
      percentOff: 15,
      maxRedemptions: null,
      expiresAt: null,
      planIdentifiers: null,
    });
    expect(await screen.findByText('Coupon SUMMER-26 created.')).toBeInTheDocument();
  });

  it('sends a limit and an expiry', async () => {
    const { creates, view } = couponsPage();
    await view.user.type(await screen.findByLabelText(/^Code/), 'LIMITED');
    await view.user.type(screen.getByLabelText(/^Percent off/), '20');
    await view.user.type(screen.getByLabelText(/^Redemption limit/), '50');
    await view.user.type(screen.getByLabelText(/^Expires on/), '2099-12-31');
    await view.user.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0]!.body).toMatchObject({
      code: 'LIMITED',
      percentOff: 20,
      maxRedemptions: 50,
      expiresAt: '2099-12-31',
    });
  });
});

describe('coupons page: the list', () => {
  it('shows redeemed of the limit, the expiry and the plans', async () => {
    couponsPage();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('3 / 10')).toBeInTheDocument();
    expect(within(table).getByText('PDOT')).toBeInTheDocument();
    expect(within(table).getByText('Active')).toBeInTheDocument();
  });

  it('Disable asks first, naming the consequence; Cancel sends nothing, confirming disables', async () => {
    const { updates, view } = couponsPage();
    await view.user.click(await screen.findByRole('button', { name: 'Disable SPRING10' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Checkouts with SPRING10 will be refused from now on/)).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updates).toHaveLength(0);
    await view.user.click(screen.getByRole('button', { name: 'Disable SPRING10' }));
    dialog = await screen.findByRole('dialog');
    await view.user.click(within(dialog).getByRole('button', { name: 'Disable coupon' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]!.body).toEqual({ id: 'SPRING10', active: false });
  });

  it('Enable sends at once', async () => {
    const { updates, view } = couponsPage([coupon({ active: false })]);
    await view.user.click(await screen.findByRole('button', { name: 'Enable SPRING10' }));
    await waitFor(() => expect(updates[0]?.body).toEqual({ id: 'SPRING10', active: true }));
  });

  it('Edit changes the limit and the expiry; a fraction is refused at the field', async () => {
    const { updates, view } = couponsPage();
    await view.user.click(await screen.findByRole('button', { name: 'Edit SPRING10' }));
    const dialog = await screen.findByRole('dialog');
    const limit = within(dialog).getByLabelText(/^Redemption limit/);
    expect(limit).toHaveValue('10');
    expect(within(dialog).getByLabelText(/^Expires on/)).toHaveValue('2099-03-31');
    await view.user.clear(limit);
    await view.user.type(limit, '7.5');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Redemption limit must be a whole number')).toBeInTheDocument();
    expect(updates).toHaveLength(0);
    await view.user.clear(limit);
    await view.user.type(limit, '25');
    await view.user.clear(within(dialog).getByLabelText(/^Expires on/));
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]!.body).toEqual({ id: 'SPRING10', maxRedemptions: 25, expiresAt: null });
  });
});
