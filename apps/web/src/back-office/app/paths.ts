/**
 * Every route of the back office (spec 3 §2), in one place: `staffPaths.x.path` in the router, `getHref(...)` in links.
 */
const withQuery = (path: string, query: Record<string, string | number | boolean | undefined | null>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

const simple = (path: string) => ({ path, getHref: () => path });

export const staffPaths = {
  login: {
    path: '/super-admin/login',
    getHref: (opts: { showEmailNotice?: boolean } = {}) =>
      withQuery('/super-admin/login', { show_email_div: opts.showEmailNotice ? 1 : undefined }),
  },
  verifyOtp: {
    path: '/super-admin/verify/otp',
    getHref: (email: string) => withQuery('/super-admin/verify/otp', { email }),
  },
  dashboard: simple('/admin-dashboard'),
  dashboardHistory: {
    path: '/admin-dashboard-history',
    getHref: (filters: { type?: 'Login'; source?: 'App' | 'Web'; hasError?: boolean } = {}) =>
      withQuery('/admin-dashboard-history', filters),
  },
  paymentDashboard: {
    path: '/admin-payment-dashboard',
    getHref: (query: { reportMonth?: number; reportYear?: number; hasError?: boolean } = {}) =>
      withQuery('/admin-payment-dashboard', query),
  },
  changePassword: simple('/admin-change-password'),
  staff: simple('/admin-staff'),
  customerRefund: {
    path: '/admin-customer-refund-payment',
    getHref: (paymentId: string, customerId: string) =>
      withQuery('/admin-customer-refund-payment', { id: paymentId, customerId }),
  },
  // Website content (spec 3 "Videos", "FAQ", "Blogs", "Contact requests", "Newsletters") and the page-view report.
  blogList: simple('/admin-blog-list'),
  blogCreate: { path: '/admin-blog-create', getHref: (id?: string) => withQuery('/admin-blog-create', { id }) },
  videos: simple('/admin-videos'),
  faq: simple('/admin-faq'),
  editFaq: { path: '/admin-edit-faq', getHref: (id: string) => withQuery('/admin-edit-faq', { id }) },
  contactUs: simple('/admin-contactus'),
  newsletters: simple('/admin-newsletters'),
  pageViewReport: {
    path: '/admin-page-view-report',
    /** `pageName`: the report's page filter (Home or Payment). */
    getHref: (pageName?: 'Home' | 'Payment') => withQuery('/admin-page-view-report', { pageName }),
  },
  customerList: simple('/admin-customer-list'),
  customerCreate: simple('/admin-customer-create'),
  customerEdit: {
    path: '/admin-customer-edit',
    getHref: (customerId: string) => withQuery('/admin-customer-edit', { id: customerId }),
  },
  customerSubscriptions: {
    path: '/admin-customer-subscription-create',
    getHref: (customerId: string) => withQuery('/admin-customer-subscription-create', { id: customerId }),
  },
  devices: simple('/admin-devices'),
  customNotifications: simple('/admin-custom-notifications'),
  notificationDetail: {
    path: '/admin-notification-detail',
    getHref: (id: string) => withQuery('/admin-notification-detail', { id }),
  },
  auditLogs: simple('/admin-audit-logs'),
  powerChatUsers: simple('/admin-power-chat-users'),
  bloatwareApps: simple('/admin-bloatware-apps'),
  exportsList: simple('/admin-exports-list'),
  pricingList: simple('/admin-pricing-list'),
  pricingEdit: {
    path: '/admin-pricing-edit',
    getHref: (id: string) => withQuery('/admin-pricing-edit', { id }),
  },
  notFound: simple('*'),
  // Payment lists (issue 10 item 6).
  paymentHistory: {
    path: '/admin-payment-history',
    getHref: (filters: { coupon?: string } = {}) => withQuery('/admin-payment-history', filters),
  },
  paymentErrors: simple('/admin-payment-errors'),
  upcomingExpire: simple('/admin-upcoming-expire-payment-history'),
  coupons: simple('/admin-coupons'),
} as const;

export type StaffPathKey = keyof typeof staffPaths;
