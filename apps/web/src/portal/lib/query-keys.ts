import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The query keys that more than one feature reads or invalidates, in one place, and the invalidations that follow
 * an event touching several features. A key only its own feature uses is built in that feature's `api/` folder,
 * on one of these prefixes (e.g. `[...queryKeys.payments, 'history', params]`).
 */
export const queryKeys = {
  userDetail: ['users', 'detail'],
  paymentMethods: ['users', 'payment-methods'],
  dashboard: ['dashboard'],
  /** Every licence query (the summary behind the red banner). */
  licences: ['licences'],
  licenceSummary: ['licences', 'summary'],
  /** Every profile query: lists, one profile's detail, device and applications. */
  profiles: ['profiles'],
  profileLists: ['profiles', 'list'],
  /** One page of `GET profile/list`: the Devices page, and the restore dialog's targets (spec 2 §2). */
  profileList: (params: object) => ['profiles', 'list', params],
  /** Plans, price detail, coupon discounts, payment history. */
  payments: ['payments'],
  exports: ['exports'],
  chatUsers: ['chat-users'],
  /** Fleet operations (DECISIONS §10): groups (the Devices page's filter and Move to group read them too). */
  groups: ['groups'],
  groupList: (params: object) => ['groups', 'list', params],
  templates: ['templates'],
  rollouts: ['rollouts'],
  bulkActions: ['bulk-actions'],
  /** Remote commands (DECISIONS §11): sent from the device pages, listed on the Commands pages. */
  commands: ['commands'],
  /** One page of `GET commands`: the Commands page, and a device page's recent lost mode commands. */
  commandList: (params: object) => ['commands', 'list', params],
  /** The account's members and invites (DECISIONS §12): the Team page, and the audit log's member filter. */
  team: ['team'],
  /** The public API's keys and webhook endpoints (DECISIONS §13): the API keys and Webhooks pages. */
  integrations: ['integrations'],
} as const satisfies Record<string, QueryKey | ((...args: never[]) => QueryKey)>;

const invalidateAll = (queryClient: QueryClient, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** What to refetch after an event that changes several features' data. */
export const invalidateAfter = {
  /** A payment: plans (seats, expiry), history, payment methods, the dashboard, the licence banner, the user. */
  payment: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [
      queryKeys.payments,
      queryKeys.paymentMethods,
      queryKeys.dashboard,
      queryKeys.licences,
      queryKeys.userDetail,
    ]),
  /** A chat user takes or frees a PCHAT seat: the list, the licence summary and the dashboard change. */
  chatUserChange: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [queryKeys.chatUsers, queryKeys.licenceSummary, queryKeys.dashboard]),
  /** A device logged out frees its seats: the profile lists, the dashboard and the licences change. */
  deviceLogout: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [queryKeys.profileLists, queryKeys.dashboard, queryKeys.licences]),
  /** Devices moved into, out of or between groups: the groups (counts, drift) and the device lists change. */
  groupMembership: (queryClient: QueryClient) => invalidateAll(queryClient, [queryKeys.groups, queryKeys.profileLists]),
};
