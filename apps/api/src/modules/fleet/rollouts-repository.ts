import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { RolloutDeviceState, RolloutState } from '@fleetdeck/contract';
import type { DbOrTx } from '../../db/client.ts';
import { countCapped } from '../../db/paging.ts';
import {
  deviceGroups,
  policyTemplates,
  policyTemplateVersions,
  profiles,
  rolloutDevices,
  rolloutStateCounts,
  rollouts,
} from '../../db/schema.ts';
import { intArray, textArray, uuidArray } from '../../db/arrays.ts';
import { scopeCondition, targetScopeCondition } from '../../db/device-scope.ts';
import type { DeviceScope } from '../../lib/device-scope.ts';

/** Staged rollouts (DECISIONS §10): every statement of rollouts and their devices, scoped by customer first. */

export type RolloutRow = typeof rollouts.$inferSelect;
export type RolloutStageRow = RolloutRow['stages'][number];

/** The partial unique index behind "one running or paused rollout per group". */
export const ONE_ACTIVE_PER_GROUP = 'rollouts_one_active_per_group_uq';

export async function findTemplateVersion(db: DbOrTx, customerId: string, templateId: string, version?: number) {
  const [row] = await db
    .select({
      id: policyTemplates.id,
      name: policyTemplates.name,
      family: policyTemplates.family,
      version: policyTemplateVersions.version,
      settings: policyTemplateVersions.settings,
    })
    .from(policyTemplates)
    .innerJoin(
      policyTemplateVersions,
      and(
        eq(policyTemplateVersions.templateId, policyTemplates.id),
        eq(policyTemplateVersions.version, version ?? policyTemplates.version),
      ),
    )
    .where(and(eq(policyTemplates.customerId, customerId), eq(policyTemplates.id, templateId)));
  return row ?? null;
}

/** The profiles in the caller's scope among `profileIds`, or of the group: their ids and families. */
export async function targetProfiles(
  db: DbOrTx,
  scope: DeviceScope,
  target: { groupId: string } | { profileIds: readonly string[] },
) {
  return db
    .select({ id: profiles.id, family: profiles.family })
    .from(profiles)
    .where(
      and(
        scopeCondition(scope, profiles),
        'groupId' in target
          ? eq(profiles.groupId, target.groupId)
          : sql`${profiles.id} = any(${uuidArray([...target.profileIds])})`,
      ),
    );
}

export async function insertRollout(db: DbOrTx, values: typeof rollouts.$inferInsert) {
  const [row] = await db.insert(rollouts).values(values).returning();
  return row!;
}

/**
 * The rollout's devices, each in its stage by a stable hash of (device, rollout): devices sorted by
 * md5(rollout id, profile id), the first `cumulative[0]` in stage 0, up to `cumulative[1]` in stage 1, and so on.
 */
export async function insertRolloutDevices(
  db: DbOrTx,
  rolloutId: string,
  profileIds: readonly string[],
  cumulative: readonly number[],
) {
  await db.execute(sql`
    insert into rollout_devices (rollout_id, profile_id, stage, state)
    select ${rolloutId}::uuid, id,
      (select count(*) from unnest(${`{${cumulative.join(',')}}`}::int[]) c where c < rn)::smallint, 'waiting'
    from (
      select id, row_number() over (order by md5(${rolloutId} || id::text), id) as rn
      from unnest(${uuidArray(profileIds)}) as t(id)
    ) ranked`);
}

/** Locks a running rollout; `skipLocked`: another worker holds it, answer null at once. */
export async function lockRunningRollout(tx: DbOrTx, rolloutId: string, skipLocked: boolean) {
  const query = tx
    .select()
    .from(rollouts)
    .where(and(eq(rollouts.id, rolloutId), eq(rollouts.state, 'running')));
  const [row] = await (skipLocked ? query.for('update', { skipLocked: true }) : query.for('update'));
  return row ?? null;
}

/**
 * Rollouts in the caller's scope (DECISIONS §12): a group-scoped member's are those of their groups, or of chosen
 * devices all in their groups.
 */
const inScope = (scope: DeviceScope) =>
  targetScopeCondition(
    scope,
    rollouts,
    sql`select rd.profile_id from ${rolloutDevices} rd where rd.rollout_id = ${rollouts.id}`,
  );

