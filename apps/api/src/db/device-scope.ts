import { and, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { DeviceScope } from '../lib/device-scope.ts';
import { uuidArray } from './arrays.ts';
import { deviceGroups, profiles } from './schema.ts';

/**
 * The group scope of DECISIONS §12 as SQL, written once: every repository reading or writing devices, groups,
 * rollouts or commands adds one of these to its WHERE, so a row outside the caller's scope is simply not found (404),
 * as another account's is. A scoped member never sees devices in no group; a member scoped to no group sees nothing.
 */

/** `column = any($groups)`, or nothing matches for an empty list. */
const inGroups = (column: Column | SQL, groupIds: readonly string[]): SQL =>
  groupIds.length === 0 ? sql`false` : sql`${column} = any(${uuidArray(groupIds)})`;

/**
 * Rows of a table carrying `customer_id` and `group_id` (profiles, rollouts, commands): `customer_id = $1 [and
 * group_id = any($2)]` (profiles_group_created_idx serves the group part of a device list).
 */
export function scopeCondition(scope: DeviceScope, table: { customerId: Column; groupId: Column }): SQL {
  return and(
    eq(table.customerId, scope.customerId),
    scope.groupIds === null ? undefined : inGroups(table.groupId, scope.groupIds),
  )!;
}

/** The account's groups the scope holds. */
export function groupScopeCondition(scope: DeviceScope): SQL {
  return and(
    eq(deviceGroups.customerId, scope.customerId),
    scope.groupIds === null ? undefined : inGroups(deviceGroups.id, scope.groupIds),
  )!;
}

/** The account's rows, and for a scoped member those whose profile (found by `profileMatch`) is in their groups. */
function throughProfile(scope: DeviceScope, customerId: Column | SQL, profileMatch: SQL): SQL {
  return and(
    sql`${customerId} = ${scope.customerId}`,
    scope.groupIds === null
      ? undefined
      : sql`exists (select 1 from ${profiles} sp where ${profileMatch} and ${inGroups(sql`sp.group_id`, scope.groupIds)})`,
  )!;
}

/**
 * Rows reached by a device id (devices, device logs, exports): the account's, and for a scoped member only those whose
 * device's profile is in one of their groups.
 */
export const deviceScopeCondition = (scope: DeviceScope, customerId: Column | SQL, deviceId: Column | SQL): SQL =>
  throughProfile(scope, customerId, sql`sp.device_id = ${deviceId}`);

/** Rows reached by a profile id (command rows): as `deviceScopeCondition`, by the profile. */
export const profileIdScopeCondition = (scope: DeviceScope, customerId: Column | SQL, profileId: Column | SQL): SQL =>
  throughProfile(scope, customerId, sql`sp.id = ${profileId}`);

/** No profile among `profileIdsOfRow` (a `select <profile id> …`) is outside the scoped member's groups. */
const noneOutside = (groups: SQL, profileIdsOfRow: SQL) =>
  sql`not exists (select 1 from ${profiles} sp where sp.id in (${profileIdsOfRow})
        and (sp.group_id is null or not sp.group_id = any(${groups})))`;

/**
 * Rows that target a group or chosen devices (rollouts, commands), for a scoped member: those of a group in scope, or
 * of no group whose chosen devices (`profileIdsOfRow`: a `select <profile id> …` of the row) are all in scope. A row
 * reaching even one device outside is not shown: what it did to that device is not the member's to see or undo.
 */
export function targetScopeCondition(
  scope: DeviceScope,
  table: { customerId: Column; groupId: Column },
  profileIdsOfRow: SQL,
): SQL {
  if (scope.groupIds === null) return eq(table.customerId, scope.customerId);
  const groups = uuidArray(scope.groupIds);
  return and(
    eq(table.customerId, scope.customerId),
    sql`(${table.groupId} = any(${groups}) or (${table.groupId} is null and ${noneOutside(groups, profileIdsOfRow)}))`,
  )!;
}

/** Rows whose devices (`profileIdsOfRow`) are all in scope, whatever group they name (bulk actions). */
export function allDevicesInScope(scope: DeviceScope, customerId: Column, profileIdsOfRow: SQL): SQL {
  if (scope.groupIds === null) return eq(customerId, scope.customerId);
  return and(eq(customerId, scope.customerId), noneOutside(uuidArray(scope.groupIds), profileIdsOfRow))!;
}

/**
 * Audit rows a scoped member may read (DECISIONS §12): every row that is not about devices (User Account, and
 * Payments for those who may read billing); a Device or Profile row when the device it names (or the device that wrote
 * it: an enrolment, an Apply report) is in their groups now, or the group it names is theirs; and every row they wrote
 * themselves. A row about devices that names neither (about several devices of no one group, a template, or written
 * by a person before rows named them) shows only to its author.
 */
export function auditScopeCondition(
  scope: DeviceScope,
  memberId: string | null,
  row: { type: Column; deviceId: Column; groupId: Column; actorKind: Column; actorId: Column },
): SQL | undefined {
  if (scope.groupIds === null) return undefined;
  const groups = uuidArray(scope.groupIds);
  return sql`(${row.type} not in ('Device', 'Profile')
    or ${row.groupId} = any(${groups})
    or exists (select 1 from ${profiles} sp where sp.group_id = any(${groups}) and sp.device_id =
      coalesce(${row.deviceId}, case when ${row.actorKind} = 'device' then ${row.actorId} end))
    ${memberId ? sql`or (${row.actorKind} = 'member' and ${row.actorId} = ${memberId}::uuid)` : sql``})`;
}
