import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadStaffPage } from '@/back-office/app/router';
import { setApiSession } from '@/shared/lib/api-client';
import { customerSession, staffSession } from '@/shared/lib/auth-storage';
import { createQueryClient } from '@/shared/lib/query-client';
import { mockApi } from '@/test/mock-api';
import { currentLocation, renderBackOffice } from '@/test/render-back-office';

vi.mock('@/shared/components/captcha-field', async () => ({
  CaptchaField: (await import('@/portal/features/payments/testing/captcha-mock')).FakeCaptchaField,
}));

afterEach(() => {
  setApiSession(customerSession);
  window.localStorage.clear();
});

const S = '/api/v1/super-admin';
/** A staff member signed in as the app finds one on load: the token and the role in localStorage. */
const signInStaff = (role: string, token = 'staff-token') => {
  window.localStorage.setItem('super_admin_token', token);
  window.localStorage.setItem('adminRole', role);
};
/** The staff detail answer of the member signed in. */
const staffDetail = (_id: string, email: string, name: string, role: string) => ({
  [`GET ${S}/users/detail`]: { body: { respones_msg: 'Staff detail', data: { _id, email, name, role, areas: [] } } },
});
const bars = (labels: string[]) => labels.map((label, i) => ({ key: i, label, count: i }));
const WEEK = bars(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mon']);
const YEAR = bars(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
const dashboardRoutes = {
  [`GET ${S}/users/detail`]: {
    body: {
      respones_msg: 'Staff detail',
      data: { _id: 'a1', email: 'root@fleetdeck.test', name: 'Root', role: 'SuperAdmin', areas: [] },
    },
  },
  [`GET ${S}/users/dashboard`]: {
    body: {
      respones_msg: 'Dashboard',
      data: { todayAppLoginCount: 7, todayWebLoginCount: 12, date: '2026-11-23', timeZone: 'UTC' },
    },
  },
  [`GET ${S}/users/weekWiseLogin`]: {
    body: {
      respones_msg: 'Week',
      data: {
        timeZone: 'UTC',
        weekWiseWebLoginCount: WEEK,
        weekWiseAppLoginCount: WEEK,
      },
    },
  },
  [`GET ${S}/users/monthWiseLogin`]: {
    body: {
      respones_msg: 'Month',
      data: {
        year: 2026,
        timeZone: 'UTC',
        monthWiseWebLoginCount: YEAR,
        monthWiseAppLoginCount: YEAR,
      },
    },
  },
};

describe('back office sign-in (spec 3 §2, §4)', () => {
  it('sends a visitor without the staff token to the staff login', async () => {
    mockApi({});
    renderBackOffice('/admin-dashboard');
    await waitFor(() => expect(currentLocation()).toBe('/super-admin/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome to Fleetdeck' })).toBeInTheDocument();
  });

  /** The code is accepted: the staff token and member, then the dashboard the sign-in lands on. */
  const codeAcceptedRoutes = {
    [`POST ${S}/users/verify/otp`]: {
      body: {
        respones_msg: 'Logged in successfully.',
        data: {
          token: 'staff-token',
          user: { _id: 'a1', email: 'root@fleetdeck.test', name: 'Root', role: 'SuperAdmin' },
        },
      },
    },
    ...dashboardRoutes,
  };
  /** Types `code` in the OTP fields and presses Verify OTP. */
  const enterCode = async (user: UserEvent, code: string) => {
    await user.click((await screen.findAllByLabelText('OTP digit'))[0]!);
    await user.keyboard(code);
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
  };

  it('signs in with the password then the emailed code: stores super_admin_token and adminRole, clears token', async () => {
    window.localStorage.setItem('token', 'customer-token');
    const api = mockApi({
      [`POST ${S}/users/login`]: { body: { respones_msg: 'We have sent a login code to your email.' } },
      ...codeAcceptedRoutes,
    });
    const { user } = renderBackOffice('/super-admin/login');
    await user.type(await screen.findByLabelText(/Email/), 'root@fleetdeck.test');
    await user.type(screen.getByLabelText(/Password/), 'Staff-Password-123{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/super-admin/verify/otp?email=root%40fleetdeck.test'));
    expect(screen.getByText('Check your email for otp.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');

    await enterCode(user, '4821');
    await waitFor(() => expect(currentLocation()).toBe('/admin-dashboard'));
    expect(window.localStorage.getItem('super_admin_token')).toBe('staff-token');
    expect(window.localStorage.getItem('adminRole')).toBe('SuperAdmin');
    expect(window.localStorage.getItem('token')).toBeNull();
    // No challenge in the login answer: an empty one is sent, which the server answers with "log in again" (issue 24).
    expect(api.callsTo('POST', `${S}/users/verify/otp`)[0]?.body).toEqual({
      email: 'root@fleetdeck.test',
      otp: '4821',
      challengeId: '',
    });

    expect(await screen.findByText('12')).toBeInTheDocument();
    const history = screen.getByRole('link', { name: /Today's web logins/ });
    expect(history).toHaveAttribute('href', '/admin-dashboard-history?type=Login&source=Web');
    expect(api.callsTo('GET', `${S}/users/dashboard`)[0]?.headers.authorization).toBe('staff-token');
  });

  it('sends the login answer’s challengeId back with the code (issue 12, item 3)', async () => {
    const api = mockApi({
      [`POST ${S}/users/login`]: {
        body: { respones_msg: 'We have sent a login code to your email.', challengeId: 'c'.repeat(64) },
      },
      ...codeAcceptedRoutes,
    });
    const { user } = renderBackOffice('/super-admin/login');
    await user.type(await screen.findByLabelText(/Email/), 'root@fleetdeck.test');
    await user.type(screen.getByLabelText(/Password/), 'Staff-Password-123{Enter}');
    await enterCode(user, '4821');
    await waitFor(() =>
      expect(api.callsTo('POST', `${S}/users/verify/otp`)[0]?.body).toEqual({
        email: 'root@fleetdeck.test',
        otp: '4821',
        challengeId: 'c'.repeat(64),
      }),
    );
  });

  it('shows the captcha when the server asks for it and sends the solved one (issue 24, item 4)', async () => {
    let tries = 0;
    const api = mockApi({
      [`POST ${S}/users/login`]: () => {
        tries += 1;
        return tries === 1
          ? { status: 400, body: { respones_msg: 'Please verify captcha.', code: 'E_CAPTCHA' } }
          : { body: { respones_msg: 'We have sent a login code to your email.', challengeId: 'd'.repeat(64) } };
      },
    });
    const { user } = renderBackOffice('/super-admin/login');
    expect(screen.queryByRole('button', { name: 'Solve captcha' })).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText(/Email/), 'root@fleetdeck.test');
    await user.type(screen.getByLabelText(/Password/), 'Staff-Password-123{Enter}');
    const solve = await screen.findByRole('button', { name: 'Solve captcha' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Please verify captcha.')).not.toHaveLength(0);
    expect(api.callsTo('POST', `${S}/users/login`)).toHaveLength(1);
    await user.click(solve);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentLocation()).toBe('/super-admin/verify/otp?email=root%40fleetdeck.test'));
    expect(api.callsTo('POST', `${S}/users/login`)[1]?.body).toEqual({
      email: 'root@fleetdeck.test',
      password: 'Staff-Password-123',
      captcha: 'captcha-payload',
    });
  });

  it('sends the staff code as soon as its last digit is typed, without a click (issue 24, item 9)', async () => {
    const api = mockApi({
      [`POST ${S}/users/login`]: {
        body: { respones_msg: 'We have sent a login code to your email.', challengeId: 'e'.repeat(64) },
      },
      ...codeAcceptedRoutes,
    });
    const { user } = renderBackOffice('/super-admin/login');
    await user.type(await screen.findByLabelText(/Email/), 'root@fleetdeck.test');
    await user.type(screen.getByLabelText(/Password/), 'Staff-Password-123{Enter}');
    await user.click((await screen.findAllByLabelText('OTP digit'))[0]!);
    await user.keyboard('482');
    expect(api.callsTo('POST', `${S}/users/verify/otp`)).toHaveLength(0);
    await user.keyboard('1');
    await waitFor(() => expect(currentLocation()).toBe('/admin-dashboard'));
    expect(api.callsTo('POST', `${S}/users/verify/otp`)).toHaveLength(1);
    expect(api.callsTo('POST', `${S}/users/verify/otp`)[0]?.body).toEqual({
      email: 'root@fleetdeck.test',
      otp: '4821',
      challengeId: 'e'.repeat(64),
    });
  });

  it('sends a signed-in staff member from the login page to the dashboard', async () => {
    signInStaff('SuperAdmin');
    mockApi(dashboardRoutes);
    renderBackOffice('/super-admin/login');
    await waitFor(() => expect(currentLocation()).toBe('/admin-dashboard'));
  });

  it('the account menu names the role as the contract does, "SuperAdmin", not upper-cased (issue 24, item 9)', async () => {
    signInStaff('SuperAdmin');
    mockApi(dashboardRoutes);
    renderBackOffice('/admin-dashboard');
    const menu = await screen.findByRole('button', { name: /Account menu/ });
    expect(within(menu).getByText('SuperAdmin').closest('.mantine-Badge-root')).toHaveStyle({ textTransform: 'none' });
  });
});

/** The query strings the mocked fetch was called with for `path`. */
const queriesTo = (fetchMock: ReturnType<typeof mockApi>['fetchMock'], path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

/**
 * A first visit straight to a signed-in page (main.tsx: `preloadStaffPage` before the first render) asks for the
 * page's data and the frame's beside the chunks; the page then renders from those answers without asking again.
 */
describe('first-visit preload (issue 13)', () => {
  const COUNTS = ['dashboard', 'weekWiseLogin', 'monthWiseLogin'].map((name) => `${S}/users/${name}`);

  it('/admin-dashboard: the counts with the URL’s Source filter and the staff detail, once each', async () => {
    signInStaff('SuperAdmin');
    setApiSession(staffSession);
    const api = mockApi(dashboardRoutes);
    const queryClient = createQueryClient();
    preloadStaffPage('/admin-dashboard', '?hasError=true', queryClient);
    await waitFor(() => {
      for (const path of [...COUNTS, `${S}/users/detail`]) expect(api.callsTo('GET', path)).toHaveLength(1);
    });
    expect(api.callsTo('GET', '/api/v1/config')).toHaveLength(1);

    renderBackOffice('/admin-dashboard?hasError=true', { queryClient });
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'App logins by month, 2026' })).toBeInTheDocument();
    for (const path of [...COUNTS, `${S}/users/detail`]) expect(api.callsTo('GET', path)).toHaveLength(1);
    for (const path of COUNTS) {
      expect(queriesTo(api.fetchMock, path)).toEqual([{ hasError: 'true', timeZone: expect.any(String) }]);
    }
    expect(api.callsTo('GET', `${S}/users/dashboard`)[0]?.headers.authorization).toBe('staff-token');
  });

  it('asks for nothing signed out, at an address that is not a page, or at a page the role does not open', async () => {
    const api = mockApi(dashboardRoutes);
    preloadStaffPage('/admin-dashboard', '', createQueryClient());
    signInStaff('SuperAdmin');
    preloadStaffPage('/admin-nowhere', '', createQueryClient());
    window.localStorage.setItem('adminRole', 'Support');
    preloadStaffPage('/admin-dashboard', '', createQueryClient());
    // The dynamic imports of a preload that did start would have resolved by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
  });
});