export async function lockRollout(tx: DbOrTx, scope: DeviceScope, rolloutId: string) {
  const [row] = await tx
    .select()
    .from(rollouts)
    .where(and(inScope(scope), eq(rollouts.id, rolloutId)))
    .for('update');
  return row ?? null;
}

export async function updateRollout(tx: DbOrTx, rolloutId: string, values: Partial<typeof rollouts.$inferInsert>) {
  const [row] = await tx
    .update(rollouts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(rollouts.id, rolloutId))
    .returning();
  return row!;
}

/** Devices seen after the apply that did not acknowledge within the timeout since: failed. */
export async function timeOutDevices(tx: DbOrTx, rolloutId: string, timeoutSeconds: number) {
  const res = await tx
    .update(rolloutDevices)
    .set({
      state: 'failed',
      decidedAt: sql`now()`,
      message: `did not acknowledge within ${timeoutSeconds} s`,
    })
    .where(
      and(
        eq(rolloutDevices.rolloutId, rolloutId),
        eq(rolloutDevices.state, 'pending'),
        sql`${rolloutDevices.seenAt} <= now() - make_interval(secs => ${timeoutSeconds})`,
      ),
    );
  return res.rowCount ?? 0;
}

/** Succeeded and failed devices of the rollout, decided since `since` (all when null). */
export async function decisionCounts(tx: DbOrTx, rolloutId: string, since: Date | null) {
  const [row] = await tx
    .select({
      succeeded: sql<number>`count(*) filter (where ${rolloutDevices.state} = 'succeeded')::int`,
      failed: sql<number>`count(*) filter (where ${rolloutDevices.state} = 'failed')::int`,
    })
    .from(rolloutDevices)
    .where(
      and(
        eq(rolloutDevices.rolloutId, rolloutId),
        inArray(rolloutDevices.state, ['succeeded', 'failed']),
        since ? sql`${rolloutDevices.decidedAt} >= ${since.toISOString()}::timestamptz` : undefined,
      ),
    );
  return row ?? { succeeded: 0, failed: 0 };
}

/** Pending devices of the rollout: all of them, and those seen since the apply (waiting for their ack or timeout). */
export async function pendingCounts(tx: DbOrTx, rolloutId: string, stage: number) {
  const [row] = await tx
    .select({
      pending: sql<number>`count(*)::int`,
      seenInStage: sql<number>`count(*) filter (where ${rolloutDevices.seenAt} is not null and ${rolloutDevices.stage} = ${stage})::int`,
      firstSeenAt: sql<string | null>`min(${rolloutDevices.seenAt})::text`,
    })
    .from(rolloutDevices)
    .where(and(eq(rolloutDevices.rolloutId, rolloutId), eq(rolloutDevices.state, 'pending')));
  return row ?? { pending: 0, seenInStage: 0, firstSeenAt: null };
}

/** The not yet applied devices of a stage. */
export async function waitingProfilesOfStage(tx: DbOrTx, rolloutId: string, stage: number) {
  const rows = await tx
    .select({ profileId: rolloutDevices.profileId })
    .from(rolloutDevices)
    .where(
      and(
        eq(rolloutDevices.rolloutId, rolloutId),
        eq(rolloutDevices.stage, stage),
        eq(rolloutDevices.state, 'waiting'),
      ),
    );
  return rows.map((r) => r.profileId);
}

/** Records what the stage's apply gave each device: its new policy version and the settings it had before. */
export async function markApplied(
  tx: DbOrTx,
  rolloutId: string,
  applied: readonly { profileId: string; policyVersion: number; previousSettings: Record<string, unknown> }[],
) {
  if (applied.length === 0) return;
  await tx.execute(sql`
    update rollout_devices rd set state = 'pending', policy_version = v.version,
      previous_settings = ${JSON.stringify(applied.map((a) => a.previousSettings))}::jsonb -> (v.n::int - 1),
      applied_at = now(), seen_at = null, decided_at = null, message = null
    from unnest(${uuidArray(applied.map((a) => a.profileId))},
      ${`{${applied.map((a) => a.policyVersion).join(',')}}`}::int[]) with ordinality as v(profile_id, version, n)
    where rd.rollout_id = ${rolloutId} and rd.profile_id = v.profile_id`);
}

