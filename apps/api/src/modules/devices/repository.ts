import type { Family } from '@fleetdeck/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countCapped, likeEscape } from '../../db/paging.ts';
import {
  customers,
  deviceApplications,
  deviceExports,
  deviceLogs,
  deviceGroups,
  devices,
  profiles,
} from '../../db/schema.ts';
import { fromExcluded } from '../../db/upsert.ts';
import { nullableUuidArray, textArray, timestampArray, uuidArray } from '../../db/arrays.ts';
import { deviceScopeCondition, groupScopeCondition, scopeCondition } from '../../db/device-scope.ts';
import type { DeviceScope } from '../../lib/device-scope.ts';

/**
 * SQL of the devices module. Customer-facing queries always take the customer id of the session and filter
 * by it first; device-facing ones take the device id resolved by `requireDevice` (which belongs to one customer).
 */

/** What `device_enrol` (migration 0024) answers: the outcome and, when enrolled, the rows it wrote. */
export type EnrolOutcome =
  'ok' | 'rate_limited' | 'token_invalid' | 'disabled' | 'token_expired' | 'active' | 'no_licence' | 'used_up' | 'slow';

/** The customer whose enrolment token hashes to `tokenHash` (customers_enrolment_token_hash_uq). */
export async function findCustomerByEnrolmentHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.enrolmentTokenHash, tokenHash));
  return row ?? null;
}

export interface EnrolStatementInput {
  /** null: the attempt was counted already (the second call after a recount of the seat summary). */
  rateKey: string | null;
  rateMax: number;
  rateWindowSeconds: number;
  enrolmentTokenHash: string;
  family: Family;
  serialNumber: string;
  appName: string;
  /** SHA-256 of the `Device <token>` credential the call carried, or null. */
  presentedHash: string | null;
  tokenHash: string;
  now: Date;
  deviceName: string;
  appVersionCode: string;
  deviceModel: string;
  osVersion: string;
  macAddress: string;
  localIpAddress: string;
  batteryLevel: number | null;
  fcmToken: string | null;
  ip: string;
  source: string;
  actorKind: string;
  messageNew: string;
  messageAgain: string;
}

export interface EnrolStatementResult {
  outcome: EnrolOutcome;
  retryAfter: number | null;
  customerId: string | null;
  email: string | null;
  deviceId: string | null;
  profileId: string | null;
  policyVersion: number | null;
  again: boolean | null;
}

/**
 * The whole enrolment in one statement (SQL function `device_enrol`, migration 0024: rate-limit hit, customer, locks,
 * device, profile, device log, audit row, token use and seat counter, in the order of service.ts `enrol`).
 */
export async function enrolInOneStatement(db: DbOrTx, p: EnrolStatementInput): Promise<EnrolStatementResult> {
  const result = await db.execute<{
    r_outcome: EnrolOutcome;
    r_retry_after: number | null;
    r_customer_id: string | null;
    r_email: string | null;
    r_device_id: string | null;
    r_profile_id: string | null;
    r_policy_version: number | null;
    r_again: boolean | null;
  }>(sql`select * from device_enrol(
    ${p.rateKey}::text, ${p.rateMax}::int, ${p.rateWindowSeconds}::int,
    ${p.enrolmentTokenHash}::text, ${p.family}::text, ${p.serialNumber}::text, ${p.appName}::text,
    ${p.presentedHash}::text, ${p.tokenHash}::text, ${p.now.toISOString()}::timestamptz,
    ${p.deviceName}::text, ${p.appVersionCode}::text, ${p.deviceModel}::text, ${p.osVersion}::text,
    ${p.macAddress}::text, ${p.localIpAddress}::text, ${p.batteryLevel}::int, ${p.fcmToken}::text,
    ${p.ip}::text, ${p.source}::text, ${p.actorKind}::text, ${p.messageNew}::text, ${p.messageAgain}::text)`);
  const row = result.rows[0]!;
  return {
    outcome: row.r_outcome,
    retryAfter: row.r_retry_after === null ? null : Number(row.r_retry_after),
    customerId: row.r_customer_id,
    email: row.r_email,
    deviceId: row.r_device_id,
    profileId: row.r_profile_id,
    policyVersion: row.r_policy_version === null ? null : Number(row.r_policy_version),
    again: row.r_again,
  };
}

