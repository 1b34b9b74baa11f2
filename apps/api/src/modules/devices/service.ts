import {
  FAMILY_PLANS,
  MAX_INVENTORY_APPS,
  ONLINE_WINDOW_MINUTES,
  PLAN_CODES,
  familyDisplayName,
  familyOfPlan,
  type DeviceApplication,
  type DeviceStatusRequest,
  type EnrolResponse,
  type Family,
  type PlanCode,
  type ProfileListItem,
} from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import { requestPush } from '../policy/push.ts';
import { AppError, forbidden, tooMany } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { claimOncePer, enforceLimit, limitKey, spend, unspend } from '../../lib/rate-limit.ts';
import { auditedActor, sourceOf, type Actor, type CustomerActor, type DeviceActor } from '../../lib/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { DeviceInfo } from './device-info.ts';
import { writeAudit } from '../audit/service.ts';
import { refreshSeatSummary } from '../licences/seats.ts';
import { emailSenderOf } from '../mail/outbox.ts';
import { emailTemplates } from '../mail/templates.ts';
import { emailAccount } from '../team/notify.ts';
import { notifyInTransaction } from '../policy/wakeup.ts';
import type { StatusValues } from './hot-path.ts';
import * as repo from './repository.ts';
import type { EnrolStatementInput } from './repository.ts';
import { assertEnrolmentGroup, driftOfRows, joinGroupOnEnrol } from '../fleet/groups-service.ts';
import { cappedTotal } from '../activity/keyset.ts';
import { scopeOf, type DeviceScope } from '../../lib/device-scope.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { emitCommittedWebhookEvent, emitWebhookEvents } from '../webhook-endpoints/events.ts';

/**
 * Devices (DECISIONS §5, §6): enrolment against the licence ledger, the reports the apps send, and the
 * customer's profile list and device logout. Seats are counted only by the licence service.
 */

/** Enrolments per IP and window: a whole site behind one NAT may enrol at once, a token-guessing loop may not. */
const ENROL_RATE = { max: 120, windowSeconds: 60 };

/** {product} family apps (PDALL in the profile list and the restore dialog). */
export const PDALL_APPS: readonly PlanCode[] = ['PD', 'PDOT', 'PDOW', 'PDOWOT'];

const isPlanCode = (v: string): v is PlanCode => (PLAN_CODES as readonly string[]).includes(v);
const isFamily = (v: string): v is Family => v in FAMILY_PLANS;

/** The family an app enrols into: a plan code (PD, PDOT, SL…) or a family code; Power Chat is not a device app. */
function familyOfApp(appName: string): { appName: PlanCode; family: Family } {
  const code = appName.trim().toUpperCase();
  if (!isPlanCode(code)) {
    throw new AppError(400, 'E_VALIDATION', `appName: "${appName}" is not a known app.`, {
      errors: [{ field: 'appName', message: 'is not a known app' }],
    });
  }
  const family = familyOfPlan(code);
  if (family === 'PCHAT') {
    throw new AppError(400, 'E_VALIDATION', 'appName: Power Chat is not enrolled as a device app.', {
      errors: [{ field: 'appName', message: 'Power Chat is not a device app' }],
    });
  }
  return { appName: code, family };
}

/**
 * The plan codes a profile-list `appName` filter matches: PDALL = every {product} family app; a family code
 * (PD, SL…) = all plan codes of that family (PD, PDOT); a one-time code (PDOT…) = exactly that one; empty =
 * no filter; anything else = nothing (a search box, not an error).
 */
function appNamesOfFilter(filter: string | undefined): PlanCode[] | undefined {
  const code = filter?.trim().toUpperCase() ?? '';
  if (code === '') return undefined;
  if (code === 'PDALL') return [...PDALL_APPS];
  if (isFamily(code)) {
    const plans = FAMILY_PLANS[code];
    return plans.oneTime ? [plans.recurring, plans.oneTime] : [plans.recurring];
  }
  if (isPlanCode(code)) return [code];
  return [];
}