/**
 * The device side (policy/ack, a batch of them: ack-batch.ts): the pending rollout rows of the acknowledged versions
 * are decided. One UPDATE over `rollout_devices_pending_profile_idx`; nothing for devices no rollout waits for.
 */
export async function recordRolloutAcks(
  tx: DbOrTx,
  acks: readonly { profileId: string; version: number; result: 'Success' | 'Failed'; message: string }[],
) {
  if (acks.length === 0) return;
  await tx.execute(sql`
    update ${rolloutDevices} rd
       set state = case when v.result = 'Success' then 'succeeded' else 'failed' end, decided_at = now(),
           message = case when v.result = 'Success' then null else left(coalesce(nullif(v.message, ''), 'no reason given'), 1000) end
      from unnest(${uuidArray(acks.map((a) => a.profileId))}, ${intArray(acks.map((a) => a.version))},
                  ${textArray(acks.map((a) => a.result))}, ${textArray(acks.map((a) => a.message))})
           as v(profile_id, version, result, message)
     where rd.profile_id = v.profile_id and rd.state = 'pending' and rd.policy_version = v.version`);
}

/** Counts of a rollout's devices per stage and state, as the triggers keep them (migration 0039). */
export async function countsByStage(db: DbOrTx, rolloutIds: readonly string[]) {
  if (rolloutIds.length === 0) return [];
  return db
    .select({
      rolloutId: rolloutStateCounts.rolloutId,
      stage: rolloutStateCounts.stage,
      state: rolloutStateCounts.state,
      n: rolloutStateCounts.n,
    })
    .from(rolloutStateCounts)
    .where(and(inArray(rolloutStateCounts.rolloutId, [...rolloutIds]), sql`${rolloutStateCounts.n} > 0`));
}

const rolloutColumns = {
  rollout: rollouts,
  templateName: policyTemplates.name,
  groupName: deviceGroups.name,
};

export async function findRollout(db: DbOrTx, scope: DeviceScope, rolloutId: string) {
  const [row] = await db
    .select(rolloutColumns)
    .from(rollouts)
    .innerJoin(policyTemplates, eq(policyTemplates.id, rollouts.templateId))
    .leftJoin(deviceGroups, eq(deviceGroups.id, rollouts.groupId))
    .where(and(inScope(scope), eq(rollouts.id, rolloutId)));
  return row ?? null;
}

export async function listRollouts(
  db: DbOrTx,
  scope: DeviceScope,
  q: { state?: RolloutState | undefined; groupId?: string | undefined; templateId?: string | undefined },
  page: { limit: number; offset: number },
) {
  const where = and(
    inScope(scope),
    q.state ? eq(rollouts.state, q.state) : undefined,
    q.groupId ? eq(rollouts.groupId, q.groupId) : undefined,
    q.templateId ? eq(rollouts.templateId, q.templateId) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select(rolloutColumns)
      .from(rollouts)
      .innerJoin(policyTemplates, eq(policyTemplates.id, rollouts.templateId))
      .leftJoin(deviceGroups, eq(deviceGroups.id, rollouts.groupId))
      .where(where)
      .orderBy(desc(rollouts.createdAt), desc(rollouts.id))
      .limit(page.limit)
      .offset(page.offset),
    countCapped(db, rollouts, where),
  ]);
  return { rows, total };
}

