import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countCapped } from '../../db/paging.ts';
import { bulkActionDevices, bulkActions, profiles } from '../../db/schema.ts';
import { uuidArray } from '../../db/arrays.ts';
import { allDevicesInScope, scopeCondition } from '../../db/device-scope.ts';
import type { DeviceScope } from '../../lib/device-scope.ts';

/** Bulk actions (DECISIONS §10): every statement of bulk actions and their devices, scoped by customer first. */

export type BulkActionRow = typeof bulkActions.$inferSelect;
export type BulkDeviceState = (typeof bulkActionDevices.$inferSelect)['state'];

export async function insertBulkAction(db: DbOrTx, values: typeof bulkActions.$inferInsert) {
  const [row] = await db.insert(bulkActions).values(values).returning();
  return row!;
}

/**
 * The action's devices, pending: the customer's profiles among `profileIds`, or the group's. Answers how many.
 */
export async function insertBulkActionDevices(
  db: DbOrTx,
  customerId: string,
  bulkActionId: string,
  target: { groupId: string } | { profileIds: readonly string[] },
) {
  const res = await db.execute(sql`
    insert into bulk_action_devices (bulk_action_id, profile_id, state)
    select ${bulkActionId}::uuid, p.id, 'pending' from profiles p
    where p.customer_id = ${customerId} and ${
      'groupId' in target ? sql`p.group_id = ${target.groupId}` : sql`p.id = any(${uuidArray(target.profileIds)})`
    }`);
  return res.rowCount ?? 0;
}

export async function setTotal(db: DbOrTx, bulkActionId: string, total: number) {
  await db.update(bulkActions).set({ total }).where(eq(bulkActions.id, bulkActionId));
}

/** The profiles among these ids in the caller's scope (a request's check that every id is one it may act on). */
export async function countOwnProfiles(db: DbOrTx, scope: DeviceScope, profileIds: readonly string[]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(scopeCondition(scope, profiles), sql`${profiles.id} = any(${uuidArray(profileIds)})`));
  return row?.n ?? 0;
}

/**
 * The bulk action, in the caller's scope: a group-scoped member sees one whose devices are all in their groups (a
 * move into a group outside them cannot be created by them, and another member's action over other groups is not theirs).
 */
export async function findBulkAction(db: DbOrTx, scope: DeviceScope, bulkActionId: string) {
  const [row] = await db
    .select()
    .from(bulkActions)
    .where(
      and(
        allDevicesInScope(
          scope,
          bulkActions.customerId,
          sql`select bd.profile_id from ${bulkActionDevices} bd where bd.bulk_action_id = ${bulkActions.id}`,
        ),
        eq(bulkActions.id, bulkActionId),
      ),
    );
  return row ?? null;
}

/** Locks an unfinished bulk action for the worker (SKIP LOCKED: another worker runs its batch). */
export async function lockUnfinished(tx: DbOrTx, bulkActionId: string) {
  const [row] = await tx
    .select()
    .from(bulkActions)
    .where(and(eq(bulkActions.id, bulkActionId), sql`${bulkActions.state} in ('queued', 'running')`))
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** The next pending devices of the action with their device ids. */
export async function pendingBatch(tx: DbOrTx, bulkActionId: string, limit: number) {
  return tx
    .select({ profileId: bulkActionDevices.profileId, deviceId: profiles.deviceId, family: profiles.family })
    .from(bulkActionDevices)
    .innerJoin(profiles, eq(profiles.id, bulkActionDevices.profileId))
    .where(and(eq(bulkActionDevices.bulkActionId, bulkActionId), eq(bulkActionDevices.state, 'pending')))
    .orderBy(asc(bulkActionDevices.profileId))
    .limit(limit);
}

/** Records each device's result and moves the action's counters by them. */
export async function recordResults(
  tx: DbOrTx,
  bulkActionId: string,
  results: readonly { profileId: string; state: 'done' | 'failed'; message: string | null }[],
) {
  if (results.length === 0) return;
  await tx.execute(sql`
    update bulk_action_devices d set state = v.state,
      message = nullif(${JSON.stringify(results.map((r) => r.message ?? ''))}::jsonb ->> (v.n::int - 1), '')
    from unnest(${uuidArray(results.map((r) => r.profileId))},
      ${`{${results.map((r) => r.state).join(',')}}`}::text[]) with ordinality as v(profile_id, state, n)
    where d.bulk_action_id = ${bulkActionId} and d.profile_id = v.profile_id`);
  const done = results.filter((r) => r.state === 'done').length;
  await tx
    .update(bulkActions)
    .set({
      state: 'running',
      done: sql`${bulkActions.done} + ${done}`,
      failed: sql`${bulkActions.failed} + ${results.length - done}`,
    })
    .where(eq(bulkActions.id, bulkActionId));
}

export async function finish(tx: DbOrTx, bulkActionId: string) {
  await tx
    .update(bulkActions)
    .set({ state: 'completed', finishedAt: new Date() })
    .where(eq(bulkActions.id, bulkActionId));
}

/**
 * A page of the action's per-device results (the action already checked to be the customer's): a group-scoped member
 * sees the rows of their own devices only.
 */
export async function listResults(
  db: DbOrTx,
  scope: DeviceScope,
  bulkActionId: string,
  q: { state?: BulkDeviceState | undefined },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(bulkActionDevices.bulkActionId, bulkActionId),
    q.state ? eq(bulkActionDevices.state, q.state) : undefined,
    scopeCondition(scope, profiles),
  );

  const [rows, total] = await Promise.all([
    db
      .select({
        profileId: bulkActionDevices.profileId,
        serialNumber: profiles.name,
        state: bulkActionDevices.state,
        message: bulkActionDevices.message,
      })
      .from(bulkActionDevices)
      .innerJoin(profiles, eq(profiles.id, bulkActionDevices.profileId))
      .where(where)
      .orderBy(asc(bulkActionDevices.profileId))
      .limit(page.limit)
      .offset(page.offset),
    countCapped(db, bulkActionDevices, where, (q) =>
      q.innerJoin(profiles, eq(profiles.id, bulkActionDevices.profileId)),
    ),
  ]);
  return { rows, total };
}
