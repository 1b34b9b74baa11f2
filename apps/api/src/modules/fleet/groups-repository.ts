import type { Family } from '@fleetdeck/contract';
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { uuidArray } from '../../db/arrays.ts';
import type { DbOrTx } from '../../db/client.ts';
import { groupScopeCondition, scopeCondition } from '../../db/device-scope.ts';
import { likeEscape } from '../../db/paging.ts';
import { deviceGroups, devices, policyTemplates, profiles, rollouts } from '../../db/schema.ts';
import type { DeviceScope } from '../../lib/device-scope.ts';

/** SQL of device groups (DECISIONS §10). Every function filters by the customer id of the session. */

export type GroupRow = typeof deviceGroups.$inferSelect;

const ofCustomer = (customerId: string, groupId: string) =>
  and(eq(deviceGroups.id, groupId), eq(deviceGroups.customerId, customerId));

/** Enrolled devices only: a logged-out device's profile is not one of the group's devices. */
const enrolled = and(isNull(devices.loggedOutAt), sql`${devices.tokenHash} is not null`);

export async function insertGroup(
  db: DbOrTx,
  values: {
    customerId: string;
    name: string;
    family: Family;
    templateId: string | null;
    templateVersion: number | null;
  },
) {
  const [row] = await db.insert(deviceGroups).values(values).returning();
  return row!;
}

/** The customer's group, when in the caller's scope (DECISIONS §12: a group outside it is not found). */
export async function findGroup(db: DbOrTx, scope: DeviceScope, groupId: string): Promise<GroupRow | null> {
  const [row] = await db
    .select()
    .from(deviceGroups)
    .where(and(eq(deviceGroups.id, groupId), groupScopeCondition(scope)));
  return row ?? null;
}

/**
 * The customer's group in the caller's scope, locked until the end of the transaction (changes of one group's devices
 * take turns).
 */
export async function lockGroup(db: DbOrTx, scope: DeviceScope, groupId: string): Promise<GroupRow | null> {
  const [row] = await db
    .select()
    .from(deviceGroups)
    .where(and(eq(deviceGroups.id, groupId), groupScopeCondition(scope)))
    .for('update');
  return row ?? null;
}

export async function updateGroup(
  db: DbOrTx,
  customerId: string,
  groupId: string,
  patch: { name?: string; templateId?: string | null; templateVersion?: number | null },
) {
  await db
    .update(deviceGroups)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(ofCustomer(customerId, groupId));
}

/** Deletes the customer's group; its devices stay, ungrouped (`profiles.group_id` is set null by the foreign key). */
export async function deleteGroup(db: DbOrTx, customerId: string, groupId: string) {
  await db.delete(deviceGroups).where(ofCustomer(customerId, groupId));
}

/** The running or paused rollout of the group, if any. */
export async function activeRolloutOf(db: DbOrTx, groupId: string) {
  const [row] = await db
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(and(eq(rollouts.groupId, groupId), inArray(rollouts.state, ['running', 'paused'])));
  return row?.id ?? null;
}

const activeRolloutIdOf = sql<string | null>`(select r.id from ${rollouts} r
  where r.group_id = ${deviceGroups.id} and r.state in ('running', 'paused') limit 1)`;

const groupColumns = {
  id: deviceGroups.id,
  name: deviceGroups.name,
  family: deviceGroups.family,
  templateId: deviceGroups.templateId,
  templateName: policyTemplates.name,
  templateVersion: deviceGroups.templateVersion,
  createdAt: deviceGroups.createdAt,
  // Kept by triggers (migration 0038): enrolled members, never counted here.
  deviceCount: deviceGroups.deviceCount,
  activeRolloutId: activeRolloutIdOf,
};

export interface GroupFilter {
  family?: Family | undefined;
  search?: string | undefined;
  ids?: readonly string[];
  limit: number;
  offset: number;
}