export async function updateDevice(
  db: DbOrTx,
  deviceId: string,
  values: Partial<Omit<typeof devices.$inferInsert, 'id' | 'customerId' | 'family' | 'serialNumber'>>,
) {
  const [row] = await db
    .update(devices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(devices.id, deviceId))
    .returning();
  return row ?? null;
}

export type LostMode = NonNullable<typeof devices.$inferSelect.lostMode>;

/** Lost mode on (its message, phone and since when) or off (null) on several devices, one statement (ids distinct). */
export async function setLostModes(db: DbOrTx, modes: readonly { deviceId: string; lostMode: LostMode | null }[]) {
  if (modes.length === 0) return;
  await db.execute(sql`
    update ${devices} d set lost_mode = v.lost_mode::jsonb, updated_at = now()
    from unnest(${uuidArray(modes.map((m) => m.deviceId))},
                ${textArray(modes.map((m) => (m.lostMode ? JSON.stringify(m.lostMode) : null)))}) as v(id, lost_mode)
    where d.id = v.id`);
}

export async function updateProfileNames(
  db: DbOrTx,
  deviceId: string,
  values: Partial<Pick<typeof profiles.$inferInsert, 'profileName' | 'appName'>>,
) {
  if (Object.keys(values).length === 0) return;
  await db
    .update(profiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(profiles.deviceId, deviceId));
}

export interface DeviceLogInput {
  customerId: string;
  deviceId: string | null;
  serialNumber: string;
  deviceName: string;
  deviceActivity: string;
  activityResult: string;
  createdAt?: Date;
}

