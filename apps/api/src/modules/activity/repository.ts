import { type SQL, and, desc, eq, inArray, like, ne, sql } from 'drizzle-orm';
import type { AuditType } from '@fleetdeck/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import type { ActorKind } from '../../lib/actor.ts';
import { type KeyColumn, keysetPage, keysetPageCounted, likeEscape, utcMicros } from '../../db/paging.ts';
import { auditEntries, deviceApplications, deviceExports, deviceLogs, devices, profiles } from '../../db/schema.ts';
import { auditScopeCondition, deviceScopeCondition, scopeCondition } from '../../db/device-scope.ts';
import type { DeviceScope } from '../../lib/device-scope.ts';

/**
 * SQL of the activity module: device logs, audit entries, exports and their restore. Every query takes the
 * customer id of the session and filters by it first; the keyset lists are served by these indexes:
 * - device_logs: device_logs_customer_created_idx (customer, created_at, id) and
 *   device_logs_customer_serial_created_idx (customer, serial_number, created_at, id), which also serves the
 *   serial-number sort;
 * - audit_entries: audit_customer_created_idx, audit_customer_type_idx (type, sub_type), audit_customer_source_created_idx
 *   and audit_customer_error_created_idx. A combination of filters rides the index of its most selective one
 *   (type, then status, then source) and re-checks the others on the rows it reads.
 */

export interface KeysetPage<K> {
  limit: number;
  /** Rows to skip (only without `after`). */
  offset: number;
  order: 'asc' | 'desc';
  /** The sort key of the previous page's last row. */
  after?: K | undefined;
}

// ------------------------------------------------------------------------------------------------- device logs

export interface DeviceLogKey {
  serialNumber: string;
  createdAt: string;
  id: number;
}

export interface DeviceLogFilter extends KeysetPage<DeviceLogKey> {
  /** Serial numbers starting with this. */
  serialNumber?: string | undefined;
  sort: 'serialNumber' | 'created_at';
}

/** One page (plus one row, to know whether another page follows) and the capped count of the filter. */
export async function listDeviceLogs(db: DbOrTx, scope: DeviceScope, f: DeviceLogFilter) {
  const where = and(
    deviceScopeCondition(scope, deviceLogs.customerId, deviceLogs.deviceId),
    // A serial number prefix (issue 15): the whole serial still matches itself. Under the embedded database's C
    // collation the prefix is a range of device_logs_customer_serial_created_idx.
    f.serialNumber === undefined ? undefined : like(deviceLogs.serialNumber, `${likeEscape(f.serialNumber)}%`),
  );
  const byTime: KeyColumn[] = [
    [deviceLogs.createdAt, 'timestamptz'],
    [deviceLogs.id, 'bigint'],
  ];
  const bySerial = f.sort === 'serialNumber';
  const key: KeyColumn[] = bySerial ? [[deviceLogs.serialNumber], ...byTime] : byTime;
  const { after } = f;
  const afterValues = after && [...(bySerial ? [after.serialNumber] : []), after.createdAt, after.id];
  const query = db
    .select({
      id: deviceLogs.id,
      serialNumber: deviceLogs.serialNumber,
      deviceName: deviceLogs.deviceName,
      deviceActivity: deviceLogs.deviceActivity,
      activityResult: deviceLogs.activityResult,
      createdAt: deviceLogs.createdAt,
      createdAtMicros: utcMicros(deviceLogs.createdAt),
    })
    .from(deviceLogs)
    .$dynamic();
  return keysetPageCounted(db, deviceLogs, query, where, key, { ...f, after: afterValues });
}

// --------------------------------------------------------------------------------------------------- audit log

export interface AuditKey {
  createdAt: string;
  id: number;
}

export interface AuditFilter extends KeysetPage<AuditKey> {
  type?: string | undefined;
  subType?: string | undefined;
  source?: 'Web' | 'App' | undefined;
  hasError?: boolean | undefined;
  /**
   * Only rows written by these actors (the member filter, DECISIONS §12). Rides audit_actor_created_idx
   * (actor_id, created_at): the ids lead, the kinds are re-checked on the rows read.
   */
  actors?: readonly AuditActor[] | undefined;
  /** Leave the Payments rows out: the caller may not read billing (DECISIONS §12). */
  withoutBilling?: boolean | undefined;
  /** The caller's device scope and member: a group-scoped member reads their groups' rows (`auditScopeCondition`). */
  scope?: { devices: DeviceScope; memberId: string | null } | undefined;
}