/**
 * Plan codes the devices search names (issue 15): the code or family typed in full (`SL`, `pdot`), or a part of the
 * app's name for people ("blocker" finds UB and UBOT; the product's own name finds its apps).
 */
function appCodesOfSearch(term: string, productName: string): PlanCode[] {
  const upper = term.toUpperCase();
  const lower = term.toLowerCase();
  return PLAN_CODES.filter((code) => {
    const family = familyOfPlan(code);
    return code === upper || family === upper || familyDisplayName(family, productName).toLowerCase().includes(lower);
  });
}

export interface EnrolInput {
  enrolmentToken: string;
  serialNumber: string;
  deviceName: string;
  appName: string;
  appVersionCode: string;
  deviceModel: string;
  osVersion: string;
  macAddress: string;
  localIpAddress: string;
  batteryLevel?: number | undefined;
  fcmToken?: string | null | undefined;
  /** The group of the group's enrolment QR code (DECISIONS §10). */
  groupId?: string | undefined;
  /** What the app can do (DECISIONS §11); left out: unchanged. */
  capabilities?: string[] | undefined;
}

const ENROLMENT_TOKEN_INVALID_MESSAGE =
  'This QR code is no longer valid. Scan the current QR code from the console (Update Profile page).';

const enrolmentTokenUsedUp = () =>
  new AppError(
    403,
    'E_ENROLMENT_TOKEN_USED_UP',
    'This QR code has enrolled as many devices as its limit allows. Raise the limit or create a new QR code in the console (Update Profile page).',
  );

const noLicence = (appLabel: string) =>
  new AppError(402, 'E_NO_LICENCE', `No free ${appLabel} licence: buy more licences or log out another device.`, {
    redirectToPaymentPage: 1,
  });

/** The `Device <token>` credential on an enrol call (an updated app re-enrolling sends the one it holds). */
function deviceTokenOf(authorization: string | undefined): string | null {
  const match = /^Device\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  return match?.[1] ?? null;
}

const DEVICE_ACTIVE_MESSAGE = 'This device is already enrolled: log it out in the console first';
const ENROL_RATE_MESSAGE = 'Too many enrolment attempts from this network. Please wait a minute and try again.';

const enrolmentTokenExpired = () =>
  new AppError(
    403,
    'E_ENROLMENT_TOKEN_EXPIRED',
    'This QR code has expired. Set a new end date or create a new QR code in the console (Update Profile page).',
  );

const enrolAuditMessage = (again: boolean, serialNumber: string, appName: PlanCode) =>
  `${again ? 'Device enrolled again' : 'Device enrolled'}: ${serialNumber} (${appName})`;

interface Enrolled {
  deviceId: string;
  profileId: string;
  policyVersion: number;
  again: boolean;
}

/**
 * Enrols (or re-attaches) a device (DECISIONS §5, §6). A new device needs a free seat of its family, taken with the
 * atomic counter (never oversells); a known (customer, family, serial) re-attaches with a new token (a logged-out one
 * needs a seat again, since its logout freed it; an active one only with its current credential). The previous
 * device token stops working. Only the token's SHA-256 is stored.
 *
 * The rules are written once, in the SQL function `device_enrol` (migrations 0024, 0034: the whole enrolment in one
 * statement, issue 14). When the family's seat summary cannot answer (no row yet, or a grant expired since its last
 * count) the function changes nothing but the rate-limit count and answers `slow`: the summary is recounted from the
 * ledger and the function called again (issue 23: no second copy of the rules in TypeScript).
 */