/** Device log rows in one statement (a row without `createdAt` is stamped now). */
export async function insertDeviceLogs(db: DbOrTx, rows: readonly DeviceLogInput[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${deviceLogs} (customer_id, device_id, serial_number, device_name, device_activity, activity_result,
                               created_at)
    select v.customer_id, v.device_id, v.serial_number, v.device_name, v.device_activity, v.activity_result,
           coalesce(v.created_at, now())
      from unnest(${uuidArray(rows.map((r) => r.customerId))}, ${nullableUuidArray(rows.map((r) => r.deviceId))},
                  ${textArray(rows.map((r) => r.serialNumber))}, ${textArray(rows.map((r) => r.deviceName))},
                  ${textArray(rows.map((r) => r.deviceActivity))}, ${textArray(rows.map((r) => r.activityResult))},
                  ${timestampArray(rows.map((r) => r.createdAt ?? null))})
           as v(customer_id, device_id, serial_number, device_name, device_activity, activity_result, created_at)`);
}

export interface InventoryRow {
  packageName: string;
  appName: string;
  appDisable: boolean;
  appIcon: string;
  versionNumber: string;
  appStatus: string;
  applicationType: number;
}

const INVENTORY_CHUNK = 1000;

/**
 * Replaces a device's inventory: upserts the given packages (keeping their `desired_disable`, the console's
 * choice) and deletes the packages the device no longer reports. Run inside a transaction.
 */
export async function replaceInventory(db: DbOrTx, deviceId: string, apps: readonly InventoryRow[]) {
  const now = new Date();
  for (let i = 0; i < apps.length; i += INVENTORY_CHUNK) {
    const chunk = apps.slice(i, i + INVENTORY_CHUNK);
    await db
      .insert(deviceApplications)
      .values(chunk.map((a) => ({ deviceId, ...a, updatedAt: now })))
      .onConflictDoUpdate({
        target: [deviceApplications.deviceId, deviceApplications.packageName],
        set: {
          ...fromExcluded(deviceApplications, [
            'appName',
            'appDisable',
            'appIcon',
            'versionNumber',
            'appStatus',
            'applicationType',
          ]),
          updatedAt: now,
        },
      });
  }
  const kept = apps.map((a) => a.packageName);
  const removed = await db
    .delete(deviceApplications)
    .where(
      and(
        eq(deviceApplications.deviceId, deviceId),
        kept.length > 0 ? notInArray(deviceApplications.packageName, kept) : undefined,
      ),
    )
    .returning({ packageName: deviceApplications.packageName });
  return { removed: removed.length };
}

/** The inventory rows the customer's other enrolled devices hold, and how many devices are enrolled. */
export async function inventoryOfOtherDevices(db: DbOrTx, customerId: string, deviceId: string) {
  const [row] = await db
    .select({
      others: sql<number>`coalesce(sum(${devices.inventoryCount}) filter (where ${devices.id} <> ${deviceId}), 0)::int`,
      devices: sql<number>`count(*)::int`,
    })
    .from(devices)
    .where(and(eq(devices.customerId, customerId), isNull(devices.loggedOutAt)));
  return { others: Number(row?.others ?? 0), devices: Number(row?.devices ?? 0) };
}

/** Locks the device's row for the rest of the transaction (serialises that device's quota checks). */
export async function lockDeviceRow(db: DbOrTx, deviceId: string) {
  await db.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId)).for('update');
}

export async function countExportsOfDevice(db: DbOrTx, deviceId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deviceExports)
    .where(eq(deviceExports.deviceId, deviceId));
  return Number(row?.n ?? 0);
}

export async function insertExport(db: DbOrTx, values: typeof deviceExports.$inferInsert) {
  const [row] = await db.insert(deviceExports).values(values).returning({ id: deviceExports.id });
  return row!;
}

export interface ProfileListFilter {
  /** Plan codes the profile's app_name must be one of; undefined = every app; empty = nothing. */
  appNames?: readonly string[];
  /** Serial number or device name containing `text` (any case), or an app of `appNames`. */
  search?: { text: string; appNames: readonly string[] } | undefined;
  /** Only the devices of this group (DECISIONS §10). */
  groupId?: string | undefined;
  sort: 'name' | 'created_at';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * The devices search, re-checked on the rows of the customer's index: one customer's devices, never the whole table.
 * The pattern's wildcards are escaped, so `%` or `_` typed in the box match only themselves.
 */
function searchCondition(search: ProfileListFilter['search']): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${likeEscape(search.text)}%`;
  return or(
    ilike(profiles.name, pattern),
    ilike(profiles.profileName, pattern),
    search.appNames.length > 0 ? inArray(profiles.appName, [...search.appNames]) : undefined,
  );
}

/**
 * One page of a customer's profiles of devices not logged out. Served by profiles_customer_app_created_idx
 * (app filter), profiles_customer_created_idx or profiles_customer_name_idx (sort), or profiles_group_created_idx (a
 * group), joined to the device by id. `counted` stops at LIST_COUNT_CAP + 1 (DECISIONS §7: a customer or a group of
 * a million devices is never counted row by row on a page load).
 */
export async function listProfiles(db: DbOrTx, scope: DeviceScope, f: ProfileListFilter) {
  const customerId = scope.customerId;
  const where: SQL | undefined = and(
    scopeCondition(scope, profiles),
    f.appNames === undefined ? undefined : inArray(profiles.appName, [...f.appNames]),
    searchCondition(f.search),
    f.groupId === undefined ? undefined : eq(profiles.groupId, f.groupId),
    isNull(devices.loggedOutAt),
    eq(devices.customerId, customerId),
  );
  const dir = f.order === 'asc' ? asc : desc;
  const sortColumn = f.sort === 'name' ? profiles.name : profiles.createdAt;
  // A group's members alone: the group's kept member count (migration 0038) rather than counting up to the cap.
  const memberCount =
    f.groupId !== undefined && f.appNames === undefined && f.search === undefined
      ? db
          .select({ n: deviceGroups.deviceCount })
          .from(deviceGroups)
          .where(and(eq(deviceGroups.id, f.groupId), groupScopeCondition(scope)))
          .then(([row]) => ({ counted: row?.n ?? 0, exact: true }))
      : null;
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: profiles.id,
        name: profiles.name,
        profileName: profiles.profileName,
        appName: profiles.appName,
        createdAt: profiles.createdAt,
        policyVersion: profiles.policyVersion,
        appliedPolicyVersion: profiles.appliedPolicyVersion,
        lastSeenAt: devices.lastSeenAt,
        groupId: profiles.groupId,
        groupName: deviceGroups.name,
        // What the page's drift is counted from (fleet/groups-service.ts driftOfRows), read with the page.
        family: profiles.family,
        settings: profiles.settings,
        templateId: deviceGroups.templateId,
        templateVersion: deviceGroups.templateVersion,
      })
      .from(profiles)
      .innerJoin(devices, eq(devices.id, profiles.deviceId))
      .leftJoin(deviceGroups, and(eq(deviceGroups.id, profiles.groupId), eq(deviceGroups.customerId, customerId)))
      .where(where)
      .orderBy(dir(sortColumn), dir(profiles.id))
      .limit(f.limit)
      .offset(f.offset),
    memberCount ??
      countCapped(db, profiles, where, (q) => q.innerJoin(devices, eq(devices.id, profiles.deviceId))).then((n) => ({
        counted: n,
        exact: false,
      })),
  ]);
  return { rows, ...counted };
}

