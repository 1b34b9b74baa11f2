/**
 * Every route of the web console, in one place. Components never spell a path:
 * they use `paths.x.path` in the router and `paths.x.getHref(...)` in links.
 */

const withQuery = (path: string, query: Record<string, string | number | undefined | null>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

type Route<Args extends unknown[] = []> = {
  path: string;
  getHref: (...args: Args) => string;
};

type PortalRoute<Args extends unknown[] = []> = Route<Args> & { title: string };

const simple = (path: string): Route => ({ path, getHref: () => path });
const portal = (path: string, title: string): PortalRoute => ({ path, title, getHref: () => path });
/** A profile detail page: `?profile_id={id}` (spec 2 §2). */
const profilePage = (path: string, title: string): PortalRoute<[profileId?: string]> => ({
  path,
  title,
  getHref: (profileId?: string) => withQuery(path, { profile_id: profileId }),
});

export const paths = {
  root: simple('/'),

  auth: {
    login: {
      path: '/login',
      getHref: (opts: { showEmailNotice?: boolean; next?: string } = {}) =>
        withQuery('/login', { show_email_div: opts.showEmailNotice ? 1 : undefined, next: opts.next }),
    } satisfies Route<[opts?: { showEmailNotice?: boolean; next?: string }]>,
    register: {
      path: '/register',
      getHref: (email?: string) => withQuery('/register', { email }),
    } satisfies Route<[email?: string]>,
    verifyOtp: {
      path: '/verify-otp',
      getHref: (email: string) => withQuery('/verify-otp', { email }),
    } satisfies Route<[email: string]>,
    forgetPassword: simple('/forget-password'),
    resetPassword: simple('/reset-password'),
    lock: simple('/lock'),
  },

  public: {
    pricing: simple('/pricing'),
    subscription: {
      path: '/subscription',
      getHref: (priceId: string) => withQuery('/subscription', { price_id: priceId }),
    } satisfies Route<[priceId: string]>,
  },

  portal: {
    dashboard: portal('/dashboard', 'Dashboard'),
    changePassword: portal('/change-password', 'Change Password'),
    privacySecurity: portal('/privacy-security', 'Privacy & Security'),
    paymentMethods: portal('/payment-methods', 'Payment Methods'),
    updateProfile: portal('/update-profile', 'Update Profile'),
    auditLogs: portal('/audit-logs', 'Audit Logs'),
    exportList: portal('/export-list', 'Export List'),
    exportDetail: {
      path: '/export-detail',
      title: 'Export Detail',
      getHref: (id?: string) => withQuery('/export-detail', { id }),
    } satisfies PortalRoute<[id?: string]>,
    plans: portal('/plans', 'Plans'),
    paymentHistory: {
      path: '/payment-history',
      title: 'Payment History',
      getHref: (priceId?: string) => withQuery('/payment-history', { priceId }),
    } satisfies PortalRoute<[priceId?: string]>,
    updateSubscription: {
      path: '/update-subscription',
      title: 'Update Subscription',
      getHref: (id?: string) => withQuery('/update-subscription', { id }),
    } satisfies PortalRoute<[id?: string]>,
    makePayment: {
      path: '/make-payment',
      title: 'Make Payment',
      getHref: (id?: string, qty?: number) => withQuery('/make-payment', { id, qty }),
    } satisfies PortalRoute<[id?: string, qty?: number]>,
    profiles: portal('/profiles', 'Devices'),
    profileDetail: profilePage('/profile-detail', 'Device Profile'),
    slProfileDetail: profilePage('/sl-profile-detail', 'Super Lock Profile'),
    pcProfileDetail: profilePage('/pc-profile-detail', 'Power Cleaner Profile'),
    ubProfileDetail: profilePage('/ub-profile-detail', 'URL Blocker Profile'),
    kmProfileDetail: profilePage('/km-profile-detail', 'Key Mapper Profile'),
    deviceLogs: portal('/device-logs', 'Device Logs'),
    downloadApk: portal('/download-apk', 'Download APK'),
    becomeReseller: portal('/become-reseller', 'Become a Reseller'),
    powerChatUsers: portal('/power-chat-users', 'Power Chat Users'),
    powerChatUserCreate: portal('/power-chat-user-create', 'Add Power Chat User'),
  },
} as const;

export type PortalRouteKey = keyof typeof paths.portal;

/** Title of the portal page at `pathname`, for the top bar and the document title. */
export const portalTitleOf = (pathname: string): string | undefined =>
  Object.values(paths.portal).find((r) => r.path === pathname)?.title;