export async function enrol(
  ctx: AppContext,
  input: EnrolInput,
  ip: string,
  authorization?: string,
): Promise<EnrolResponse> {
  let app: ReturnType<typeof familyOfApp>;
  try {
    app = familyOfApp(input.appName);
  } catch (err) {
    // Counted like every other attempt (the limit answers first).
    await enforceLimit(ctx.db, `enrol:ip:${ip}`, ENROL_RATE.max, ENROL_RATE.windowSeconds, ENROL_RATE_MESSAGE);
    throw err;
  }
  const { appName, family } = app;
  const deviceToken = randomToken();
  // DECISIONS §10: a group's QR code enrols into the group, which must be the token's customer's and of this family.
  if (input.groupId !== undefined) {
    const owner = await repo.findCustomerByEnrolmentHash(ctx.db, sha256(input.enrolmentToken));
    if (owner) await assertEnrolmentGroup(ctx, owner.id, input.groupId, family);
  }
  const presented = deviceTokenOf(authorization);
  const actor: DeviceActor = { kind: 'device', id: '', customerId: '', ip };
  const statement: EnrolStatementInput = {
    rateKey: limitKey(`enrol:ip:${ip}`),
    rateMax: ENROL_RATE.max,
    rateWindowSeconds: ENROL_RATE.windowSeconds,
    enrolmentTokenHash: sha256(input.enrolmentToken),
    family,
    serialNumber: input.serialNumber,
    appName,
    presentedHash: presented ? sha256(presented) : null,
    tokenHash: sha256(deviceToken),
    now: new Date(),
    deviceName: input.deviceName,
    appVersionCode: input.appVersionCode,
    deviceModel: input.deviceModel,
    osVersion: input.osVersion,
    macAddress: input.macAddress,
    localIpAddress: input.localIpAddress,
    batteryLevel: input.batteryLevel ?? null,
    // A (re-)enrolling app without a push token must not keep the previous install's one.
    fcmToken: input.fcmToken || null,
    ip,
    source: sourceOf(actor),
    actorKind: auditedActor(actor).kind,
    messageNew: enrolAuditMessage(false, input.serialNumber, appName),
    messageAgain: enrolAuditMessage(true, input.serialNumber, appName),
  };
  let r = await repo.enrolInOneStatement(ctx.db, statement);
  if (r.outcome === 'slow' && r.customerId) {
    // The seat summary cannot answer: recounted from the ledger, then the same statement again (the first call
    // counted the attempt against the rate limit). Still 'slow': the family has never had a seat.
    const customerId = r.customerId;
    await inTransaction(ctx.db, (tx) => refreshSeatSummary(tx, customerId));
    r = await repo.enrolInOneStatement(ctx.db, { ...statement, rateKey: null });
    if (r.outcome === 'slow') r = { ...r, outcome: 'no_licence' };
  }
  const customer = { id: r.customerId ?? '', email: r.email ?? '' };
  let enrolled: Enrolled;
  switch (r.outcome) {
    case 'rate_limited':
      throw tooMany(ENROL_RATE_MESSAGE, 'E_RATE_LIMITED', r.retryAfter ?? ENROL_RATE.windowSeconds);
    case 'token_invalid':
      throw new AppError(401, 'E_ENROLMENT_TOKEN_INVALID', ENROLMENT_TOKEN_INVALID_MESSAGE);
    case 'disabled':
      throw forbidden('This account is disabled.', 'E_ACCOUNT_DISABLED');
    case 'token_expired':
      throw enrolmentTokenExpired();
    case 'active':
      return refuseReenrolment(ctx, customer, input.serialNumber, appName, ip);
    case 'slow':
    case 'no_licence':
      throw noLicence(familyDisplayName(family, ctx.config.productName));
    case 'used_up':
      throw enrolmentTokenUsedUp();
    case 'ok':
      enrolled = { deviceId: r.deviceId!, profileId: r.profileId!, policyVersion: r.policyVersion!, again: r.again! };
      break;
  }
  // Webhooks (DECISIONS §13): the enrolment committed in its one statement; its event follows it.
  await emitCommittedWebhookEvent(ctx, customer.id, 'device.enrolled', {
    deviceId: enrolled.deviceId,
    profileId: enrolled.profileId,
    serialNumber: input.serialNumber,
    deviceName: input.deviceName,
    appName,
    again: enrolled.again,
  });

  // A re-attached device's previous token stops working here at once (elsewhere on the commit's notification).
  if (enrolled.again) ctx.hot.cache.invalidate(enrolled.deviceId);
  // DECISIONS §11: what the app can do, when it says (the enrol statement leaves the column as it was).
  if (input.capabilities !== undefined) {
    await repo.updateDevice(ctx.db, enrolled.deviceId, { capabilities: input.capabilities });
  }
  if (input.groupId !== undefined && r.customerId) {
    const joined = await joinGroupOnEnrol(ctx, {
      customerId: r.customerId,
      groupId: input.groupId,
      profileId: enrolled.profileId,
      actor: { kind: 'device', id: enrolled.deviceId, customerId: r.customerId, ip },
    });
    if (joined !== null) enrolled = { ...enrolled, policyVersion: joined };
  }
  const data = {
    deviceToken,
    profileId: enrolled.profileId,
    deviceId: enrolled.deviceId,
    policyVersion: enrolled.policyVersion,
  };
  return {
    respones_msg: enrolled.again ? 'Device enrolled again.' : 'Device enrolled.',
    data,
    ...data,
  };
}

