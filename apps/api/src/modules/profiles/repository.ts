import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { scopeCondition } from '../../db/device-scope.ts';
import { likeEscape } from '../../db/paging.ts';
import { deviceApplications, deviceMessages, devices, profiles } from '../../db/schema.ts';
import type { DeviceScope } from '../../lib/device-scope.ts';

/**
 * SQL of the customer profile calls. Every function takes the customer id of the session and filters by it, also
 * where the row is reached through the profile's device (device_applications, device_messages), so an id of
 * another customer's profile or device finds nothing.
 */

export type ProfileRow = typeof profiles.$inferSelect;

/** The customer's profile (in the caller's group scope, DECISIONS §12), locked until the end of the transaction (edits of one profile take turns). */
export async function lockProfile(db: DbOrTx, scope: DeviceScope, profileId: string): Promise<ProfileRow | null> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, profileId), scopeCondition(scope, profiles)))
    .for('update');
  return row ?? null;
}

/** The customer's profile with its device (in the caller's group scope). */
export async function profileWithDevice(db: DbOrTx, scope: DeviceScope, profileId: string) {
  const [row] = await db
    .select({ profile: profiles, device: devices })
    .from(profiles)
    .innerJoin(devices, and(eq(devices.id, profiles.deviceId), eq(devices.customerId, scope.customerId)))
    .where(and(eq(profiles.id, profileId), scopeCondition(scope, profiles)));
  return row ?? null;
}

/**
 * Writes some settings keys, keeping the others (jsonb `||` replaces top-level keys only, so each list or
 * settings group is written whole). Call with the profile locked by `lockProfile`.
 */
export async function patchSettings(db: DbOrTx, customerId: string, profileId: string, patch: Record<string, unknown>) {
  await db
    .update(profiles)
    .set({ settings: sql`${profiles.settings} || ${JSON.stringify(patch)}::jsonb`, updatedAt: sql`now()` })
    .where(and(eq(profiles.id, profileId), eq(profiles.customerId, customerId)));
}

/** The console's per-app choices of the customer's device (what `buildPolicy` puts into `applications`). */
export async function desiredApplications(db: DbOrTx, customerId: string, deviceId: string) {
  return db
    .select({ packageName: deviceApplications.packageName, desiredDisable: deviceApplications.desiredDisable })
    .from(deviceApplications)
    .innerJoin(devices, and(eq(devices.id, deviceApplications.deviceId), eq(devices.customerId, customerId)))
    .where(and(eq(deviceApplications.deviceId, deviceId), isNotNull(deviceApplications.desiredDisable)));
}

export interface ApplicationFilter {
  /** Substring of the package or app name, case-insensitive. */
  search?: string | undefined;
  disabled?: boolean | undefined;
  appStatus?: 'Installed' | 'Uninstalled' | undefined;
  includeSystemApps: boolean;
}

/** `%`, `_` and `\` typed by the user match themselves in ILIKE. */

/**
 * The inventory of the customer's device, filtered, by app name (package name when the app has none). A device
 * reports at most MAX_INVENTORY_APPS packages, read through the (device_id, package_name) primary key.
 */
export async function applicationsOfDevice(db: DbOrTx, customerId: string, deviceId: string, f: ApplicationFilter) {
  const pattern = f.search ? `%${likeEscape(f.search)}%` : null;
  const where: SQL | undefined = and(
    eq(deviceApplications.deviceId, deviceId),
    pattern
      ? or(sql`${deviceApplications.packageName} ilike ${pattern}`, sql`${deviceApplications.appName} ilike ${pattern}`)
      : undefined,
    f.disabled === undefined ? undefined : eq(deviceApplications.appDisable, f.disabled),
    f.appStatus === undefined ? undefined : eq(deviceApplications.appStatus, f.appStatus),
    f.includeSystemApps ? undefined : ne(deviceApplications.applicationType, 1),
  );
  return db
    .select({
      packageName: deviceApplications.packageName,
      appName: deviceApplications.appName,
      appDisable: deviceApplications.appDisable,
      desiredDisable: deviceApplications.desiredDisable,
      appIcon: deviceApplications.appIcon,
      versionNumber: deviceApplications.versionNumber,
      appStatus: deviceApplications.appStatus,
      applicationType: deviceApplications.applicationType,
      // DECISIONS §8: packages staff marked as bloatware are suggested to disable.
      suggestedDisable: sql<boolean>`exists (select 1 from bloatware_apps b where b.package_name = ${deviceApplications.packageName} and b.is_bloatware)`,
    })
    .from(deviceApplications)
    .innerJoin(devices, and(eq(devices.id, deviceApplications.deviceId), eq(devices.customerId, customerId)))
    .where(where)
    .orderBy(
      sql`lower(coalesce(nullif(${deviceApplications.appName}, ''), ${deviceApplications.packageName}))`,
      asc(deviceApplications.packageName),
    );
}

