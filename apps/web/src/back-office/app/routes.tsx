import { IconCurrencyEuro, IconLayoutDashboard, IconListDetails, IconUsersGroup } from '@tabler/icons-react';
import { canUseArea, type StaffArea, type StaffRole } from '@fleetdeck/contract/staff';
import { lazyNamed, routeTable } from '@/lib/route-table';
import { staffPaths } from './paths';

/**
 * The back office's route table (spec 3 §2): router, sidebar, titles and the bundle budget are generated from it.
 * `area` is the back-office area of the contract's role table (`STAFF_AREAS`): the router guard and the sidebar show
 * a page only to the roles of its area; `guest` pages are the sign-in steps.
 */
export type BackOfficeArea = StaffArea | 'guest' | 'public';

export const backOfficeRoutes = routeTable<keyof typeof staffPaths, BackOfficeArea>(staffPaths, {
  login: {
    title: 'Staff login',
    area: 'guest',
    page: lazyNamed(() => import('@/back-office/features/session/pages/staff-login-page'), 'StaffLoginPage'),
  },
  verifyOtp: {
    title: 'Verify OTP',
    area: 'guest',
    page: lazyNamed(() => import('@/back-office/features/session/pages/staff-verify-otp-page'), 'StaffVerifyOtpPage'),
  },
  dashboard: {
    title: 'Dashboard',
    area: 'dashboard',
    nav: { icon: IconLayoutDashboard },
    page: lazyNamed(() => import('@/back-office/features/dashboard/pages/admin-dashboard-page'), 'AdminDashboardPage'),
  },
  dashboardHistory: {
    title: 'Login History',
    area: 'dashboard',
    nav: { icon: IconListDetails },
    page: lazyNamed(() => import('@/back-office/features/dashboard/pages/login-history-page'), 'LoginHistoryPage'),
  },
  staff: {
    title: 'Staff',
    area: 'staff',
    nav: { icon: IconUsersGroup },
    page: lazyNamed(() => import('@/back-office/features/staff/pages/staff-page'), 'StaffPage'),
  },
  changePassword: {
    title: 'Change Password',
    area: 'account',
    page: lazyNamed(
      () => import('@/back-office/features/session/pages/staff-change-password-page'),
      'StaffChangePasswordPage',
    ),
  },
  customerRefund: {
    title: 'Refund',
    area: 'customerPayments',
    page: lazyNamed(() => import('@/back-office/features/refunds/pages/refund-payment-page'), 'RefundPaymentPage'),
  },
  pricingList: {
    title: 'Pricing',
    area: 'pricing',
    nav: { icon: IconCurrencyEuro },
    page: lazyNamed(() => import('@/back-office/features/pricing/pages/pricing-list-page'), 'PricingListPage'),
  },
  pricingEdit: {
    title: 'Edit price',
    area: 'pricing',
    page: lazyNamed(() => import('@/back-office/features/pricing/pages/pricing-edit-page'), 'PricingEditPage'),
  },
  notFound: {
    title: 'Page not found',
    area: 'public',
    page: lazyNamed(() => import('@/back-office/components/staff-not-found-page'), 'StaffNotFoundPage'),
  },
});

/**
 * Where a role lands after sign-in: the dashboard for SuperAdmin (spec 3 §4), else the first page of the sidebar the
 * role opens (DECISIONS §8), else its own account page.
 */
export function homeOf(role: StaffRole | null): string {
  const first = backOfficeRoutes.find(
    (r) => r.nav && r.area !== 'guest' && r.area !== 'public' && canUseArea(role, r.area as StaffArea),
  );
  return first?.path ?? staffPaths.changePassword.getHref();
}
