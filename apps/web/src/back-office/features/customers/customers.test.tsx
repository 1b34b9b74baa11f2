import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerPayment, StaffCustomer, StaffCustomerMember } from '@fleetdeck/contract/staff';
import { setApiSession } from '@/shared/lib/api-client';
import { customerSession } from '@/shared/lib/auth-storage';
import { expectRefusedAsTyped } from '@/test/number-cases';
import { paymentDetailAnswer } from '@/test/payment-detail';
import { mockApi } from '@/test/mock-api';
import { currentLocation, renderBackOffice } from '@/test/render-back-office';

afterEach(() => {
  setApiSession(customerSession);
  window.localStorage.clear();
});

const S = '/api/v1/super-admin';
const CUSTOMER_ID = '6f1c1d8e-2b6a-4b7e-9a51-3f0f6f1c1d8e';

function signedIn(role = 'SuperAdmin') {
  window.localStorage.setItem('super_admin_token', 'staff-token');
  window.localStorage.setItem('adminRole', role);
  return {
    [`GET ${S}/users/detail`]: {
      body: {
        respones_msg: 'Staff detail',
        data: { _id: 'a1', email: 'root@fleetdeck.test', name: 'Root', role, areas: [] },
      },
    },
  };
}

const customer = (over: Partial<StaffCustomer> = {}): StaffCustomer => ({
  _id: CUSTOMER_ID,
  email: 'ops@harbour.example',
  name: 'Harbour Ops',
  countryCode: '+44',
  formattedPhoneNumber: '+44 7700 900123',
  totalPurchasedDevices: 5,
  totalUsedDevices: 2,
  totalExpiredDevices: 1,
  isOfflineCustomer: true,
  isResellerModeEnabled: true,
  isResellerModeRequestApprove: false,
  isDisabled: false,
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

const payment = (over: Partial<CustomerPayment>): CustomerPayment => ({
  _id: 'p1',
  productName: 'URL Blocker Subscription',
  priceId: { _id: 'plan-ub', identifier: 'UB' },
  family: 'UB',
  subscriptionType: 'recurring',
  subscriptionReason: 'offline',
  qty: 3,
  totalAmount: 75,
  currency: 'eur',
  coupon: null,
  status: 'Success',
  message: null,
  expiryAt: '2027-11-23T00:00:00.000Z',
  refundBy: null,
  isOfflinePayment: true,
  note: null,
  recordedBy: 'root@fleetdeck.test',
  created_at: '2026-11-23T10:00:00.000Z',
  ...over,
});

const listAnswer = {
  body: {
    respones_msg: 'Customer list',
    data: [
      customer(),
      customer({ _id: 'c2', email: 'online@example.com', isOfflineCustomer: false, isResellerModeEnabled: false }),
    ],
    pagination: { page: 1, limit: 25, total: 2, totalCapped: false, nextCursor: null },
    oldPortalUsers: {
      data: [
        {
          _id: 'l1',
          email: 'legacy@example.com',
          name: 'Legacy User',
          expiration_date: '2025-06-30T00:00:00.000Z',
          device_serial_number: 'R58N123',
        },
      ],
      total: 1,
    },
  },
};

describe('customer list (spec 3 "Customer list")', () => {
  it('asks for customers created since one month ago, shows the badges, actions and old portal users', async () => {
    const api = mockApi({ ...signedIn(), [`GET ${S}/customers/list`]: listAnswer });
    renderBackOffice('/admin-customer-list');
    const table = await screen.findByRole('table', { name: 'Customers' });
    const row = (await within(table).findByRole('button', { name: /ops@harbour\.example/ })).closest('tr')!;
    expect(within(row).getByText('Offline')).toBeInTheDocument();
    expect(within(row).getByText('Reseller requested')).toBeInTheDocument();
    expect(within(row).getByText('+44 7700 900123')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Subscriptions of ops@harbour.example' })).toHaveAttribute(
      'href',
      `/admin-customer-subscription-create?id=${CUSTOMER_ID}`,
    );
    expect(within(row).getByRole('link', { name: 'Edit ops@harbour.example' })).toHaveAttribute(
      'href',
      `/admin-customer-edit?id=${CUSTOMER_ID}`,
    );
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    const online = screen.getByRole('button', { name: /online@example\.com/ }).closest('tr')!;
    expect(within(online).queryByText('Offline')).toBeNull();

    const url = new URL(
      String(api.fetchMock.mock.calls.find((c) => String(c[0]).includes('/customers/list'))![0]),
      'http://x',
    );
    expect(url.searchParams.get('from_date')).toBe(dayjs().subtract(1, 'month').format('YYYY-MM-DD'));
    expect(screen.getByLabelText('Created from')).toHaveValue(dayjs().subtract(1, 'month').format('YYYY-MM-DD'));

    const old = screen.getByRole('table', { name: 'Old portal users' });
    expect(within(old).getByText('legacy@example.com')).toBeInTheDocument();
    expect(within(old).getByText('R58N123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Customer' })).toHaveAttribute('href', '/admin-customer-create');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('sends the filters and approves a reseller request after confirmation', async () => {
    const api = mockApi({
      ...signedIn(),
      [`GET ${S}/customers/list`]: listAnswer,
      [`POST ${S}/customers/reseller/approve`]: {
        body: { respones_msg: 'Reseller approved.', data: { customerId: CUSTOMER_ID, resellerCouponCode: 'R-ABC234' } },
      },
    });
    const { user } = renderBackOffice('/admin-customer-list');
    await user.type(await screen.findByLabelText('Purchased Devices'), '5');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentLocation()).toContain('purchasedDevices=5'));
    await user.click(screen.getByRole('switch', { name: 'Show Unused Licence' }));
    await waitFor(() => expect(currentLocation()).toContain('showUnusedLicense=true'));
    const last = String(api.fetchMock.mock.calls.filter((c) => String(c[0]).includes('/customers/list')).at(-1)![0]);
    expect(last).toContain('showUnusedLicense=true');
    expect(last).toContain('purchasedDevices=5');

    await user.click((await screen.findAllByRole('button', { name: 'Approve' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST', `${S}/customers/reseller/approve`)).toHaveLength(1));
    expect(api.callsTo('POST', `${S}/customers/reseller/approve`)[0]!.body).toEqual({ customerId: CUSTOMER_ID });
  });
});

const detailAnswer = (
  payments: CustomerPayment[],
  team: { members: StaffCustomerMember[]; pendingInvites: number } = { members: [], pendingInvites: 0 },
) => {
  const data = {
    ...team,
    customerDetail: customer(),
    userSubscriptions: payments,
    userSubscriptionsPagination: { page: 1, limit: 25, total: payments.length },
    prices: [
      {
        _id: 'plan-ub',
        name: 'URL Blocker Subscription',
        identifier: 'UB',
        family: 'UB',
        type: 'recurring',
        amount: 25,
      },
      {
        _id: 'plan-ubot',
        name: 'URL Blocker No Subscription',
        identifier: 'UBOT',
        family: 'UB',
        type: 'one_time',
        amount: 60,
      },
    ],
    totalPurchasedDevices: 5,
    totalEnrolledDevices: 2,
  };
  return { body: { respones_msg: 'Customer detail', data, ...data } };
};

describe('customer create (spec 3 "Create customer", DECISIONS §14)', () => {
  it('needs no password (the customer sets theirs from the welcome email) and checks the phone number at the field', async () => {
    const api = mockApi({
      ...signedIn('Support'),
      [`POST ${S}/customers/create`]: { body: { respones_msg: 'Customer created.', data: customer() } },
      [`GET ${S}/customers/list`]: listAnswer,
    });
    const { user } = renderBackOffice('/admin-customer-create');
    expect(await screen.findByText(/welcome email with a link to set their own password/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).not.toBeRequired();
    await user.type(screen.getByLabelText(/^Email/), 'new@harbour.example');
    await user.type(screen.getByLabelText('Country code', { selector: 'input' }), 'United Kingdom');
    await user.click(await screen.findByRole('option', { name: /United Kingdom \(\+44\)/, hidden: true }));
    await user.type(screen.getByLabelText('Phone number'), '7700 90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Phone number is not a valid phone number for this country code'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `${S}/customers/create`)).toHaveLength(0);

    await user.type(screen.getByLabelText('Phone number'), '0123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin-customer-list'));
    expect(api.callsTo('POST', `${S}/customers/create`)[0]!.body).toEqual({
      email: 'new@harbour.example',
      countryCode: '+44',
      phoneNumber: '7700 900123',
    });
  });
});

describe('customer edit (spec 3 "Edit customer")', () => {
  it("'Password and confirm password mismatched' before any call; Save sends name and password", async () => {
    const api = mockApi({
      // Only a SuperAdmin sets a customer's password (DECISIONS §8, issue 24).
      ...signedIn('SuperAdmin'),
      [`GET ${S}/customers/detail`]: detailAnswer([]),
      [`POST ${S}/customers/update`]: { body: { respones_msg: 'Customer updated.', data: customer() } },
      [`GET ${S}/customers/list`]: listAnswer,
    });
    const { user } = renderBackOffice(`/admin-customer-edit?id=${CUSTOMER_ID}`);
    expect(await screen.findByDisplayValue('ops@harbour.example')).toHaveAttribute('readonly');
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Harbour Ops'));
    await user.type(screen.getByLabelText(/^Password/), 'Tidal-Compass-3381');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Tidal-Compass-3382');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password and confirm password mismatched')).toBeInTheDocument();
    expect(api.callsTo('POST', `${S}/customers/update`)).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'Tidal-Compass-3381');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin-customer-list'));
    expect(api.callsTo('POST', `${S}/customers/update`)[0]!.body).toEqual({
      customerId: CUSTOMER_ID,
      name: 'Harbour Ops',
      password: 'Tidal-Compass-3381',
    });
  });
});

describe('customer edit for roles that may not set a password (DECISIONS §8, issue 24)', () => {
  it('shows "Send password reset link" instead of the password fields; Disable names what it ends', async () => {
    const api = mockApi({
      ...signedIn('Support'),
      [`GET ${S}/customers/detail`]: detailAnswer([]),
      [`POST ${S}/customers/sendResetLink`]: { body: { respones_msg: 'A password reset link has been sent.' } },
      [`POST ${S}/customers/disable`]: {
        body: { respones_msg: 'Customer disabled.', data: { ...customer(), isDisabled: true } },
      },
    });
    const { user } = renderBackOffice(`/admin-customer-edit?id=${CUSTOMER_ID}`);
    await screen.findByDisplayValue('ops@harbour.example');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.queryByLabelText(/^Confirm password/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send password reset link' }));
    await waitFor(() => expect(api.callsTo('POST', `${S}/customers/sendResetLink`)).toHaveLength(1));
    expect(api.callsTo('POST', `${S}/customers/sendResetLink`)[0]!.body).toEqual({ customerId: CUSTOMER_ID });

    await user.click(screen.getByRole('button', { name: 'Disable customer' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('signed out everywhere');
    expect(dialog).toHaveTextContent("devices' tokens are revoked");
    await user.click(within(dialog).getByRole('button', { name: 'Yes, disable' }));
    await waitFor(() => expect(api.callsTo('POST', `${S}/customers/disable`)).toHaveLength(1));
    expect(api.callsTo('POST', `${S}/customers/disable`)[0]!.body).toEqual({ customerId: CUSTOMER_ID, disabled: true });
  });
});

/** The subscriptions page of a customer with no payment yet, URL Blocker chosen in the offline sale form. */
async function offlineSaleOfUrlBlocker() {
  const api = mockApi({
    ...signedIn('Admin'),
    [`GET ${S}/customers/detail`]: detailAnswer([]),
    [`GET ${S}/payments/subscription/detail`]: {
      body: { respones_msg: 'Subscription detail', totalPurchasedDevices: 0, data: { totalPurchasedDevices: 0 } },
    },
  });
  const { user } = renderBackOffice(`/admin-customer-subscription-create?id=${CUSTOMER_ID}`);
  await user.click(await screen.findByRole('radio', { name: /URL Blocker Subscription/ }));
  return { api, user };
}

describe('customer subscriptions (spec 3 "Customer subscriptions")', () => {
  it('offers Edit on Success payments and Refund only on Success payments that are not offline', async () => {
    mockApi({
      ...signedIn(),
      [`GET ${S}/customers/detail`]: detailAnswer([
        payment({ _id: 'offline-ok' }),
        payment({
          _id: 'card-ok',
          productName: 'Power Cleaner Subscription',
          isOfflinePayment: false,
          recordedBy: null,
        }),
        payment({
          _id: 'card-failed',
          productName: 'Key Mapper Subscription',
          status: 'Failed',
          isOfflinePayment: false,
        }),
      ]),
    });
    renderBackOffice(`/admin-customer-subscription-create?id=${CUSTOMER_ID}`);
    const table = await screen.findByRole('table', { name: 'Payments of this customer' });
    const rowOf = (text: string) => within(table).getByText(text).closest('tr')!;
    await within(table).findByText('URL Blocker Subscription');
    expect(within(rowOf('URL Blocker Subscription')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(rowOf('URL Blocker Subscription')).queryByRole('link', { name: 'Refund' })).toBeNull();
    expect(within(rowOf('Power Cleaner Subscription')).getByRole('link', { name: 'Refund' })).toHaveAttribute(
      'href',
      `/admin-customer-refund-payment?id=card-ok&customerId=${CUSTOMER_ID}`,
    );
    expect(within(rowOf('Key Mapper Subscription')).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(rowOf('Key Mapper Subscription')).queryByRole('link', { name: 'Refund' })).toBeNull();
  });

  it('records an offline payment with an Idempotency-Key and shows the existing qty of the chosen product', async () => {
    const api = mockApi({
      ...signedIn('Admin'),
      [`GET ${S}/customers/detail`]: detailAnswer([]),
      [`GET ${S}/payments/subscription/detail`]: {
        body: { respones_msg: 'Subscription detail', totalPurchasedDevices: 4, data: { totalPurchasedDevices: 4 } },
      },
      [`POST ${S}/payments/create`]: { body: { respones_msg: 'Offline payment recorded.', data: payment({}) } },
    });
    const { user } = renderBackOffice(`/admin-customer-subscription-create?id=${CUSTOMER_ID}`);
    await user.click(await screen.findByRole('radio', { name: /URL Blocker Subscription/ }));
    await waitFor(() => expect(screen.getByLabelText('Existing qty')).toHaveValue('4'));
    await user.clear(screen.getByLabelText(/^Qty/));
    await user.type(screen.getByLabelText(/^Qty/), '3');
    await user.clear(screen.getByLabelText(/^Amount/));
    await user.type(screen.getByLabelText(/^Amount/), '75');
    await user.type(screen.getByLabelText(/^Note/), 'Invoice 2211');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Issue 22: it asks first, naming the amount, the seats and the product.
    const ask = await screen.findByRole('dialog', { name: 'Record €75.00 for 3 seat(s) of URL Blocker Subscription?' });
    await user.click(within(ask).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.callsTo('POST', `${S}/payments/create`)).toHaveLength(1));
    const sent = api.callsTo('POST', `${S}/payments/create`)[0]!;
    expect(sent.body).toEqual({
      customerId: CUSTOMER_ID,
      priceId: 'plan-ub',
      qty: 3,
      amount: 75,
      note: 'Invoice 2211',
    });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offline sale: -3, 1.5, 0 and 99999999 seats and a minus amount are refused at the field and never sent', async () => {
    const { api, user } = await offlineSaleOfUrlBlocker();
    await user.type(screen.getByLabelText(/^Amount/), '1');
    const save = async () => {
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    };
    await expectRefusedAsTyped(
      user,
      screen.getByLabelText(/^Qty/),
      [
        ['-3', 'No minus sign'],
        ['1.5', 'Enter a whole number'],
        ['0', 'Must be at least 1'],
        ['99999999', 'Must be at most 100,000'],
      ],
      { check: save },
    );
    await save();
    await user.clear(screen.getByLabelText(/^Qty/));
    await user.type(screen.getByLabelText(/^Qty/), '2');
    await expectRefusedAsTyped(user, screen.getByLabelText(/^Amount/), [['-5', 'No minus sign']], { prefix: '€' });
    await save();
    expect(api.callsTo('POST', `${S}/payments/create`)).toHaveLength(0);
  });

  it('offline sale of 100,000 seats for €1.00 asks "Record €1.00 for 100,000 seat(s) of …?" first', async () => {
    const { api, user } = await offlineSaleOfUrlBlocker();
    await user.clear(screen.getByLabelText(/^Qty/));
    await user.type(screen.getByLabelText(/^Qty/), '100000');
    await user.type(screen.getByLabelText(/^Amount/), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('dialog', {
      name: 'Record €1.00 for 100,000 seat(s) of URL Blocker Subscription?',
    });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', `${S}/payments/create`)).toHaveLength(0);
  });

  it('a partly refunded payment still offers Edit (of its seats left) and Refund; -5 and 1.5 are refused', async () => {
    const api = mockApi({
      ...signedIn('Admin'),
      [`GET ${S}/customers/detail`]: detailAnswer([
        payment({
          _id: 'card-partly',
          qty: 4,
          status: 'Partially refunded',
          isOfflinePayment: false,
          recordedBy: null,
        }),
      ]),
      [`GET ${S}/payments/detail`]: () => {
        const answer = paymentDetailAnswer(2);
        answer.data.seatsLeft = 2;
        return { body: answer };
      },
      [`GET ${S}/customers/deviceByProduct`]: { body: { respones_msg: 'Devices', data: [], total: 0 } },
    });
    const { user } = renderBackOffice(`/admin-customer-subscription-create?id=${CUSTOMER_ID}`);
    const table = await screen.findByRole('table', { name: 'Payments of this customer' });
    const row = (await within(table).findByText('Partially refunded')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Refund' })).toHaveAttribute(
      'href',
      `/admin-customer-refund-payment?id=card-partly&customerId=${CUSTOMER_ID}`,
    );
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('Seats left')).toHaveValue('2'));
    const field = within(dialog).getByLabelText(/^Update qty/);
    expect(field).toHaveValue('2');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await expectRefusedAsTyped(
      user,
      field,
      [
        ['-5', 'No minus sign'],
        ['1.5', 'Enter a whole number'],
        ['99999999', 'Must be at most 100,000'],
      ],
      { check: () => expect(save).toBeDisabled() },
    );
    expect(api.callsTo('POST', `${S}/payments/subscription/update`)).toHaveLength(0);
  });

  it('shows the account members (role, groups or "All groups", last sign-in) and the pending invites', async () => {
    const member = (over: Partial<StaffCustomerMember>): StaffCustomerMember => ({
      _id: 'm1',
      name: 'Harbour Ops',
      email: 'ops@harbour.example',
      role: 'Owner',
      registrant: true,
      groupCount: null,
      lastSignInAt: '2026-11-28T09:15:00.000Z',
      ...over,
    });
    mockApi({
      ...signedIn('Support'),
      [`GET ${S}/customers/detail`]: detailAnswer([], {
        members: [
          member({}),
          member({
            _id: 'm2',
            name: 'Tom Tech',
            email: 'tom@harbour.example',
            role: 'Technician',
            registrant: false,
            groupCount: 2,
            lastSignInAt: null,
          }),
        ],
        pendingInvites: 3,
      }),
    });
    renderBackOffice(`/admin-customer-subscription-create?id=${CUSTOMER_ID}`);
    const table = await screen.findByRole('table', { name: 'Members of this customer' });
    // A phone scrolls it sideways: its scroll container takes keyboard focus (axe scrollable-region-focusable).
    expect(screen.getByRole('region', { name: 'Members of this customer, scrollable' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const owner = within(rows[0]!);
    expect(owner.getByText('Registrant')).toBeInTheDocument();
    expect(owner.getByText('Owner')).toBeInTheDocument();
    expect(owner.getByText('All groups')).toBeInTheDocument();
    expect(owner.getByText(dayjs('2026-11-28T09:15:00.000Z').format('DD MMM YYYY HH:mm:ss'))).toBeInTheDocument();
    const tech = within(rows[1]!);
    expect(tech.getByText('Tom Tech')).toBeInTheDocument();
    expect(tech.getByText('tom@harbour.example')).toBeInTheDocument();
    expect(tech.getByText('Technician')).toBeInTheDocument();
    expect(tech.getByText('2 groups')).toBeInTheDocument();
    expect(tech.getByText('Never')).toBeInTheDocument();
    expect(tech.queryByText('Registrant')).toBeNull();
    expect(screen.getByText('3 pending invites')).toBeInTheDocument();
  });

  it('hides the offline payment form and the payment actions from Support', async () => {
    mockApi({ ...signedIn('Support'), [`GET ${S}/customers/detail`]: detailAnswer([payment({})]) });
    renderBackOffice(`/admin-customer-subscription-create?id=${CUSTOMER_ID}`);
    await screen.findByRole('table', { name: 'Payments of this customer' });
    expect(screen.queryByText('Record an offline payment')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
