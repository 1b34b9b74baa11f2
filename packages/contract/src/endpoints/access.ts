import type { Endpoint } from '../endpoint.ts';
import type { ApiKeyScope } from '../api-keys.ts';
import type { Permission } from '../team.ts';
import * as areas from './index.ts';

/**
 * Who may call each customer-side endpoint (DECISIONS §12). `public`: nobody signed in (sign-in, the website, the
 * invite's accept); `device`: a device's own token; `signed-in`: any member, acting on themselves (their profile,
 * password, two-step, logout); otherwise the permission a member's role must hold (`ROLE_PERMISSIONS`).
 *
 * The type lists every endpoint of the table, so a new endpoint without an entry does not compile; the server also
 * refuses to start when a route's endpoint is missing here (deny by default, as the staff areas do).
 */
export type EndpointAccess = 'public' | 'device' | 'signed-in' | Permission;

type Areas = typeof areas;
type AccessTable = {
  [A in keyof Areas]: { [K in keyof Areas[A] as Areas[A][K] extends Endpoint ? K : never]: EndpointAccess };
};

export const CUSTOMER_ENDPOINT_ACCESS = {
  usersApi: {
    register: 'public',
    verifyEmail: 'public',
    login: 'public',
    verifyOtp: 'public',
    sendForgetPasswordLink: 'public',
    resetPassword: 'public',
    logout: 'signed-in',
    detail: 'signed-in',
    update: 'account.write',
    changePassword: 'signed-in',
    updateSecuritySetting: 'signed-in',
    rotateEnrolmentToken: 'account.write',
  },
  plansApi: { list: 'billing.read', priceDetail: 'billing.read', downloadSdk: 'fleet.read', pricing: 'public' },
  licencesApi: { dashboard: 'fleet.read', summary: 'fleet.read' },
  paymentsApi: {
    purchase: 'billing.write',
    updateSubscription: 'billing.write',
    subscriptions: 'billing.read',
    history: 'billing.read',
    invoice: 'billing.read',
    creditNote: 'billing.read',
    applyCoupon: 'billing.write',
    paymentMethods: 'billing.read',
    attachPaymentMethod: 'billing.write',
    setDefaultPaymentMethod: 'billing.write',
    detachPaymentMethod: 'billing.write',
  },
  captchaApi: { challenge: 'public' },
  // The sandbox's confirm stands in for Stripe.js: it is authorised by the payment's client secret, not a session.
  sandboxApi: { tokeniseCard: 'billing.write', confirm: 'public' },
  webhooksApi: { stripe: 'public' },
  devicesApi: {
    enrol: 'device',
    status: 'device',
    applications: 'device',
    logs: 'device',
    createExport: 'device',
    profileList: 'fleet.read',
    logout: 'fleet.write',
  },
  policyApi: {
    policy: 'device',
    ack: 'device',
    events: 'device',
    messageDelivered: 'device',
    messageOpened: 'device',
    apply: 'fleet.write',
  },
  profilesApi: {
    detail: 'fleet.read',
    deviceDetail: 'fleet.read',
    applicationSync: 'fleet.write',
    applications: 'fleet.read',
    update: 'fleet.write',
    deviceApplicationUpdate: 'fleet.write',
    applicationCreate: 'fleet.write',
    applicationUpdate: 'fleet.write',
    applicationDelete: 'fleet.write',
    fileAdd: 'fleet.write',
    fileDelete: 'fleet.write',
    blockUrlAdd: 'fleet.write',
    blockUrlDelete: 'fleet.write',
    keyMapperAdd: 'fleet.write',
    keyMapperDelete: 'fleet.write',
    keyMapperDeleteByDelete: 'fleet.write',
    powerCleanerSetting: 'fleet.write',
    powerOnBootSetting: 'fleet.write',
    kioskSetting: 'fleet.write',
    playStoreSearch: 'fleet.read',
    playStoreIcon: 'public',
  },
  activityApi: {
    deviceLogList: 'fleet.read',
    auditList: 'fleet.read',
    exportList: 'fleet.read',
    exportDetail: 'fleet.read',
    exportDelete: 'fleet.write',
    exportApplicationDelete: 'fleet.write',
    restoreDisabledApps: 'fleet.write',
  },
  chatApi: {
    list: 'fleet.read',
    detail: 'fleet.read',
    sync: 'fleet.write',
    create: 'fleet.write',
    remove: 'fleet.write',
    qrImage: 'public',
  },
  qrApi: { loginPng: 'public', apkPng: 'public' },
  healthApi: { healthz: 'public', readyz: 'public', config: 'public' },
  publicApi: {
    pageView: 'public',
    pricing: 'public',
    faq: 'public',
    blogs: 'public',
    blog: 'public',
    videos: 'public',
    contact: 'public',
    newsletter: 'public',
    newsletterConfirm: 'public',
    paymentNotes: 'public',
    apkDownloads: 'public',
  },
  fleetApi: {
    templateCreate: 'fleet.write',
    templateList: 'fleet.read',
    templateDetail: 'fleet.read',
    templateUpdate: 'fleet.write',
    templateDelete: 'fleet.write',
    groupCreate: 'fleet.write',
    groupList: 'fleet.read',
    groupDetail: 'fleet.read',
    groupUpdate: 'fleet.write',
    groupDelete: 'fleet.write',
    groupAddDevices: 'fleet.write',
    groupRemoveDevices: 'fleet.write',
    groupEnrolmentQr: 'fleet.read',
    profileDrift: 'fleet.read',
    rolloutCreate: 'fleet.write',
    rolloutList: 'fleet.read',
    rolloutDetail: 'fleet.read',
    rolloutDevices: 'fleet.read',
    rolloutResume: 'fleet.write',
    rolloutCancel: 'fleet.write',
    rolloutRollback: 'fleet.write',
    // A logout of more than one device also needs `fleet.bulk` (checked by the service: it depends on the body).
    bulkActionCreate: 'fleet.write',
    bulkActionDetail: 'fleet.read',
  },
  commandsApi: {
    commandCreate: 'fleet.write',
    commandPreflight: 'fleet.write',
    commandList: 'fleet.read',
    commandDetail: 'fleet.read',
    commandDevices: 'fleet.read',
    commandCancel: 'fleet.write',
    commandResult: 'device',
  },
  teamApi: {
    teamList: 'team.manage',
    teamInvite: 'team.manage',
    teamAccept: 'public',
    teamUpdate: 'team.manage',
    teamRemove: 'team.manage',
    teamInviteResend: 'team.manage',
    teamInviteRevoke: 'team.manage',
  },
  // DECISIONS §13: the account's integrations, for Owners and Admins (never open to API keys, see below).
  apiKeysApi: { apiKeyCreate: 'account.write', apiKeyList: 'account.write', apiKeyRevoke: 'account.write' },
  webhookEndpointsApi: {
    webhookCreate: 'account.write',
    webhookList: 'account.write',
    webhookUpdate: 'account.write',
    webhookDelete: 'account.write',
    webhookRotateSecret: 'account.write',
    webhookTest: 'account.write',
    webhookDeliveries: 'account.write',
    webhookDeliveryRetry: 'account.write',
  },
} as const satisfies AccessTable;