/** One email an hour at most per serial about refused re-enrolments. */
const REENROL_EMAIL_SECONDS = 3600;

/**
 * An active serial's re-enrolment without its credential (DECISIONS §6): shown to the customer, an audit entry and an
 * email (at most one an hour per serial) written on their own (nothing else changed), then 409 `E_DEVICE_ACTIVE`.
 */
async function refuseReenrolment(
  ctx: AppContext,
  customer: { id: string; email: string },
  serialNumber: string,
  appName: PlanCode,
  ip: string,
): Promise<never> {
  await inTransaction(ctx.db, async (tx, afterCommit) => {
    await writeAudit(tx, {
      customerId: customer.id,
      email: customer.email,
      type: 'Device',
      subType: 'Enrol',
      message: `Re-enrolment refused: ${serialNumber} (${appName}) is enrolled and the call did not carry its credential`,
      actor: { kind: 'anonymous', id: null, ip },
      hasError: true,
    });
    // The audit row every time; the email at most once an hour per serial (issue 24: anyone who knows a serial and
    // the enrolment token could otherwise fill the customer's inbox).
    if (!(await claimOncePer(tx, `reenrol-refused-email:${customer.id}:${serialNumber}`, REENROL_EMAIL_SECONDS)))
      return;
    // The account's Owners and Admins are told (DECISIONS §12).
    await emailAccount(tx, customer.id, 'account', emailSenderOf(ctx.queue, tx, afterCommit), (name) =>
      emailTemplates.deviceReenrolRefused(ctx.config.productName, name, serialNumber, ip),
    );
  });
  throw new AppError(409, 'E_DEVICE_ACTIVE', DEVICE_ACTIVE_MESSAGE);
}

type StatusInput = Omit<DeviceStatusRequest, 'appVersionCode'> & { appVersionCode?: string | undefined };

/**
 * `POST status`: the fields the device sent (others unchanged) and last_seen_at. Queued in the process's coalesced
 * writer (hot-path.ts: one multi-row UPDATE a second, unchanged rows untouched). A new device name also renames the
 * profile and a new push token is read by the wake-up jobs, so such a report is written at once, in one transaction,
 * with whatever was still queued for the device.
 */
