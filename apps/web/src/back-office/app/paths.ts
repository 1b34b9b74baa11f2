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
  changePassword: simple('/admin-change-password'),
  staff: simple('/admin-staff'),
  customerRefund: {
    path: '/admin-customer-refund-payment',
    getHref: (paymentId: string, customerId: string) =>
      withQuery('/admin-customer-refund-payment', { id: paymentId, customerId }),
  },
  pricingList: simple('/admin-pricing-list'),
  pricingEdit: {
    path: '/admin-pricing-edit',
    getHref: (id: string) => withQuery('/admin-pricing-edit', { id }),
  },
  notFound: simple('*'),
} as const;

export type StaffPathKey = keyof typeof staffPaths;