/**
 * A page of the customer's groups in the caller's scope, newest first, with their template's name, device count and
 * active rollout.
 */
export async function listGroups(db: DbOrTx, scope: DeviceScope, f: GroupFilter) {
  const where: SQL | undefined = and(
    groupScopeCondition(scope),
    f.family ? eq(deviceGroups.family, f.family) : undefined,
    f.search ? sql`${deviceGroups.name} ilike ${`%${likeEscape(f.search)}%`}` : undefined,
    f.ids ? sql`${deviceGroups.id} = any(${uuidArray(f.ids)})` : undefined,
  );
  const rows = await db
    .select(groupColumns)
    .from(deviceGroups)
    .leftJoin(policyTemplates, eq(policyTemplates.id, deviceGroups.templateId))
    .where(where)
    .orderBy(desc(deviceGroups.createdAt), desc(deviceGroups.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(deviceGroups).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The customer's profiles in the caller's scope among `profileIds` with what a move checks (family, current group), locked. */
export async function lockProfilesForMove(db: DbOrTx, scope: DeviceScope, profileIds: readonly string[]) {
  return db
    .select({
      id: profiles.id,
      name: profiles.name,
      profileName: profiles.profileName,
      appName: profiles.appName,
      family: profiles.family,
      groupId: profiles.groupId,
    })
    .from(profiles)
    .where(and(scopeCondition(scope, profiles), sql`${profiles.id} = any(${uuidArray(profileIds)})`))
    .orderBy(profiles.id)
    .for('update');
}

/** Puts the customer's profiles into a group (null: out of any group) in one statement; answers how many moved. */
export async function setGroupOf(
  db: DbOrTx,
  customerId: string,
  profileIds: readonly string[],
  groupId: string | null,
) {
  if (profileIds.length === 0) return 0;
  const rows = await db
    .update(profiles)
    .set({ groupId, updatedAt: sql`now()` })
    .where(and(eq(profiles.customerId, customerId), sql`${profiles.id} = any(${uuidArray(profileIds)})`))
    .returning({ id: profiles.id });
  return rows.length;
}

/** The ids of the group's enrolled devices' profiles (a template given to the whole group). */
export async function profileIdsOfGroup(db: DbOrTx, customerId: string, groupId: string) {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(devices, eq(devices.id, profiles.deviceId))
    .where(and(eq(profiles.customerId, customerId), eq(profiles.groupId, groupId), enrolled))
    .orderBy(profiles.id);
  return rows.map((r) => r.id);
}

/** Settings of the enrolled devices of some of the customer's groups (what their drift is counted from). */
export async function memberSettingsOf(db: DbOrTx, customerId: string, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: profiles.groupId, family: profiles.family, settings: profiles.settings })
    .from(profiles)
    .innerJoin(devices, eq(devices.id, profiles.deviceId))
    .where(and(eq(profiles.customerId, customerId), sql`${profiles.groupId} = any(${uuidArray(groupIds)})`, enrolled));
}

export interface ProfileWithGroup {
  id: string;
  family: Family;
  settings: Record<string, unknown>;
  groupId: string | null;
  groupName: string | null;
  templateId: string | null;
  templateVersion: number | null;
}

/** Profiles of the customer with their group and the group's template version (the drift of a page of devices). */
export async function profilesWithGroup(db: DbOrTx, scope: DeviceScope, profileIds: readonly string[]) {
  if (profileIds.length === 0) return [];
  return db
    .select({
      id: profiles.id,
      family: profiles.family,
      settings: profiles.settings,
      groupId: deviceGroups.id,
      groupName: deviceGroups.name,
      templateId: deviceGroups.templateId,
      templateVersion: deviceGroups.templateVersion,
    })
    .from(profiles)
    .leftJoin(deviceGroups, eq(deviceGroups.id, profiles.groupId))
    .where(and(scopeCondition(scope, profiles), sql`${profiles.id} = any(${uuidArray(profileIds)})`));
}