export async function reportStatus(ctx: AppContext, device: DeviceInfo, input: StatusInput) {
  const values: StatusValues = {};
  if (input.batteryLevel !== undefined) values.batteryLevel = Number(input.batteryLevel);
  if (input.localIpAddress !== undefined) values.localIpAddress = input.localIpAddress;
  if (input.macAddress !== undefined) values.macAddress = input.macAddress;
  if (input.osVersion !== undefined) values.osVersion = input.osVersion;
  if (input.appVersionCode !== undefined) values.appVersionCode = input.appVersionCode;
  if (input.deviceModel !== undefined) values.deviceModel = input.deviceModel;
  if (input.deviceName !== undefined) values.deviceName = input.deviceName;
  if (input.location !== undefined) values.location = input.location;
  if (input.fcmToken !== undefined) values.fcmToken = input.fcmToken || null;
  if (input.capabilities !== undefined) values.capabilities = input.capabilities;
  const renamed = input.deviceName !== undefined && input.deviceName !== device.deviceName;
  // A push token (sent when FCM issues a new one) is written at once: the wake-up jobs read it.
  if (!renamed && input.fcmToken === undefined) {
    ctx.hot.status.report(device.deviceId, values);
    return;
  }
  const queued = ctx.hot.status.take(device.deviceId);
  await inTransaction(ctx.db, async (tx) => {
    await repo.updateDevice(tx, device.deviceId, { ...queued, ...values, lastSeenAt: new Date() });
    if (renamed) await repo.updateProfileNames(tx, device.deviceId, { profileName: input.deviceName });
  });
  if (renamed) ctx.hot.cache.renameDevice(device.deviceId, input.deviceName!);
}

/**
 * Device write quotas (issue 12, item 5): one device token must not be able to fill the shared database. Each write
 * call is rate limited per device (429 `E_RATE_LIMITED` with `retry-after`); what a device stores is capped per
 * customer (409 `E_QUOTA_EXCEEDED`): exports per device, and inventory rows across the customer's devices.
 */
export const DEVICE_WRITE_LIMITS = {
  logs: { max: 60, windowSeconds: 60, what: 'log uploads' },
  applications: { max: 30, windowSeconds: 3600, what: 'inventory uploads' },
  exports: { max: 20, windowSeconds: 3600, what: 'export uploads' },
  ack: { max: 60, windowSeconds: 60, what: 'policy reports' },
} as const;
/** Exports kept per device: the customer deletes old ones in the Export List to upload more. */
export const MAX_EXPORTS_PER_DEVICE = 100;
/** Inventory rows across a customer's devices: this many per enrolled device on average (and always one full inventory). */
export const INVENTORY_ROWS_PER_DEVICE = 1000;
/** A log row's `created_at` may be this far in the past, and this far ahead of the server's clock (stored as now). */
export const LOG_MAX_AGE_MS = 31 * 86_400_000;
export const LOG_MAX_AHEAD_MS = 3_600_000;

export async function enforceDeviceLimit(ctx: AppContext, device: DeviceInfo, call: keyof typeof DEVICE_WRITE_LIMITS) {
  const limit = DEVICE_WRITE_LIMITS[call];
  await enforceLimit(
    ctx.db,
    deviceLimitKey(call, device.deviceId),
    limit.max,
    limit.windowSeconds,
    deviceLimitMessage(call),
  );
}

/** The counter of a device's calls of one kind (`rate_limit_counters.key`). */
export const deviceLimitKey = (call: keyof typeof DEVICE_WRITE_LIMITS, deviceId: string) =>
  `device-${call}:${deviceId}`;

/** The 429 message of a device's limit (a batch of acks counts under the same key and says the same). */
export function deviceLimitMessage(call: keyof typeof DEVICE_WRITE_LIMITS) {
  const limit = DEVICE_WRITE_LIMITS[call];
  const span = limit.windowSeconds >= 3600 ? `${limit.windowSeconds / 3600} hour` : `${limit.windowSeconds} seconds`;
  return `Too many ${limit.what} from this device (at most ${limit.max} per ${span}). Please wait and try again.`;
}

const DAY_SECONDS = 86_400;

/**
 * The daily budgets of device log rows (config `DEVICE_LOG_ROWS_PER_DAY`, `CUSTOMER_LOG_ROWS_PER_DAY`; issue 24): the
 * batch's rows are taken from the device's and then the customer's budget of the UTC day, or the call is refused
 * with 429 and nothing written (the device's share given back when the customer's budget refuses).
 */
