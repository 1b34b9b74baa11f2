/**
 * Every path of the customer app, in one place. Components never spell a path: they use `paths.x.getHref(...)` in
 * links. Titles, sidebar entries and pages are in the route tables (`app/guest-routes.ts`, `app/portal-routes.tsx`),
 * which take their paths from here.
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

type Query = Parameters<typeof withQuery>[1];

const simple = (path: string): Route => ({ path, getHref: () => path });
/** A page whose links carry a query built from the arguments of `getHref`. */
const withArgs = <Args extends unknown[]>(path: string, query: (...args: Args) => Query): Route<Args> => ({
  path,
  getHref: (...args: Args) => withQuery(path, query(...args)),
});
/** A profile detail page: `?profile_id={id}` (spec 2 §2). */
const profilePage = (path: string) => withArgs(path, (profileId?: string) => ({ profile_id: profileId }));

export const paths = {
  root: simple('/'),

  auth: {
    login: withArgs('/login', (opts: { showEmailNotice?: boolean; next?: string } = {}) => ({
      show_email_div: opts.showEmailNotice ? 1 : undefined,
      next: opts.next,
    })),
    register: withArgs('/register', (email?: string) => ({ email })),
    verifyOtp: withArgs('/verify-otp', (email: string) => ({ email })),
    forgetPassword: simple('/forget-password'),
    resetPassword: simple('/reset-password'),
    lock: simple('/lock'),
  },

  public: {
    pricing: simple('/pricing'),
    subscription: withArgs('/subscription', (priceId: string) => ({ price_id: priceId })),
    /** What a phone's camera opens from the login QR code (DECISIONS §6): `/enrol?token=…`. */
    enrol: simple('/enrol'),
    /** A team invite's emailed link (DECISIONS §12): `/accept-invite?token=…`. */
    acceptInvite: withArgs('/accept-invite', (token?: string) => ({ token })),
  },

  /** The public website (DECISIONS §9; with `public.pricing`). Its route table is `app/site-routes.tsx`. */
  site: {
    faq: simple('/faq'),
    blog: simple('/blog'),
    blogPost: { path: '/blog/:id', getHref: (id: string) => `/blog/${encodeURIComponent(id)}` },
    videos: simple('/videos'),
    contact: simple('/contact'),
    /** The newsletter's emailed double opt-in link (`?token=`). */
    newsletterConfirm: simple('/newsletter/confirm'),
  },

  portal: {
    dashboard: simple('/dashboard'),
    changePassword: simple('/change-password'),
    privacySecurity: simple('/privacy-security'),
    paymentMethods: simple('/payment-methods'),
    updateProfile: simple('/update-profile'),
    auditLogs: simple('/audit-logs'),
    exportList: simple('/export-list'),
    exportDetail: withArgs('/export-detail', (id?: string) => ({ id })),
    plans: simple('/plans'),
    paymentHistory: withArgs('/payment-history', (priceId?: string) => ({ priceId })),
    updateSubscription: withArgs('/update-subscription', (id?: string) => ({ id })),
    makePayment: withArgs('/make-payment', (id?: string, qty?: number) => ({ id, qty })),
    profiles: simple('/profiles'),
    profileDetail: profilePage('/profile-detail'),
    slProfileDetail: profilePage('/sl-profile-detail'),
    pcProfileDetail: profilePage('/pc-profile-detail'),
    ubProfileDetail: profilePage('/ub-profile-detail'),
    kmProfileDetail: profilePage('/km-profile-detail'),
    /** Fleet operations (DECISIONS §10): groups, policy templates, staged rollouts; each detail page by `?id=`. */
    groups: simple('/groups'),
    groupDetail: withArgs('/group-detail', (id?: string) => ({ id })),
    templates: simple('/templates'),
    templateDetail: withArgs('/template-detail', (id?: string) => ({ id })),
    rollouts: simple('/rollouts'),
    rolloutDetail: withArgs('/rollout-detail', (id?: string) => ({ id })),
    /** Remote commands (DECISIONS §11): every command sent, and one command's ledger by `?id=`. */
    /** `?profileId=`: the commands one device received (its history). */
    commands: withArgs('/commands', (profileId?: string) => ({ profileId })),
    commandDetail: withArgs('/command-detail', (id?: string) => ({ id })),
    deviceLogs: simple('/device-logs'),
    downloadApk: simple('/download-apk'),
    becomeReseller: simple('/become-reseller'),
    powerChatUsers: simple('/power-chat-users'),
    powerChatUserCreate: simple('/power-chat-user-create'),
    /** The account's members and invites (DECISIONS §12). */
    team: simple('/team'),
    /** The public API's keys and webhook endpoints (DECISIONS §13); one endpoint's delivery log by `?id=`. */
    apiKeys: simple('/api-keys'),
    webhooks: simple('/webhooks'),
    webhookDetail: withArgs('/webhook-detail', (id?: string) => ({ id })),
  },
} as const;

export type PortalRouteKey = keyof typeof paths.portal;
export type SiteRouteKey = keyof typeof paths.site;