/** A page of the rollout's devices (the rollout already checked to be the customer's), by profile id. */
export async function listRolloutDevices(
  db: DbOrTx,
  customerId: string,
  rolloutId: string,
  q: { state?: RolloutDeviceState | undefined; stage?: number | undefined },
  page: { limit: number; offset: number },
) {
  const where: SQL | undefined = and(
    eq(rolloutDevices.rolloutId, rolloutId),
    q.state ? eq(rolloutDevices.state, q.state) : undefined,
    q.stage !== undefined ? eq(rolloutDevices.stage, q.stage) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        profileId: rolloutDevices.profileId,
        serialNumber: profiles.name,
        deviceName: profiles.profileName,
        stage: rolloutDevices.stage,
        state: rolloutDevices.state,
        message: rolloutDevices.message,
        decidedAt: rolloutDevices.decidedAt,
        appliedAt: rolloutDevices.appliedAt,
      })
      .from(rolloutDevices)
      .innerJoin(profiles, and(eq(profiles.id, rolloutDevices.profileId), eq(profiles.customerId, customerId)))
      .where(where)
      .orderBy(asc(rolloutDevices.profileId))
      .limit(page.limit)
      .offset(page.offset),
    // The kept counts (migration 0039): exact, whatever the rollout's size.
    db
      .select({ n: sql<number>`coalesce(sum(${rolloutStateCounts.n}), 0)::int` })
      .from(rolloutStateCounts)
      .where(
        and(
          eq(rolloutStateCounts.rolloutId, rolloutId),
          q.state ? eq(rolloutStateCounts.state, q.state) : undefined,
          q.stage !== undefined ? eq(rolloutStateCounts.stage, q.stage) : undefined,
        ),
      )
      .then(([row]) => row?.n ?? 0),
  ]);
  return { rows, total };
}

/** A completed rollout to a group: the group's template version becomes the rollout's. */
export async function setGroupTemplateVersion(
  tx: DbOrTx,
  customerId: string,
  groupId: string,
  templateId: string,
  version: number,
) {
  await tx
    .update(deviceGroups)
    .set({ templateId, templateVersion: version, updatedAt: new Date() })
    .where(and(eq(deviceGroups.customerId, customerId), eq(deviceGroups.id, groupId)));
}

/**
 * A completed rollout rolled back: the group's template and version go back to `to`, if they are still the rollout's
 * (`from`).
 */
export async function restoreGroupTemplateVersion(
  tx: DbOrTx,
  customerId: string,
  groupId: string,
  change: {
    from: { templateId: string; version: number };
    to: { templateId: string | null; version: number | null };
  },
) {
  await tx
    .update(deviceGroups)
    .set({ templateId: change.to.templateId, templateVersion: change.to.version, updatedAt: new Date() })
    .where(
      and(
        eq(deviceGroups.customerId, customerId),
        eq(deviceGroups.id, groupId),
        eq(deviceGroups.templateId, change.from.templateId),
        eq(deviceGroups.templateVersion, change.from.version),
      ),
    );
}

/** Rollouts the worker should have looked at by now (a lost job chain): the sweep starts them again. */
export async function overdueRollouts(db: DbOrTx, olderThanSeconds: number) {
  const rows = await db
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(
      and(
        eq(rollouts.state, 'running'),
        isNotNull(rollouts.nextCheckAt),
        sql`${rollouts.nextCheckAt} < now() - make_interval(secs => ${olderThanSeconds})`,
      ),
    )
    .limit(1000);
  return rows.map((r) => r.id);
}

/** The customer of a rolled-back rollout (null: no such rollout, or not rolled back). */
export async function customerOfRolledBack(db: DbOrTx, rolloutId: string) {
  const [row] = await db
    .select({ customerId: rollouts.customerId })
    .from(rollouts)
    .where(and(eq(rollouts.id, rolloutId), eq(rollouts.state, 'rolled_back')));
  return row?.customerId ?? null;
}

/** The next devices a rollback restores: applied, not yet rolled back, locked (two workers never take the same). */
export async function lockRollbackBatch(tx: DbOrTx, rolloutId: string, limit: number) {
  return tx
    .select({ profileId: rolloutDevices.profileId, previousSettings: rolloutDevices.previousSettings })
    .from(rolloutDevices)
    .where(
      and(
        eq(rolloutDevices.rolloutId, rolloutId),
        inArray(rolloutDevices.state, ['pending', 'succeeded', 'failed']),
        isNotNull(rolloutDevices.previousSettings),
      ),
    )
    .orderBy(asc(rolloutDevices.profileId))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markRolledBack(tx: DbOrTx, rolloutId: string, profileIds: readonly string[]) {
  if (profileIds.length === 0) return;
  await tx
    .update(rolloutDevices)
    .set({ state: 'rolled_back', decidedAt: sql`now()` })
    .where(
      and(eq(rolloutDevices.rolloutId, rolloutId), sql`${rolloutDevices.profileId} = any(${uuidArray(profileIds)})`),
    );
}
