import { canUseArea, type StaffArea, type StaffRole } from '@fleetdeck/contract/staff';
import { lazyNamed, routeTable } from '@/shared/lib/route-table';
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
    page: lazyNamed(() => import('@/back-office/features/account/pages/staff-login-page'), 'StaffLoginPage'),
  },
  verifyOtp: {
    title: 'Verify OTP',
    area: 'guest',
    page: lazyNamed(() => import('@/back-office/features/account/pages/staff-verify-otp-page'), 'StaffVerifyOtpPage'),
  },
  dashboard: {
    title: 'Dashboard',
    area: 'dashboard',
    nav: { group: 'Overview' },
    page: lazyNamed(() => import('@/back-office/features/dashboard/pages/admin-dashboard-page'), 'AdminDashboardPage'),
    prefetch: (queryClient, search) =>
      void import('@/back-office/api/login-counts').then((m) => m.prefetchLoginCounts(queryClient, search)),
  },
  dashboardHistory: {
    title: 'Login History',
    area: 'dashboard',
    nav: { group: 'Overview' },
    page: lazyNamed(() => import('@/back-office/features/dashboard/pages/login-history-page'), 'LoginHistoryPage'),
  },
  paymentDashboard: {
    title: 'Payment Dashboard',
    area: 'paymentDashboard',
    nav: { group: 'Overview' },
    page: lazyNamed(
      () => import('@/back-office/features/payment-dashboard/pages/payment-dashboard-page'),
      'PaymentDashboardPage',
    ),
  },
  staff: {
    title: 'Staff',
    area: 'staff',
    nav: { group: 'Settings' },
    page: lazyNamed(() => import('@/back-office/features/staff/pages/staff-page'), 'StaffPage'),
  },
  blogList: {
    title: 'Blogs',
    area: 'blogs',
    nav: { group: 'Content' },
    page: lazyNamed(() => import('@/back-office/features/blogs/pages/blog-list-page'), 'BlogListPage'),
  },
  blogCreate: {
    title: 'Blog',
    area: 'blogs',
    page: lazyNamed(() => import('@/back-office/features/blogs/pages/blog-create-page'), 'BlogCreatePage'),
  },
  videos: {
    title: 'Videos',
    area: 'videos',
    nav: { group: 'Content' },
    page: lazyNamed(() => import('@/back-office/features/videos/pages/videos-page'), 'VideosPage'),
  },
  faq: {
    title: 'FAQ',
    area: 'faq',
    nav: { group: 'Content' },
    page: lazyNamed(() => import('@/back-office/features/faq/pages/faq-page'), 'FaqPage'),
  },
  editFaq: {
    title: 'Edit FAQ',
    area: 'faq',
    page: lazyNamed(() => import('@/back-office/features/faq/pages/edit-faq-page'), 'EditFaqPage'),
  },
  contactUs: {
    title: 'Contact Us',
    area: 'contactUs',
    nav: { group: 'Content' },
    page: lazyNamed(() => import('@/back-office/features/contact-us/pages/contact-us-page'), 'ContactUsPage'),
  },
  newsletters: {
    title: 'Newsletters',
    area: 'newsletters',
    nav: { group: 'Content' },
    page: lazyNamed(() => import('@/back-office/features/newsletters/pages/newsletters-page'), 'NewslettersPage'),
  },
  pageViewReport: {
    title: 'Page View Report',
    area: 'pageViews',
    page: lazyNamed(
      () => import('@/back-office/features/page-views/pages/page-view-report-page'),
      'PageViewReportPage',
    ),
  },
  customerList: {
    title: 'Customers List',
    area: 'customers',
    nav: { group: 'Customers' },
    page: lazyNamed(() => import('@/back-office/features/customers/pages/customer-list-page'), 'CustomerListPage'),
  },
  customerCreate: {
    title: 'Create Customer',
    area: 'customers',
    page: lazyNamed(() => import('@/back-office/features/customers/pages/customer-create-page'), 'CustomerCreatePage'),
  },
  customerEdit: {
    title: 'Edit Customer',
    area: 'customers',
    page: lazyNamed(() => import('@/back-office/features/customers/pages/customer-edit-page'), 'CustomerEditPage'),
  },
  customerSubscriptions: {
    title: 'Customer Subscriptions',
    area: 'customers',
    page: lazyNamed(
      () => import('@/back-office/features/customers/pages/customer-subscriptions-page'),
      'CustomerSubscriptionsPage',
    ),
  },
  devices: {
    title: 'Devices',
    area: 'devices',
    nav: { group: 'Devices' },
    page: lazyNamed(() => import('@/back-office/features/devices/pages/admin-devices-page'), 'AdminDevicesPage'),
  },
  customNotifications: {
    title: 'Notification List',
    area: 'notifications',
    nav: { group: 'Devices' },
    page: lazyNamed(
      () => import('@/back-office/features/notifications/pages/admin-custom-notifications-page'),
      'AdminCustomNotificationsPage',
    ),
  },
  notificationDetail: {
    title: 'Notification Detail',
    area: 'notifications',
    page: lazyNamed(
      () => import('@/back-office/features/notifications/pages/admin-notification-detail-page'),
      'AdminNotificationDetailPage',
    ),
  },
  auditLogs: {
    title: 'Audit Logs',
    area: 'auditLogs',
    nav: { group: 'Customers' },
    page: lazyNamed(
      () => import('@/back-office/features/audit-logs/pages/admin-audit-logs-page'),
      'AdminAuditLogsPage',
    ),
  },
  powerChatUsers: {
    title: 'Power Chat Users',
    area: 'powerChatUsers',
    nav: { group: 'Customers' },
    page: lazyNamed(
      () => import('@/back-office/features/power-chat-users/pages/admin-power-chat-users-page'),
      'AdminPowerChatUsersPage',
    ),
  },
  bloatwareApps: {
    title: 'Bloatware Apps',
    area: 'bloatware',
    nav: { group: 'Devices' },
    page: lazyNamed(
      () => import('@/back-office/features/bloatware/pages/admin-bloatware-apps-page'),
      'AdminBloatwareAppsPage',
    ),
  },
  exportsList: {
    title: 'Export List',
    area: 'exports',
    nav: { group: 'Customers' },
    page: lazyNamed(
      () => import('@/back-office/features/exports/pages/admin-exports-list-page'),
      'AdminExportsListPage',
    ),
  },
  changePassword: {
    title: 'Change Password',
    area: 'account',
    page: lazyNamed(
      () => import('@/back-office/features/account/pages/staff-change-password-page'),
      'StaffChangePasswordPage',
    ),
  },
  customerRefund: {
    title: 'Refund',
    area: 'customerPayments',
    page: lazyNamed(
      () => import('@/back-office/features/customer-payments/pages/refund-payment-page'),
      'RefundPaymentPage',
    ),
  },
  paymentHistory: {
    title: 'Payment History',
    area: 'paymentHistory',
    nav: { group: 'Finance' },
    page: lazyNamed(
      () => import('@/back-office/features/payment-history/pages/payment-history-page'),
      'PaymentHistoryPage',
    ),
  },
  paymentErrors: {
    title: 'Payment Errors',
    area: 'paymentErrors',
    nav: { group: 'Finance' },
    page: lazyNamed(
      () => import('@/back-office/features/payment-errors/pages/payment-errors-page'),
      'PaymentErrorsPage',
    ),
  },
  upcomingExpire: {
    title: 'Upcoming Expire Payment',
    area: 'upcomingExpire',
    nav: { group: 'Finance' },
    page: lazyNamed(
      () => import('@/back-office/features/upcoming-expire/pages/upcoming-expire-page'),
      'UpcomingExpirePage',
    ),
  },
  coupons: {
    title: 'Coupons',
    area: 'coupons',
    nav: { group: 'Finance' },
    page: lazyNamed(() => import('@/back-office/features/coupons/pages/coupons-page'), 'CouponsPage'),
  },
  pricingList: {
    title: 'Pricing',
    area: 'pricing',
    nav: { group: 'Finance' },
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
  // In the sidebar's order (sections first), not the table's: Support landed on Blogs before its customers (issue 24).
  const [first] = backOfficeRoutes
    .filter((r) => r.nav && r.area !== 'guest' && r.area !== 'public' && canUseArea(role, r.area as StaffArea))
    .sort((a, b) => sectionIndex(a.nav?.group) - sectionIndex(b.nav?.group));
  return first?.path ?? staffPaths.changePassword.getHref();
}

/** The sidebar's sections, in this order (each route's `nav.group` names one). */
const NAV_SECTIONS = ['Overview', 'Finance', 'Customers', 'Devices', 'Content', 'Settings'];
export const sectionIndex = (group: string | undefined) => NAV_SECTIONS.indexOf(group ?? '');