async function spendLogBudget(ctx: AppContext, device: DeviceInfo, rows: number) {
  const deviceKey = `device-log-rows:${device.deviceId}`;
  const perDevice = ctx.config.deviceLogRowsPerDay;
  const own = await spend(ctx.db, deviceKey, rows, perDevice, DAY_SECONDS);
  if (!own.spent) {
    throw tooMany(
      `This device has used its log budget for today (${perDevice.toLocaleString('en-GB')} rows a day). Send logs again tomorrow (UTC).`,
      'E_RATE_LIMITED',
      own.retryAfter,
    );
  }
  const perCustomer = ctx.config.customerLogRowsPerDay;
  const shared = await spend(ctx.db, `customer-log-rows:${device.customerId}`, rows, perCustomer, DAY_SECONDS);
  if (!shared.spent) {
    await unspend(ctx.db, deviceKey, rows, DAY_SECONDS);
    throw tooMany(
      `This account's devices have used their log budget for today (${perCustomer.toLocaleString('en-GB')} rows a day). Send logs again tomorrow (UTC).`,
      'E_RATE_LIMITED',
      shared.retryAfter,
    );
  }
}

const quotaExceeded = (message: string) => new AppError(409, 'E_QUOTA_EXCEEDED', message);

/** `PUT applications`: the full inventory replaces the stored one (last entry wins for a repeated package). */
export async function replaceApplications(ctx: AppContext, device: DeviceInfo, apps: readonly DeviceApplication[]) {
  await enforceDeviceLimit(ctx, device, 'applications');
  const byPackage = new Map<string, repo.InventoryRow>();
  for (const a of apps) {
    byPackage.set(a.package_name, {
      packageName: a.package_name,
      appName: a.app_name,
      appDisable: a.app_disable,
      appIcon: a.appIcon,
      versionNumber: a.version_number,
      appStatus: a.app_status,
      applicationType: a.application_type,
    });
  }
  const rows = [...byPackage.values()];
  const { removed } = await inTransaction(ctx.db, async (tx) => {
    const { others, devices } = await repo.inventoryOfOtherDevices(tx, device.customerId, device.deviceId);
    const quota = Math.max(MAX_INVENTORY_APPS, INVENTORY_ROWS_PER_DEVICE * devices);
    if (others + rows.length > quota) {
      throw quotaExceeded(
        `Your devices may store at most ${quota} inventory rows together (${INVENTORY_ROWS_PER_DEVICE} per device on ` +
          `average); the others hold ${others}, this device sent ${rows.length}.`,
      );
    }
    const out = await repo.replaceInventory(tx, device.deviceId, rows);
    await repo.updateDevice(tx, device.deviceId, { lastSeenAt: new Date(), inventoryCount: rows.length });
    return out;
  });
  return { applications: rows.length, removed };
}

export interface LogInput {
  deviceActivity: string;
  activityResult: string;
  created_at?: string | undefined;
}

/**
 * `POST logs`: one multi-row insert with the device's serial number and name. A `created_at` more than
 * LOG_MAX_AGE_MS old or LOG_MAX_AHEAD_MS ahead is refused (400); a clock slightly ahead is stored as now.
 */
export async function appendLogs(ctx: AppContext, device: DeviceInfo, logs: readonly LogInput[]) {
  const now = Date.now();
  const errors = logs.flatMap((l, i) => {
    if (!l.created_at) return [];
    const at = Date.parse(l.created_at);
    if (at < now - LOG_MAX_AGE_MS)
      return [{ field: `logs.${i}.created_at`, message: 'must be within the last 31 days' }];
    if (at > now + LOG_MAX_AHEAD_MS) return [{ field: `logs.${i}.created_at`, message: 'must not be in the future' }];
    return [];
  });
  if (errors.length > 0) {
    const shown = errors.slice(0, 20);
    throw new AppError(400, 'E_VALIDATION', `${shown[0]!.field}: ${shown[0]!.message}`, { errors: shown });
  }
  await enforceDeviceLimit(ctx, device, 'logs');
  await spendLogBudget(ctx, device, logs.length);
  await repo.insertDeviceLogs(
    ctx.db,
    logs.map((l) => {
      // A device clock ahead of ours must not push its rows above newer ones: cap at now.
      const at = l.created_at ? Math.min(Date.parse(l.created_at), now) : now;
      return {
        customerId: device.customerId,
        deviceId: device.deviceId,
        serialNumber: device.serialNumber,
        deviceName: device.deviceName,
        deviceActivity: l.deviceActivity,
        activityResult: l.activityResult,
        createdAt: new Date(at),
      };
    }),
  );
  return logs.length;
}

