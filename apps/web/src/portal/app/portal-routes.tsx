import {
  IconBuildingStore,
  IconCreditCard,
  IconDeviceMobile,
  IconFileExport,
  IconFolders,
  IconKey,
  IconLayoutDashboard,
  IconListDetails,
  IconMessageCircle,
  IconReceipt,
  IconShieldCheck,
  IconShieldLock,
  IconStairsUp,
  IconTemplate,
  IconTerminal2,
  IconUserCircle,
} from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { licenceSummaryQueryOptions } from '@/portal/api/licence-summary';
import { userDetailQueryOptions } from '@/portal/api/get-user-detail';
import { paths, type PortalRouteKey } from '@/portal/config/paths';
import { dashboardQueryOptions } from '@/portal/features/dashboard/api/get-dashboard';
import { plansQueryOptions } from '@/portal/features/payments/api/get-plans';
import { appConfigQueryOptions } from '@/shared/lib/app-config';
import { lazyNamed, routeTable, RoutePage } from '@/shared/lib/route-table';

/**
 * The device pages' prefetches read their ids and filters with the contract's schemas: loaded apart (beside the page's
 * chunk), since this table importing them would hold those schemas and make the frame's shared chunk import it back.
 */
const profilePrefetches = () => import('@/portal/features/profiles/api/prefetch');
const profilePagePrefetch =
  (options: { deviceAppsFirst: boolean }) => (queryClient: QueryClient, search: URLSearchParams) =>
    void profilePrefetches().then((p) => p.prefetchProfilePage(options)(queryClient, search));

/**
 * The customer portal's signed-in pages. This module is loaded only once a signed-in page is shown (by the portal
 * layout and `PortalPage`): each page stays its own lazy chunk, and the table itself (with the list of files every
 * page preloads) stays out of the first download of /login. The sidebar and the account menu list the entries with
 * `nav`, in table order.
 */