/** The audit type of billing's rows (payments, refunds, coupons, subscriptions). */
const BILLING_AUDIT_TYPE: AuditType = 'Payments';

/** Who an audit row names: `actor_kind` and `actor_id`. */
export interface AuditActor {
  kind: ActorKind;
  id: string;
}

/** The audit log's keyset: (created_at, id). */
export const AUDIT_KEY: KeyColumn[] = [
  [auditEntries.createdAt, 'timestamptz'],
  [auditEntries.id, 'bigint'],
];

/** The Source and Status filters every audit list has (absent: any). */
export const auditSourceAndStatus = (f: { source?: 'Web' | 'App' | undefined; hasError?: boolean | undefined }) => [
  f.source === undefined ? undefined : eq(auditEntries.source, f.source),
  f.hasError === undefined ? undefined : eq(auditEntries.hasError, f.hasError),
];

/** The select of an audit page: `fields` beside the columns every audit list shows. */
const auditPageQuery = <F extends Record<string, AnyPgColumn>>(db: DbOrTx, fields: F) =>
  db
    .select({
      id: auditEntries.id,
      ...fields,
      message: auditEntries.message,
      source: auditEntries.source,
      hasError: auditEntries.hasError,
      createdAt: auditEntries.createdAt,
      createdAtMicros: utcMicros(auditEntries.createdAt),
    })
    .from(auditEntries)
    .$dynamic();

/**
 * A keyset page (`AUDIT_KEY`) of the audit entries matching `where`, with `fields` beside the columns every audit
 * list shows, and their capped count.
 */
export function auditEntriesPage<F extends Record<string, AnyPgColumn>>(
  db: DbOrTx,
  where: SQL | undefined,
  fields: F,
  page: Omit<KeysetPage<AuditKey>, 'order'> & { order?: 'asc' | 'desc' },
) {
  return keysetPageCounted(db, auditEntries, auditPageQuery(db, fields), where, AUDIT_KEY, {
    ...page,
    after: page.after && [page.after.createdAt, page.after.id],
  });
}

const CUSTOMER_AUDIT_FIELDS = {
  type: auditEntries.type,
  subType: auditEntries.subType,
  actorKind: auditEntries.actorKind,
  actorId: auditEntries.actorId,
};

const customerAuditWhere = (customerId: string, f: AuditFilter) =>
  and(
    eq(auditEntries.customerId, customerId),
    f.type === undefined ? undefined : eq(auditEntries.type, f.type),
    f.subType === undefined ? undefined : eq(auditEntries.subType, f.subType),
    ...auditSourceAndStatus(f),
    f.actors === undefined ? undefined : byActors(f.actors),
    f.withoutBilling ? ne(auditEntries.type, BILLING_AUDIT_TYPE) : undefined,
    f.scope ? auditScopeCondition(f.scope.devices, f.scope.memberId, auditEntries) : undefined,
  );

export function listAuditEntries(db: DbOrTx, customerId: string, f: AuditFilter) {
  return auditEntriesPage(db, customerAuditWhere(customerId, f), CUSTOMER_AUDIT_FIELDS, f);
}

/** The customer audit list's page query (first page), for EXPLAIN in tests. */
export const auditListSqlForExplain = (db: DbOrTx, customerId: string, f: AuditFilter) =>
  keysetPage(auditPageQuery(db, CUSTOMER_AUDIT_FIELDS), customerAuditWhere(customerId, f), AUDIT_KEY, {
    ...f,
    after: undefined,
  }).getSQL();

/** Rows of these actors; none at all for an empty list (a member of another account). */
function byActors(actors: readonly AuditActor[]) {
  if (actors.length === 0) return sql`false`;
  const ids = actors.map((a) => a.id);
  const pairs = sql.join(
    actors.map((a) => sql`(${a.kind}::text, ${a.id}::uuid)`),
    sql`, `,
  );
  return and(
    sql`${auditEntries.actorId} = any(${sql.param(ids)}::uuid[])`,
    sql`(${auditEntries.actorKind}, ${auditEntries.actorId}) in (${pairs})`,
    // A failed sign-in names nobody: whoever typed a person's email, it was not necessarily that person.
    sql`not (${auditEntries.hasError} and ${auditEntries.type} = 'User Account' and ${auditEntries.subType} = 'Login')`,
  );
}

/** A row of a sign-in that failed: written for the account, by whoever typed its email (see `byActors`). */
export const isFailedSignIn = (r: { type: string; subType: string; hasError: boolean }) =>
  r.hasError && r.type === 'User Account' && r.subType === 'Login';

