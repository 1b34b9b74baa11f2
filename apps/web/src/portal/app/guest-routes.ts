import { paths } from '@/portal/config/paths';
import { lazyNamed, routeTable } from '@/shared/lib/route-table';

/**
 * The customer app's signed-out pages (in the entry: a first visit to /login needs its page at once). The signed-in
 * pages are in `portal-routes.tsx`, loaded only once a signed-in page is shown. `scripts/measure-initial-js.mjs`
 * reads the login page's module from here for the bundle budget.
 */
export const guestRoutes = routeTable(
  { ...paths.auth, ...paths.public, notFound: { path: '*' } },
  {
    login: {
      title: 'Login',
      area: 'guest',
      page: lazyNamed(() => import('@/portal/features/auth/pages/login-page'), 'LoginPage'),
    },
    register: {
      title: 'Register',
      area: 'guest',
      page: lazyNamed(() => import('@/portal/features/auth/pages/register-page'), 'RegisterPage'),
    },
    verifyOtp: {
      title: 'Verify code',
      area: 'guest',
      page: lazyNamed(() => import('@/portal/features/auth/pages/verify-otp-page'), 'VerifyOtpPage'),
    },
    forgetPassword: {
      title: 'Forgot password',
      area: 'guest',
      page: lazyNamed(() => import('@/portal/features/auth/pages/forget-password-page'), 'ForgetPasswordPage'),
    },
    resetPassword: {
      title: 'Reset password',
      area: 'guest',
      page: lazyNamed(() => import('@/portal/features/auth/pages/reset-password-page'), 'ResetPasswordPage'),
    },
    lock: { title: 'Locked', page: lazyNamed(() => import('@/portal/features/auth/pages/lock-page'), 'LockPage') },
    pricing: {
      title: 'Pricing',
      // In the public site's frame (its header and footer), like /faq: a visitor reaches the other site pages from it.
      area: 'site',
      page: lazyNamed(() => import('@/portal/features/plans/pages/pricing-page'), 'PricingPage'),
    },
    subscription: {
      title: 'Subscription',
      page: lazyNamed(() => import('@/portal/features/plans/pages/subscription-page'), 'SubscriptionPage'),
    },
    enrol: {
      title: 'Enrol a device',
      page: lazyNamed(() => import('@/portal/features/enrol/pages/enrol-page'), 'EnrolPage'),
    },
    acceptInvite: {
      // Not `guest`: the link works in a browser where someone is signed in too (it signs nobody out).
      title: 'Join the team',
      page: lazyNamed(() => import('@/portal/features/auth/pages/accept-invite-page'), 'AcceptInvitePage'),
    },
    notFound: {
      title: 'Page not found',
      page: lazyNamed(() => import('@/portal/components/not-found-page'), 'NotFoundPage'),
    },
  },
);
