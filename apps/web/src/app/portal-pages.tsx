import { lazy, type ComponentType } from 'react';
import { paths, type PortalRouteKey } from '@/config/paths';

/**
 * The portal's page table, loaded only once a signed-in page is shown: each page stays its own lazy chunk, and the
 * table itself (with the list of files every page preloads) stays out of the first download of /login.
 */

function lazyNamed<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

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

/** The page of one portal route (or the Coming soon panel of a route not built yet). */
export function PortalPage({ routeKey }: { routeKey: PortalRouteKey }) {
  const Page = BUILT[routeKey];
  return Page ? <Page /> : <ComingSoonPage title={paths.portal[routeKey].title} />;
}