type Table = Record<string, Record<string, EndpointAccess>>;
const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v;

/** The access of each endpoint object (the server and the tests look endpoints up by identity). */
export const accessOfEndpoint: ReadonlyMap<Endpoint, EndpointAccess> = new Map(
  Object.entries(areas).flatMap(([area, endpoints]) =>
    Object.entries(endpoints as Record<string, unknown>)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(([name, e]) => [e, (CUSTOMER_ENDPOINT_ACCESS as unknown as Table)[area]![name]!] as const),
  ),
);

/**
 * What an API key needs for a call (DECISIONS §13), derived from the table above: reads of the fleet need
 * `devices:read`, its changes `devices:write` (commands' sends and cancels `commands:write`), reads of billing
 * `billing:read`. `null`: never open to a key: a person's own calls (`signed-in`), the device API, the team, the
 * account's settings, API keys and webhooks (`account.write`), payments (`billing.write`). `public` calls need none.
 */
export function apiKeyScopeOf(area: string, access: EndpointAccess): ApiKeyScope | 'public' | null {
  switch (access) {
    case 'public':
      return 'public';
    case 'fleet.read':
      return 'devices:read';
    case 'fleet.write':
    case 'fleet.bulk':
      return area === 'commandsApi' ? 'commands:write' : 'devices:write';
    case 'billing.read':
      return 'billing:read';
    default:
      return null;
  }
}

/** The key scope of each endpoint object (`apiKeyScopeOf` of its area and access). */
export const apiKeyScopeOfEndpoint: ReadonlyMap<Endpoint, ApiKeyScope | 'public' | null> = new Map(
  Object.entries(areas).flatMap(([area, endpoints]) =>
    Object.entries(endpoints as Record<string, unknown>)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(
        ([name, e]) => [e, apiKeyScopeOf(area, (CUSTOMER_ENDPOINT_ACCESS as unknown as Table)[area]![name]!)] as const,
      ),
  ),
);