export async function countApplicationsOfDevice(db: DbOrTx, customerId: string, deviceId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(deviceApplications)
    .innerJoin(devices, and(eq(devices.id, deviceApplications.deviceId), eq(devices.customerId, customerId)))
    .where(eq(deviceApplications.deviceId, deviceId));
  return row?.total ?? 0;
}

/** Records the console's enable/disable choice for one reported app; null when the device never reported it. */
export async function setDesiredDisable(
  db: DbOrTx,
  customerId: string,
  deviceId: string,
  packageName: string,
  disable: boolean,
) {
  const owned = db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.customerId, customerId)));
  const [row] = await db
    .update(deviceApplications)
    .set({ desiredDisable: disable, updatedAt: sql`now()` })
    .where(
      and(
        eq(deviceApplications.deviceId, deviceId),
        eq(deviceApplications.packageName, packageName),
        inArray(deviceApplications.deviceId, owned),
      ),
    )
    .returning();
  return row ?? null;
}

/** An undelivered, unexpired command of this name for the customer's device (device_messages_pending_idx). */
export async function pendingCommand(db: DbOrTx, customerId: string, deviceId: string, command: string) {
  const [row] = await db
    .select({ id: deviceMessages.id, createdAt: deviceMessages.createdAt })
    .from(deviceMessages)
    .innerJoin(devices, and(eq(devices.id, deviceMessages.deviceId), eq(devices.customerId, customerId)))
    .where(
      and(
        eq(deviceMessages.deviceId, deviceId),
        isNull(deviceMessages.deliveredAt),
        eq(deviceMessages.kind, 'command'),
        sql`${deviceMessages.payload}->>'command' = ${command}`,
        sql`(${deviceMessages.expiresAt} is null or ${deviceMessages.expiresAt} > now())`,
      ),
    )
    .orderBy(desc(deviceMessages.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Devices whose inventories the Play Store search looks at: the customer's most recently enrolled ones. A fleet's
 * devices report nearly the same packages, so this bound keeps the search's cost constant for huge fleets
 * (devices_customer_enrolled_idx) while still finding every package in practice.
 */
const SEARCH_DEVICES = 1000;

/**
 * Packages the customer's devices reported whose package or app name contains `term` (case-insensitive), one row
 * per package with a name and an icon some device reported, best matches first (name equal, name prefix, package
 * prefix, then the rest).
 */
export async function searchReportedPackages(db: DbOrTx, customerId: string, term: string, limit: number) {
  const lowered = term.toLowerCase();
  const contains = `%${likeEscape(lowered)}%`;
  const prefix = `${likeEscape(lowered)}%`;
  const result = await db.execute<{ package_name: string; app_name: string | null; app_icon: string | null }>(sql`
    select da.package_name,
           min(nullif(da.app_name, '')) as app_name,
           max(nullif(da.app_icon, '')) as app_icon,
           min(case when lower(da.app_name) = ${lowered} then 0
                    when lower(da.app_name) like ${prefix} then 1
                    when lower(da.package_name) like ${prefix} then 2
                    else 3 end) as rank
    from ${deviceApplications} da
    where da.device_id in (
            select d.id from ${devices} d where d.customer_id = ${customerId}
            order by d.enrolled_at desc limit ${SEARCH_DEVICES})
      and (lower(da.package_name) like ${contains} or lower(da.app_name) like ${contains})
    group by da.package_name
    order by rank, da.package_name
    limit ${limit}`);
  return result.rows.map((r) => ({
    packageName: r.package_name,
    appName: r.app_name ?? '',
    appIcon: r.app_icon ?? '',
  }));
}