/** `POST exports`: a {product} backup of disabled apps, shown in the customer's export list. */
export async function createExport(
  ctx: AppContext,
  device: DeviceInfo,
  input: { exportName: string; disabledApplications: string[] },
  actor: DeviceActor,
) {
  await enforceDeviceLimit(ctx, device, 'exports');
  const disabledApplications = [...new Set(input.disabledApplications)];
  return inTransaction(ctx.db, async (tx) => {
    // Serialises this device's uploads, so parallel ones cannot pass the quota together.
    await repo.lockDeviceRow(tx, device.deviceId);
    if ((await repo.countExportsOfDevice(tx, device.deviceId)) >= MAX_EXPORTS_PER_DEVICE) {
      throw quotaExceeded(
        `This device already has ${MAX_EXPORTS_PER_DEVICE} exports. Delete old ones in the console (Export List) first.`,
      );
    }
    const row = await repo.insertExport(tx, {
      customerId: device.customerId,
      deviceId: device.deviceId,
      exportName: input.exportName,
      serialNumber: device.serialNumber,
      appName: device.appName,
      disabledApplications,
    });
    await writeAudit(tx, {
      customerId: device.customerId,
      type: 'Device',
      subType: 'Export Created',
      message: `Export "${input.exportName}" uploaded by ${device.serialNumber} (${device.appName}): ${disabledApplications.length} disabled app(s)`,
      deviceId: device.deviceId,
      actor,
    });
    return row.id;
  });
}

export interface ProfileListInput {
  appName?: string | undefined;
  search?: string | undefined;
  groupId?: string | undefined;
  page: number;
  limit: number;
  sort: 'name' | 'created_at';
  order: 'asc' | 'desc';
}

