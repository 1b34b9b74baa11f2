import {
  IconApi,
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
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { licenceSummaryQueryOptions } from '@/portal/api/licence-summary';
import { useUserDetail, userDetailQueryOptions } from '@/portal/api/get-user-detail';
import { paths, type PortalRouteKey } from '@/portal/config/paths';
import { dashboardQueryOptions } from '@/portal/features/dashboard/api/get-dashboard';
import { plansQueryOptions } from '@/portal/features/payments/api/get-plans';
import type { Permission } from '@fleetdeck/contract';
import { appConfigQueryOptions } from '@/shared/lib/app-config';
import { lazyNamed, menuOf, routeTable, RoutePage, type RouteEntry } from '@/shared/lib/route-table';
import { PageLoader } from '@/shared/components/page-loader';
import { AccountLoadError } from '@/portal/components/account-load-error';
import { usePermissions } from '@/portal/lib/permissions';
import { Navigate } from 'react-router';

/**
 * The device pages' prefetches read their ids and filters with the contract's schemas: loaded apart (beside the page's
 * chunk), since this table importing them would hold those schemas and make the frame's shared chunk import it back.
 */
const profilePrefetches = () => import('@/portal/features/profiles/api/prefetch');
const profilePagePrefetch =
  (options: { deviceAppsFirst: boolean }) => (queryClient: QueryClient, search: URLSearchParams) =>
    void profilePrefetches().then((p) => p.prefetchProfilePage(options)(queryClient, search));

/**
 * Who may open a page (DECISIONS §12): a permission of the member's role (`ROLE_PERMISSIONS`), or `signed-in` for the
 * pages every member has about themselves (profile, password, two-step). The router guard, the sidebar and the account
 * menu read it; the server refuses the page's calls anyway.
 */
export type PortalAccess = Permission | 'signed-in';

/**
 * The customer portal's signed-in pages. This module is loaded only once a signed-in page is shown (by the portal
 * layout and `PortalPage`): each page stays its own lazy chunk, and the table itself (with the list of files every
 * page preloads) stays out of the first download of /login. The sidebar and the account menu list the entries with
 * `nav`, in table order.
 */
export const portalRoutes = routeTable<PortalRouteKey, PortalAccess>(paths.portal, {
  dashboard: {
    area: 'fleet.read',
    title: 'Dashboard',
    nav: { icon: IconLayoutDashboard },
    page: lazyNamed(() => import('@/portal/features/dashboard/pages/dashboard-page'), 'DashboardPage'),
    prefetch: (queryClient) => void queryClient.prefetchQuery(dashboardQueryOptions()),
  },
  // Not in a menu: the first page of a member who may not see the fleet (a Billing member), so right after the
  // dashboard (`homeOf`: the first page of this table a member may open).
  plans: {
    area: 'billing.read',
    title: 'Plans',
    page: lazyNamed(() => import('@/portal/features/payments/pages/plans-page'), 'PlansPage'),
    prefetch: (queryClient) => void queryClient.prefetchQuery(plansQueryOptions()),
  },
  profiles: {
    area: 'fleet.read',
    title: 'Devices',
    nav: { icon: IconDeviceMobile },
    page: lazyNamed(() => import('@/portal/features/profiles/pages/profiles-page'), 'ProfilesPage'),
    prefetch: (queryClient, search) => void profilePrefetches().then((p) => p.prefetchProfileList(queryClient, search)),
  },
  // Fleet operations (DECISIONS §10), in the sidebar under Devices; the detail pages by `?id=`.
  groups: {
    area: 'fleet.read',
    title: 'Groups',
    nav: { icon: IconFolders, label: 'Groups' },
    page: lazyNamed(() => import('@/portal/features/fleet/pages/groups-page'), 'GroupsPage'),
  },
  templates: {
    area: 'fleet.read',
    title: 'Policy Templates',
    nav: { icon: IconTemplate, label: 'Templates' },
    page: lazyNamed(() => import('@/portal/features/fleet/pages/templates-page'), 'default'),
  },
  rollouts: {
    area: 'fleet.read',
    title: 'Rollouts',
    nav: { icon: IconStairsUp },
    page: lazyNamed(() => import('@/portal/features/fleet/pages/rollouts-page'), 'RolloutsPage'),
  },
  // Remote commands (DECISIONS §11), beside the fleet pages; the ledger of one by `?id=`.
  commands: {
    area: 'fleet.read',
    title: 'Commands',
    nav: { icon: IconTerminal2 },
    page: lazyNamed(() => import('@/portal/features/commands/pages/commands-page'), 'CommandsPage'),
  },
  deviceLogs: {
    area: 'fleet.read',
    title: 'Device Logs',
    nav: { icon: IconListDetails },
    page: lazyNamed(() => import('@/portal/features/device-logs/pages/device-logs-page'), 'DeviceLogsPage'),
  },
  auditLogs: {
    area: 'fleet.read',
    title: 'Audit Logs',
    nav: { icon: IconShieldCheck },
    page: lazyNamed(() => import('@/portal/features/audit-logs/pages/audit-logs-page'), 'AuditLogsPage'),
  },
  exportList: {
    area: 'fleet.read',
    title: 'Export List',
    nav: { icon: IconFileExport },
    page: lazyNamed(() => import('@/portal/features/exports/pages/export-list-page'), 'ExportListPage'),
  },
  powerChatUsers: {
    area: 'fleet.read',
    title: 'Power Chat Users',
    nav: { icon: IconMessageCircle, label: 'Power Chat', isNew: true },
    page: lazyNamed(() => import('@/portal/features/power-chat/pages/power-chat-users-page'), 'PowerChatUsersPage'),
  },
  powerChatUserCreate: {
    area: 'fleet.write',
    title: 'Add Power Chat User',
    page: lazyNamed(
      () => import('@/portal/features/power-chat/pages/power-chat-user-create-page'),
      'PowerChatUserCreatePage',
    ),
  },
  exportDetail: {
    area: 'fleet.read',
    title: 'Export Detail',
    page: lazyNamed(() => import('@/portal/features/exports/pages/export-detail-page'), 'ExportDetailPage'),
  },
  // The account menu (top right), in this order.
  updateProfile: {
    area: 'signed-in',
    title: 'Update Profile',
    nav: { icon: IconUserCircle, menu: 'account' },
    page: lazyNamed(() => import('@/portal/features/account/pages/update-profile-page'), 'UpdateProfilePage'),
  },
  paymentHistory: {
    area: 'billing.read',
    title: 'Payment History',
    nav: { icon: IconReceipt, menu: 'account' },
    page: lazyNamed(() => import('@/portal/features/payments/pages/payment-history-page'), 'PaymentHistoryPage'),
  },
  changePassword: {
    area: 'signed-in',
    title: 'Change Password',
    nav: { icon: IconKey, menu: 'account' },
    page: lazyNamed(() => import('@/portal/features/account/pages/change-password-page'), 'ChangePasswordPage'),
  },
  paymentMethods: {
    area: 'billing.read',
    title: 'Payment Methods',
    nav: { icon: IconCreditCard, menu: 'account' },
    page: lazyNamed(() => import('@/portal/features/payments/pages/payment-methods-page'), 'PaymentMethodsPage'),
  },
  privacySecurity: {
    area: 'signed-in',
    title: 'Privacy & Security',
    nav: { icon: IconShieldLock, menu: 'account' },
    page: lazyNamed(() => import('@/portal/features/account/pages/privacy-security-page'), 'PrivacySecurityPage'),
  },
  makePayment: {
    area: 'billing.write',
    title: 'Make Payment',
    page: lazyNamed(() => import('@/portal/features/payments/pages/make-payment-page'), 'MakePaymentPage'),
  },
  updateSubscription: {
    area: 'billing.write',
    title: 'Update Subscription',
    page: lazyNamed(
      () => import('@/portal/features/payments/pages/update-subscription-page'),
      'UpdateSubscriptionPage',
    ),
  },
  downloadApk: {
    area: 'fleet.read',
    title: 'Download APK',
    page: lazyNamed(() => import('@/portal/features/downloads/pages/download-apk-page'), 'DownloadApkPage'),
  },
  team: {
    area: 'team.manage',
    title: 'Team',
    nav: { icon: IconUsersGroup, menu: 'account' },
    page: lazyNamed(() => import('@/portal/features/team/pages/team-page'), 'TeamPage'),
  },
  // The public API (DECISIONS §13): Owners and Admins (`account.write`); a webhook's delivery log by `?id=`.
  apiKeys: {
    area: 'account.write',
    title: 'API keys',
    nav: { icon: IconApi, menu: 'account' },
    page: lazyNamed(() => import('@/portal/features/integrations/pages/api-keys-page'), 'ApiKeysPage'),
  },
  webhooks: {
    area: 'account.write',
    title: 'Webhooks',
    nav: { icon: IconWebhook, menu: 'account' },
    page: lazyNamed(() => import('@/portal/features/integrations/pages/webhooks-page'), 'WebhooksPage'),
  },
  webhookDetail: {
    area: 'account.write',
    title: 'Webhook',
    page: lazyNamed(() => import('@/portal/features/integrations/pages/webhook-detail-page'), 'WebhookDetailPage'),
  },
  becomeReseller: {
    area: 'account.write',
    title: 'Become a Reseller',
    nav: { icon: IconBuildingStore, menu: 'account', label: 'Become Reseller' },
    page: lazyNamed(() => import('@/portal/features/reseller/pages/become-reseller-page'), 'BecomeResellerPage'),
  },
  groupDetail: {
    area: 'fleet.read',
    title: 'Group',
    page: lazyNamed(() => import('@/portal/features/fleet/pages/group-detail-page'), 'GroupDetailPage'),
  },
  templateDetail: {
    area: 'fleet.read',
    title: 'Policy Template',
    page: lazyNamed(() => import('@/portal/features/fleet/pages/template-detail-page'), 'default'),
  },
  rolloutDetail: {
    area: 'fleet.read',
    title: 'Rollout',
    page: lazyNamed(() => import('@/portal/features/fleet/pages/rollout-detail-page'), 'RolloutDetailPage'),
  },
  commandDetail: {
    area: 'fleet.read',
    title: 'Command',
    page: lazyNamed(() => import('@/portal/features/commands/pages/command-detail-page'), 'CommandDetailPage'),
  },
  profileDetail: {
    area: 'fleet.read',
    title: 'Device Profile',
    page: lazyNamed(() => import('@/portal/features/profiles/pages/profile-detail-page'), 'ProfileDetailPage'),
    prefetch: profilePagePrefetch({ deviceAppsFirst: true }),
  },
  slProfileDetail: {
    area: 'fleet.read',
    title: 'Super Lock Profile',
    page: lazyNamed(() => import('@/portal/features/profiles/pages/sl-profile-detail-page'), 'SlProfileDetailPage'),
    prefetch: profilePagePrefetch({ deviceAppsFirst: true }),
  },
  pcProfileDetail: {
    area: 'fleet.read',
    title: 'Power Cleaner Profile',
    page: lazyNamed(() => import('@/portal/features/profiles/pages/pc-profile-detail-page'), 'PcProfileDetailPage'),
    prefetch: profilePagePrefetch({ deviceAppsFirst: false }),
  },
  ubProfileDetail: {
    area: 'fleet.read',
    title: 'URL Blocker Profile',
    page: lazyNamed(() => import('@/portal/features/profiles/pages/ub-profile-detail-page'), 'UbProfileDetailPage'),
    prefetch: profilePagePrefetch({ deviceAppsFirst: false }),
  },
  kmProfileDetail: {
    area: 'fleet.read',
    title: 'Key Mapper Profile',
    page: lazyNamed(() => import('@/portal/features/profiles/pages/km-profile-detail-page'), 'KmProfileDetailPage'),
    prefetch: profilePagePrefetch({ deviceAppsFirst: false }),
  },
});

const byKey = new Map<string, RouteEntry<PortalRouteKey, PortalAccess>>(
  portalRoutes.map((route) => [route.key, route]),
);

/** Whether a member with `permissions` may open the page `route`. */
export const canOpen = (route: RouteEntry<PortalRouteKey, PortalAccess>, permissions: readonly Permission[]) =>
  route.area === undefined || route.area === 'signed-in' || permissions.includes(route.area);

/**
 * Where a member goes from a page they may not open: the dashboard, else the plans (a Billing member), else the first
 * menu entry they may open (every member may open their own profile).
 */
export function homeOf(permissions: readonly Permission[]): string {
  const candidates = [byKey.get('dashboard')!, byKey.get('plans')!, ...portalRoutes.filter((route) => route.nav)];
  return (candidates.find((route) => canOpen(route, permissions)) ?? byKey.get('updateProfile')!).path;
}

/** The links of one menu (the sidebar, the account menu) a member with `permissions` may open, in table order. */
export const menuFor = (permissions: readonly Permission[] | undefined, menu?: string) => {
  const links = menuOf(portalRoutes, menu);
  return permissions ? links.filter((link) => canOpen(byKey.get(link.key)!, permissions)) : links;
};

/**
 * The page of one portal route, with its document title (the router renders one per key of `paths.portal`), behind
 * the route's permission: a page the member may not open sends them to the first one they may (`homeOf`), never to a
 * blank page or a screen of refusals. While `users/detail` is on its way, the loader; if it fails, its error with
 * Retry (the page would only ask for it again).
 */
export function PortalPage({ routeKey }: { routeKey: PortalRouteKey }) {
  const route = byKey.get(routeKey)!;
  const detail = useUserDetail();
  const permissions = usePermissions();
  if (detail.isError && !permissions)
    return <AccountLoadError error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  if (!permissions) return <PageLoader />;
  if (!canOpen(route, permissions)) return <Navigate to={homeOf(permissions)} replace />;
  return <RoutePage route={route} />;
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
