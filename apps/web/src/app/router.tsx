import { lazy, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { GuestOnly, RequireAuth } from '@/components/route-guards';
import { paths, type PortalRouteKey } from '@/config/paths';
import { setSessionEndedHandler } from '@/lib/api-client';

/** `React.lazy` for a named export, so every page is its own chunk. */
function lazyNamed<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LoginPage = lazyNamed(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const RegisterPage = lazyNamed(() => import('@/features/auth/pages/register-page'), 'RegisterPage');
const VerifyOtpPage = lazyNamed(() => import('@/features/auth/pages/verify-otp-page'), 'VerifyOtpPage');
const ForgetPasswordPage = lazyNamed(() => import('@/features/auth/pages/forget-password-page'), 'ForgetPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('@/features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const LockPage = lazyNamed(() => import('@/features/auth/pages/lock-page'), 'LockPage');
const PricingPage = lazyNamed(() => import('@/features/plans/pages/pricing-page'), 'PricingPage');
const SubscriptionPage = lazyNamed(() => import('@/features/plans/pages/subscription-page'), 'SubscriptionPage');
const NotFoundPage = lazyNamed(() => import('@/components/not-found-page'), 'NotFoundPage');

const PortalLayout = lazyNamed(() => import('@/components/layouts/portal-layout'), 'PortalLayout');
const DashboardPage = lazyNamed(() => import('@/features/dashboard/pages/dashboard-page'), 'DashboardPage');
const ChangePasswordPage = lazyNamed(
  () => import('@/features/account/pages/change-password-page'),
  'ChangePasswordPage',
);
const UpdateProfilePage = lazyNamed(() => import('@/features/account/pages/update-profile-page'), 'UpdateProfilePage');
const PrivacySecurityPage = lazyNamed(
  () => import('@/features/account/pages/privacy-security-page'),
  'PrivacySecurityPage',
);
const PlansPage = lazyNamed(() => import('@/features/payments/pages/plans-page'), 'PlansPage');
const MakePaymentPage = lazyNamed(() => import('@/features/payments/pages/make-payment-page'), 'MakePaymentPage');
const UpdateSubscriptionPage = lazyNamed(
  () => import('@/features/payments/pages/update-subscription-page'),
  'UpdateSubscriptionPage',
);
const PaymentHistoryPage = lazyNamed(
  () => import('@/features/payments/pages/payment-history-page'),
  'PaymentHistoryPage',
);
const PaymentMethodsPage = lazyNamed(
  () => import('@/features/payments/pages/payment-methods-page'),
  'PaymentMethodsPage',
);
const DownloadApkPage = lazyNamed(() => import('@/features/downloads/pages/download-apk-page'), 'DownloadApkPage');
const BecomeResellerPage = lazyNamed(
  () => import('@/features/reseller/pages/become-reseller-page'),
  'BecomeResellerPage',
);
const ProfilesPage = lazyNamed(() => import('@/features/profiles/pages/profiles-page'), 'ProfilesPage');
const ProfileDetailPage = lazyNamed(() => import('@/features/profiles/pages/profile-detail-page'), 'ProfileDetailPage');
const SlProfileDetailPage = lazyNamed(
  () => import('@/features/profiles/pages/sl-profile-detail-page'),
  'SlProfileDetailPage',
);
const PcProfileDetailPage = lazyNamed(
  () => import('@/features/profiles/pages/pc-profile-detail-page'),
  'PcProfileDetailPage',
);
const UbProfileDetailPage = lazyNamed(
  () => import('@/features/profiles/pages/ub-profile-detail-page'),
  'UbProfileDetailPage',
);
const KmProfileDetailPage = lazyNamed(
  () => import('@/features/profiles/pages/km-profile-detail-page'),
  'KmProfileDetailPage',
);
const DeviceLogsPage = lazyNamed(() => import('@/features/device-logs/pages/device-logs-page'), 'DeviceLogsPage');
const AuditLogsPage = lazyNamed(() => import('@/features/audit-logs/pages/audit-logs-page'), 'AuditLogsPage');
const ExportListPage = lazyNamed(() => import('@/features/exports/pages/export-list-page'), 'ExportListPage');
const ExportDetailPage = lazyNamed(() => import('@/features/exports/pages/export-detail-page'), 'ExportDetailPage');
const PowerChatUsersPage = lazyNamed(
  () => import('@/features/power-chat/pages/power-chat-users-page'),
  'PowerChatUsersPage',
);
const PowerChatUserCreatePage = lazyNamed(
  () => import('@/features/power-chat/pages/power-chat-user-create-page'),
  'PowerChatUserCreatePage',
);
const ComingSoonPage = lazyNamed(() => import('@/components/coming-soon-page'), 'ComingSoonPage');

/** Portal routes built in this release; every other one shows a ComingSoon panel. */
const BUILT: Partial<Record<PortalRouteKey, ComponentType>> = {
  dashboard: DashboardPage,
  changePassword: ChangePasswordPage,
  updateProfile: UpdateProfilePage,
  privacySecurity: PrivacySecurityPage,
  plans: PlansPage,
  makePayment: MakePaymentPage,
  updateSubscription: UpdateSubscriptionPage,
  paymentHistory: PaymentHistoryPage,
  paymentMethods: PaymentMethodsPage,
  downloadApk: DownloadApkPage,
  becomeReseller: BecomeResellerPage,
  deviceLogs: DeviceLogsPage,
  auditLogs: AuditLogsPage,
  exportList: ExportListPage,
  exportDetail: ExportDetailPage,
  powerChatUsers: PowerChatUsersPage,
  powerChatUserCreate: PowerChatUserCreatePage,
  profiles: ProfilesPage,
  profileDetail: ProfileDetailPage,
  slProfileDetail: SlProfileDetailPage,
  pcProfileDetail: PcProfileDetailPage,
  ubProfileDetail: UbProfileDetailPage,
  kmProfileDetail: KmProfileDetailPage,
};

/** When the server ends the session (`is_logout: 1`), go to Login inside the SPA. */
function SessionEndedRedirect() {
  const navigate = useNavigate();
  useEffect(
    () =>
      setSessionEndedHandler(() => {
        void navigate(paths.auth.login.getHref(), { replace: true });
      }),
    [navigate],
  );
  return null;
}

export function AppRoutes() {
  return (
    <>
      <SessionEndedRedirect />
      <Routes>
        <Route index element={<Navigate to={paths.auth.login.getHref()} replace />} />

        <Route element={<AuthLayout />}>
          <Route element={<GuestOnly />}>
            <Route path={paths.auth.login.path} element={<LoginPage />} />
            <Route path={paths.auth.register.path} element={<RegisterPage />} />
            <Route path={paths.auth.verifyOtp.path} element={<VerifyOtpPage />} />
            <Route path={paths.auth.forgetPassword.path} element={<ForgetPasswordPage />} />
            <Route path={paths.auth.resetPassword.path} element={<ResetPasswordPage />} />
          </Route>
          <Route path={paths.auth.lock.path} element={<LockPage />} />
          <Route path={paths.public.pricing.path} element={<PricingPage />} />
          <Route path={paths.public.subscription.path} element={<SubscriptionPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>

        <Route element={<RequireAuth />}>
          <Route element={<PortalLayout />}>
            {(Object.keys(paths.portal) as PortalRouteKey[]).map((key) => {
              const route = paths.portal[key];
              const Page = BUILT[key];
              return (
                <Route key={key} path={route.path} element={Page ? <Page /> : <ComingSoonPage title={route.title} />} />
              );
            })}
          </Route>
        </Route>
      </Routes>
    </>
  );
}