/** The customer's profiles of devices not logged out; online = seen within ONLINE_WINDOW_MINUTES. */
export async function profileList(ctx: AppContext, scope: DeviceScope, q: ProfileListInput) {
  const customerId = scope.customerId;
  const appNames = appNamesOfFilter(q.appName);
  const empty = { items: [] as ProfileListItem[], total: 0, totalCapped: false };
  if (appNames?.length === 0) return empty;
  const search = q.search?.trim() ?? '';
  const { rows, counted, exact } = await repo.listProfiles(ctx.db, scope, {
    ...(appNames ? { appNames } : {}),
    ...(search ? { search: { text: search, appNames: appCodesOfSearch(search, ctx.config.productName) } } : {}),
    groupId: q.groupId,
    sort: q.sort,
    order: q.order,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  const onlineSince = Date.now() - ONLINE_WINDOW_MINUTES * 60_000;
  const drift = await driftOfRows(
    ctx.db,
    customerId,
    rows.filter((r) => r.groupId),
  );
  const items: ProfileListItem[] = rows.map((r) => ({
    _id: r.id,
    name: r.name,
    profileName: r.profileName,
    appName: r.appName,
    created_at: r.createdAt.toISOString(),
    online: r.lastSeenAt !== null && r.lastSeenAt.getTime() >= onlineSince,
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    policyVersion: r.policyVersion,
    appliedPolicyVersion: r.appliedPolicyVersion,
    group: r.groupId && r.groupName !== null ? { _id: r.groupId, name: r.groupName } : null,
    // DECISIONS §10: the settings differing from the group's template version, counted.
    drift: drift.get(r.id)?.differences.length ?? 0,
  }));
  return { items, ...(exact ? { total: counted, totalCapped: false } : cappedTotal(counted)) };
}

/**
 * Logs out the customer's device(s) with this serial number (every app, or only `appName`'s family): the seat is
 * freed and the device token answers E_DEVICE_LOGGED_OUT from then on. Unknown serial → 404. Answers the ids of
 * the devices logged out now (empty when all were logged out already).
 */
export async function logoutDevice(
  ctx: AppContext,
  actor: CustomerActor,
  input: { serialNumber: string; appName?: string | undefined },
): Promise<string[]> {
  const customerId = actor.id;
  const families = input.appName?.trim() ? [familyOfApp(input.appName).family] : undefined;
  return inTransaction(ctx.db, async (tx, afterCommit) => {
    const found = await repo.findDevicesBySerialForUpdate(tx, scopeOf(actor), input.serialNumber, families);
    if (found.length === 0) {
      throw new AppError(404, 'E_NOT_FOUND', 'No device with this serial number is enrolled on your account.');
    }
    const loggedOut = await logOutDevicesInTransaction(
      tx,
      customerId,
      found.map((d) => d.id),
      actor,
      undefined,
      'Logout',
      { ctx, afterCommit },
    );
    return loggedOut.map((d) => d.id);
  });
}

/**
 * After the commit of a logout: this process forgets the devices' tokens now (the other processes on the commit's
 * `device_cache` notification, a few ms later), so the device's next call here is refused at once; a sleeping app is
 * pushed so it hears of it.
 */
export async function afterLogout(
  ctx: Pick<AppContext, 'config' | 'queue' | 'logger' | 'hot'>,
  deviceIds: readonly string[],
) {
  for (const id of deviceIds) ctx.hot.cache.invalidate(id);
  await requestPush(ctx, deviceIds);
}

/**
 * Logs out these devices of the customer inside the caller's transaction: the token stops working (the device's next
 * call answers E_DEVICE_LOGGED_OUT), the seat is free (seat summary recounted), a device log and an audit row (with `actor`: the customer, or a
 * staff member for a refund) are written and a device waiting on `GET events` hears of it on commit. Answers the devices
 * logged out now (ones already logged out are skipped). After commit, call `afterLogout` with their ids.
 */
export async function logOutDevicesInTransaction(
  tx: DbOrTx,
  customerId: string,
  deviceIds: readonly string[],
  actor: Actor,
  reason?: string,
  /** `Refund Logout`: a refund's logouts, which the staff audit does not count as the customer's deleted devices. */
  subType: 'Logout' | 'Refund Logout' = 'Logout',
  /** Wakes the webhook dispatcher after the commit; without it the `device.logged_out` events go by the next sweep. */
  webhooks: { ctx: { queue: JobQueue }; afterCommit: (fn: () => Promise<void>) => void } | null = null,
) {
  const loggedOut = await repo.logOutDevices(tx, customerId, deviceIds);
  await repo.insertDeviceLogs(
    tx,
    loggedOut.map((d) => ({
      customerId,
      deviceId: d.id,
      serialNumber: d.serialNumber,
      deviceName: d.deviceName,
      deviceActivity: 'Logged out',
      activityResult: 'Success',
    })),
  );
  for (const d of loggedOut) {
    // A device waiting on GET events hears of its logout at once (sent on commit).
    await notifyInTransaction(tx, d.id);
    await writeAudit(tx, {
      customerId,
      type: 'Device',
      subType,
      message: `Device logged out: ${d.serialNumber} (${d.appName || d.family})${reason ? ` — ${reason}` : ''}`,
      deviceId: d.id,
      actor,
    });
  }
  if (loggedOut.length > 0) await refreshSeatSummary(tx, customerId);
  await emitWebhookEvents(
    webhooks?.ctx ?? null,
    tx,
    loggedOut.map((d) => ({
      customerId,
      type: 'device.logged_out' as const,
      data: {
        deviceId: d.id,
        serialNumber: d.serialNumber,
        deviceName: d.deviceName,
        appName: d.appName,
        reason: reason ?? null,
      },
    })),
    webhooks?.afterCommit ?? null,
  );
  return loggedOut;
}

/** The customer's devices of a family holding a seat (not logged out), newest enrolment first. */
export const activeDevicesOfFamily = repo.activeDevicesOfFamily;