export const portalRoutes = routeTable(paths.portal, {
  dashboard: {
    title: 'Dashboard',
    nav: { icon: IconLayoutDashboard },
    page: lazyNamed(() => import('@/portal/features/dashboard/pages/dashboard-page'), 'DashboardPage'),
    prefetch: (queryClient) => void queryClient.prefetchQuery(dashboardQueryOptions()),
  },
  profiles: {
    title: 'Devices',
    nav: { icon: IconDeviceMobile },
    page: lazyNamed(() => import('@/portal/features/profiles/pages/profiles-page'), 'ProfilesPage'),
    prefetch: (queryClient, search) => void profilePrefetches().then((p) => p.prefetchProfileList(queryClient, search)),
  },
  // Fleet operations (DECISIONS §10), in the sidebar under Devices; the detail pages by `?id=`.
  groups: {
    title: 'Groups',
    nav: { icon: IconFolders, label: 'Groups' },
    page: lazyNamed(() => import('@/portal/features/fleet/pages/groups-page'), 'GroupsPage'),
  },
  templates: {
    title: 'Policy Templates',
    nav: { icon: IconTemplate, label: 'Templates' },
    page: lazyNamed(() => import('@/portal/features/fleet/pages/templates-page'), 'default'),
  },
  rollouts: {
    title: 'Rollouts',
    nav: { icon: IconStairsUp },
    page: lazyNamed(() => import('@/portal/features/fleet/pages/rollouts-page'), 'RolloutsPage'),
  },
  // Remote commands (DECISIONS §11), beside the fleet pages; the ledger of one by `?id=`.
  commands: {
    title: 'Commands',
    nav: { icon: IconTerminal2 },
    page: lazyNamed(() => import('@/portal/features/commands/pages/commands-page'), 'CommandsPage'),
  },
  deviceLogs: {
    title: 'Device Logs',
    nav: { icon: IconListDetails },
    page: lazyNamed(() => import('@/portal/features/device-logs/pages/device-logs-page'), 'DeviceLogsPage'),
  },
  auditLogs: {
    title: 'Audit Logs',
    nav: { icon: IconShieldCheck },
    page: lazyNamed(() => import('@/portal/features/audit-logs/pages/audit-logs-page'), 'AuditLogsPage'),
  },
  exportList: {
    title: 'Export List',
    nav: { icon: IconFileExport },
    page: lazyNamed(() => import('@/portal/features/exports/pages/export-list-page'), 'ExportListPage'),
  },
  powerChatUsers: {
    title: 'Power Chat Users',
    nav: { icon: IconMessageCircle, label: 'Power Chat', isNew: true },
    page: lazyNamed(() => import('@/portal/features/power-chat/pages/power-chat-users-page'), 'PowerChatUsersPage'),
  },
  powerChatUserCreate: {
    title: 'Add Power Chat User',
    page: lazyNamed(
      () => import('@/portal/features/power-chat/pages/power-chat-user-create-page'),
      'PowerChatUserCreatePage',
    ),
  },
  exportDetail: {
    title: 'Export Detail',
    page: lazyNamed(() => import('@/portal/features/exports/pages/export-detail-page'), 'ExportDetailPage'),
  },
  // The account menu (top right), in this order.
  updateProfile: {
    title: 'Update Profile',
    nav: { icon: IconUserCircle, menu: 'account' },
    page: lazyNamed(() => import('@/portal/features/account/pages/update-profile-page'), 'UpdateProfilePage'),
  },
  paymentHistory: {
    title: 'Payment History',
    nav: { icon: IconReceipt, menu: 'account' },
    page: lazyNamed(() => import('@/portal/features/payments/pages/payment-history-page'), 'PaymentHistoryPage'),
  },
  changePassword: {
    title: 'Change Password',
    nav: { icon: IconKey, menu: 'account' },
    page: lazyNamed(() => import('@/portal/features/account/pages/change-password-page'), 'ChangePasswordPage'),
  },
  paymentMethods: {
    title: 'Payment Methods',
    nav: { icon: IconCreditCard, menu: 'account' },
    page: lazyNamed(() => import('@/portal/features/payments/pages/payment-methods-page'), 'PaymentMethodsPage'),
  },
  privacySecurity: {
    title: 'Privacy & Security',
    nav: { icon: IconShieldLock, menu: 'account' },
    page: lazyNamed(() => import('@/portal/features/account/pages/privacy-security-page'), 'PrivacySecurityPage'),
  },
  plans: {
    title: 'Plans',
    page: lazyNamed(() => import('@/portal/features/payments/pages/plans-page'), 'PlansPage'),
    prefetch: (queryClient) => void queryClient.prefetchQuery(plansQueryOptions()),
  },
  makePayment: {
    title: 'Make Payment',
    page: lazyNamed(() => import('@/portal/features/payments/pages/make-payment-page'), 'MakePaymentPage'),
  },
  updateSubscription: {
    title: 'Update Subscription',
    page: lazyNamed(
      () => import('@/portal/features/payments/pages/update-subscription-page'),
      'UpdateSubscriptionPage',
    ),
  },
  downloadApk: {
    title: 'Download APK',
    page: lazyNamed(() => import('@/portal/features/downloads/pages/download-apk-page'), 'DownloadApkPage'),
  },
  becomeReseller: {
    title: 'Become a Reseller',
    nav: { icon: IconBuildingStore, menu: 'account', label: 'Become Reseller' },
    page: lazyNamed(() => import('@/portal/features/reseller/pages/become-reseller-page'), 'BecomeResellerPage'),
  },
  groupDetail: {
    title: 'Group',
    page: lazyNamed(() => import('@/portal/features/fleet/pages/group-detail-page'), 'GroupDetailPage'),
  },
  templateDetail: {
    title: 'Policy Template',
    page: lazyNamed(() => import('@/portal/features/fleet/pages/template-detail-page'), 'default'),
  },
  rolloutDetail: {
    title: 'Rollout',
    page: lazyNamed(() => import('@/portal/features/fleet/pages/rollout-detail-page'), 'RolloutDetailPage'),
  },
  commandDetail: {
    title: 'Command',
    page: lazyNamed(() => import('@/portal/features/commands/pages/command-detail-page'), 'CommandDetailPage'),
  },
  profileDetail: {
    title: 'Device Profile',
    page: lazyNamed(() => import('@/portal/features/profiles/pages/profile-detail-page'), 'ProfileDetailPage'),
    prefetch: profilePagePrefetch({ deviceAppsFirst: true }),
  },
  slProfileDetail: {
    title: 'Super Lock Profile',
    page: lazyNamed(() => import('@/portal/features/profiles/pages/sl-profile-detail-page'), 'SlProfileDetailPage'),
    prefetch: profilePagePrefetch({ deviceAppsFirst: true }),
  },
  pcProfileDetail: {
    title: 'Power Cleaner Profile',
    page: lazyNamed(() => import('@/portal/features/profiles/pages/pc-profile-detail-page'), 'PcProfileDetailPage'),
    prefetch: profilePagePrefetch({ deviceAppsFirst: false }),
  },
  ubProfileDetail: {
    title: 'URL Blocker Profile',
    page: lazyNamed(() => import('@/portal/features/profiles/pages/ub-profile-detail-page'), 'UbProfileDetailPage'),
    prefetch: profilePagePrefetch({ deviceAppsFirst: false }),
  },
  kmProfileDetail: {
    title: 'Key Mapper Profile',
    page: lazyNamed(() => import('@/portal/features/profiles/pages/km-profile-detail-page'), 'KmProfileDetailPage'),
    prefetch: profilePagePrefetch({ deviceAppsFirst: false }),
  },
});

const byKey = new Map(portalRoutes.map((route) => [route.key, route]));

/** The page of one portal route, with its document title (the router renders one per key of `paths.portal`). */
export function PortalPage({ routeKey }: { routeKey: PortalRouteKey }) {
  return <RoutePage route={byKey.get(routeKey)!} />;
}

/**
 * A first visit straight to a signed-in page (router.tsx, `preloadSignedIn`): the page's chunk, its own data where the
 * table says how (`prefetch`) and the frame's data (who is signed in, the licence banner) are asked for as soon as this table is here, beside the layout's chunk,
 * instead of once the layout has rendered (layout, then page, then data: three round trips in a row on a phone).
 */
export function preloadPortalPage(routeKey: PortalRouteKey, queryClient: QueryClient, search: URLSearchParams) {
  const route = byKey.get(routeKey);
  void route?.page.load();
  route?.prefetch?.(queryClient, search);
  void queryClient.prefetchQuery(userDetailQueryOptions());
  void queryClient.prefetchQuery(licenceSummaryQueryOptions());
  // The product's name (the frame's title, the pages' app labels): asked for here, not once the frame has rendered,
  // so the first render has it instead of rendering again when it arrives.
  void queryClient.prefetchQuery(appConfigQueryOptions());
}