describe('roles (DECISIONS §8)', () => {
  it("hides SuperAdmin-only pages from a Support member's sidebar and shows No access at their address", async () => {
    signInStaff('Support');
    mockApi(staffDetail('b2', 'help@fleetdeck.test', 'Help', 'Support'));
    renderBackOffice('/admin-staff');
    expect(await screen.findByText(/does not give you access to this page/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).not.toHaveTextContent('Dashboard');
    expect(nav).not.toHaveTextContent('Staff');
  });

  it('groups the sidebar in sections: Overview, Finance, Customers, Devices, Content, Settings (issue 24)', async () => {
    signInStaff('SuperAdmin');
    mockApi(staffDetail('b1', 'root@fleetdeck.test', 'Root', 'SuperAdmin'));
    renderBackOffice('/admin-staff');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const sections = within(nav).getAllByRole('group');
    expect(sections.map((g) => g.getAttribute('aria-label'))).toEqual([
      'Overview',
      'Finance',
      'Customers',
      'Devices',
      'Content',
      'Settings',
    ]);
    expect(within(sections[1]!).getByRole('link', { name: 'Coupons' })).toBeInTheDocument();
    expect(within(sections[5]!).getAllByRole('link')).toHaveLength(1);
  });

  it('ends the session on is_logout: clears the staff token and goes to the staff login', async () => {
    signInStaff('SuperAdmin', 'revoked');
    mockApi({
      [`GET ${S}/users/detail`]: { status: 401, body: { respones_msg: 'Your session has ended.', is_logout: 1 } },
      [`GET ${S}/users/dashboard`]: { status: 401, body: { respones_msg: 'Your session has ended.', is_logout: 1 } },
    });
    renderBackOffice('/admin-dashboard');
    await waitFor(() => expect(currentLocation()).toBe('/super-admin/login'));
    expect(window.localStorage.getItem('super_admin_token')).toBeNull();
    expect(window.localStorage.getItem('adminRole')).toBeNull();
  });
});

describe('staff change password (spec 3 §4)', () => {
  it('checks the confirmation before any call, then signs out and goes to the staff login', async () => {
    signInStaff('Support');
    const api = mockApi({
      [`GET ${S}/users/detail`]: dashboardRoutes[`GET ${S}/users/detail`]!,
      [`POST ${S}/users/change-password`]: {
        body: { respones_msg: 'Password changed successfully. Please log in again.' },
      },
    });
    const { user } = renderBackOffice('/admin-change-password');
    await user.type(await screen.findByLabelText(/Old password/), 'Staff-Password-123');
    await user.type(screen.getByLabelText(/New password/), 'Harbour-Lantern-9921');
    await user.type(screen.getByLabelText(/Confirm password/), 'Harbour-Lantern-9922');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('POST', `${S}/users/change-password`)).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Confirm password/));
    await user.type(screen.getByLabelText(/Confirm password/), 'Harbour-Lantern-9921');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(currentLocation()).toBe('/super-admin/login'));
    expect(api.callsTo('POST', `${S}/users/change-password`)[0]?.body).toEqual({
      old_password: 'Staff-Password-123',
      new_password: 'Harbour-Lantern-9921',
      confirm_password: 'Harbour-Lantern-9921',
    });
    expect(window.localStorage.getItem('super_admin_token')).toBeNull();
  });
});