/** The customer's devices in the caller's scope with this serial number (optionally of some families), locked for logout. */
export async function findDevicesBySerialForUpdate(
  db: DbOrTx,
  scope: DeviceScope,
  serialNumber: string,
  families?: readonly Family[],
) {
  return db
    .select()
    .from(devices)
    .where(
      and(
        deviceScopeCondition(scope, devices.customerId, devices.id),
        eq(devices.serialNumber, serialNumber),
        families === undefined ? undefined : inArray(devices.family, [...families]),
      ),
    )
    .orderBy(asc(devices.family))
    .for('update');
}

/** Logs out the customer's devices of `deviceIds` still logged in; answers the ones it changed. */
export async function logOutDevices(db: DbOrTx, customerId: string, deviceIds: readonly string[]) {
  if (deviceIds.length === 0) return [];
  const now = new Date();
  return db
    .update(devices)
    .set({ loggedOutAt: now, updatedAt: now })
    .where(and(eq(devices.customerId, customerId), inArray(devices.id, [...deviceIds]), isNull(devices.loggedOutAt)))
    .returning();
}

/** The device whose token hashes to `tokenHash` with its profile: what the device guard needs. */
export async function findDeviceByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      deviceId: devices.id,
      customerId: devices.customerId,
      family: devices.family,
      appName: devices.appName,
      serialNumber: devices.serialNumber,
      deviceName: devices.deviceName,
      loggedOutAt: devices.loggedOutAt,
      profileId: profiles.id,
    })
    .from(devices)
    .innerJoin(profiles, eq(profiles.deviceId, devices.id))
    .where(eq(devices.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks the device seen now, at most once a minute (online = seen in the last 15 minutes). */
export async function markDeviceSeen(db: DbOrTx, deviceId: string) {
  await db
    .update(devices)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(devices.id, deviceId),
        sql`(${devices.lastSeenAt} is null or ${devices.lastSeenAt} < now() - interval '60 seconds')`,
      ),
    );
}

/** The customer's devices of a family holding a seat (not logged out), newest enrolment first; `lock` for a refund. */
export async function activeDevicesOfFamily(
  db: DbOrTx,
  customerId: string,
  family: Family,
  opts: { lock?: boolean } = {},
) {
  const query = db
    .select({
      id: devices.id,
      deviceName: devices.deviceName,
      serialNumber: devices.serialNumber,
      enrolledAt: devices.enrolledAt,
    })
    .from(devices)
    .where(and(eq(devices.customerId, customerId), eq(devices.family, family), isNull(devices.loggedOutAt)))
    .orderBy(desc(devices.enrolledAt), desc(devices.id));
  return opts.lock ? query.for('update') : query;
}