// ------------------------------------------------------------------------------------------------------ exports

export type ExportRow = typeof deviceExports.$inferSelect;

/** The exports of the devices in the caller's scope (a group-scoped member: of their groups' devices). */
const exportsInScope = (scope: DeviceScope) =>
  deviceScopeCondition(scope, deviceExports.customerId, deviceExports.deviceId);

/** Newest first; device_exports_customer_created_idx. Exports are few per customer: an exact count. */
export async function listExports(db: DbOrTx, scope: DeviceScope, page: { limit: number; offset: number }) {
  const where = exportsInScope(scope);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(deviceExports)
      .where(where)
      .orderBy(desc(deviceExports.createdAt), desc(deviceExports.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(deviceExports)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findExport(db: DbOrTx, scope: DeviceScope, exportId: string) {
  const [row] = await db
    .select()
    .from(deviceExports)
    .where(and(exportsInScope(scope), eq(deviceExports.id, exportId)));
  return row ?? null;
}

export async function deleteExport(db: DbOrTx, scope: DeviceScope, exportId: string) {
  const [row] = await db
    .delete(deviceExports)
    .where(and(exportsInScope(scope), eq(deviceExports.id, exportId)))
    .returning();
  return row ?? null;
}

/** Removes one package from the export's list; null when the export or the package is not there. */
export async function removeExportApplication(db: DbOrTx, scope: DeviceScope, exportId: string, app: string) {
  const [row] = await db
    .update(deviceExports)
    .set({ disabledApplications: sql`${deviceExports.disabledApplications} - ${app}::text` })
    .where(
      and(
        exportsInScope(scope),
        eq(deviceExports.id, exportId),
        sql`${deviceExports.disabledApplications} @> jsonb_build_array(${app}::text)`,
      ),
    )
    .returning();
  return row ?? null;
}

export interface InventoryName {
  packageName: string;
  appName: string;
  appIcon: string;
}

/** Names and icons of some packages as a device last reported them (device_applications primary key). */
export async function inventoryNames(
  db: DbOrTx,
  deviceId: string | null,
  packages: readonly string[],
): Promise<Map<string, InventoryName>> {
  if (deviceId === null || packages.length === 0) return new Map();
  const rows = await db
    .select({
      packageName: deviceApplications.packageName,
      appName: deviceApplications.appName,
      appIcon: deviceApplications.appIcon,
    })
    .from(deviceApplications)
    .where(and(eq(deviceApplications.deviceId, deviceId), inArray(deviceApplications.packageName, [...packages])));
  return new Map(rows.map((r) => [r.packageName, r]));
}

/** The customer's profile with its device, for a restore (profiles primary key, then the device by id). */
export async function findProfileWithDevice(db: DbOrTx, scope: DeviceScope, profileId: string) {
  const [row] = await db
    .select({
      profileId: profiles.id,
      appName: profiles.appName,
      family: profiles.family,
      serialNumber: profiles.name,
      deviceId: devices.id,
      loggedOutAt: devices.loggedOutAt,
    })
    .from(profiles)
    .innerJoin(devices, eq(devices.id, profiles.deviceId))
    .where(and(scopeCondition(scope, profiles), eq(profiles.id, profileId), eq(devices.customerId, scope.customerId)));
  return row ?? null;
}

const UPSERT_CHUNK = 1000;

/**
 * Sets the console's choice "disable" (`desired_disable = true`) for these packages of a device. Packages the
 * device has not reported get a row with app_status 'Uninstalled': the choice is then in the policy of the next
 * Apply, and the device's next full inventory keeps it if the app is there or drops the row if not. Answers how
 * many rows were new.
 */
export async function markPackagesDisabled(db: DbOrTx, deviceId: string, apps: readonly InventoryName[]) {
  let inserted = 0;
  const now = new Date();
  for (let i = 0; i < apps.length; i += UPSERT_CHUNK) {
    const chunk = apps.slice(i, i + UPSERT_CHUNK);
    const rows = await db
      .insert(deviceApplications)
      .values(
        chunk.map((a) => ({
          deviceId,
          packageName: a.packageName,
          appName: a.appName,
          appIcon: a.appIcon,
          appStatus: 'Uninstalled',
          desiredDisable: true,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [deviceApplications.deviceId, deviceApplications.packageName],
        set: { desiredDisable: true, updatedAt: now },
      })
      // xmax is 0 on a row this statement inserted, set on one it updated.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    inserted += rows.filter((r) => r.inserted).length;
  }
  return inserted;
}
