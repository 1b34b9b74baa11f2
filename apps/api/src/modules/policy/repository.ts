import type { DeviceMessage, Family } from '@fleetdeck/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { intArray, textArray, uuidArray } from '../../db/arrays.ts';
import type { DbOrTx } from '../../db/client.ts';
import { deviceApplications, deviceMessages, devices, policyAcks, profiles } from '../../db/schema.ts';

/** SQL of policy delivery: the frozen policy of a profile, its acks, pending messages and push tokens. */

export async function findPolicyOfProfile(db: DbOrTx, profileId: string) {
  const [row] = await db
    .select({ policy: profiles.policy, version: profiles.policyVersion, appName: profiles.appName })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row ?? null;
}

// ------------------------------------------------------------------ a batch of acks (ack-batch.ts), one statement each

/** The profiles' policy versions, locked in id order (two batches never wait on each other's rows in turn). */
export async function lockPolicyVersions(tx: DbOrTx, profileIds: readonly string[]) {
  const result = await tx.execute<{ id: string; version: number }>(sql`
    select id, policy_version as version from ${profiles}
     where id = any(${uuidArray(profileIds)}) order by id for update`);
  return new Map(result.rows.map((r) => [r.id, Number(r.version)]));
}

/** Records the first ack of each (profile, version); answers the pairs recorded now as `profileId:version`. */
export async function claimPolicyAcks(
  tx: DbOrTx,
  acks: readonly { profileId: string; version: number; result: string }[],
) {
  if (acks.length === 0) return new Set<string>();
  const result = await tx.execute<{ profile_id: string; version: number }>(sql`
    insert into ${policyAcks} (profile_id, version, result)
    select * from unnest(${uuidArray(acks.map((a) => a.profileId))}, ${intArray(acks.map((a) => a.version))},
                         ${textArray(acks.map((a) => a.result))})
    on conflict do nothing
    returning profile_id, version`);
  return new Set(result.rows.map((r) => `${r.profile_id}:${Number(r.version)}`));
}

/**
 * Records the acknowledged version of several profiles (one ack each) unless a newer one was acknowledged already: the
 * applied version never moves backwards.
 */
export async function recordPolicyAcks(
  tx: DbOrTx,
  acks: readonly { profileId: string; version: number; result: string; message: string }[],
) {
  if (acks.length === 0) return;
  await tx.execute(sql`
    update ${profiles} p
       set applied_policy_version = v.version, applied_result = v.result, applied_message = v.message,
           applied_at = now()
      from unnest(${uuidArray(acks.map((a) => a.profileId))}, ${intArray(acks.map((a) => a.version))},
                  ${textArray(acks.map((a) => a.result))}, ${textArray(acks.map((a) => a.message))})
           as v(profile_id, version, result, message)
     where p.id = v.profile_id and (p.applied_policy_version is null or p.applied_policy_version <= v.version)`);
}

export async function appliedVersionsOf(tx: DbOrTx, profileIds: readonly string[]) {
  const result = await tx.execute<{ id: string; applied: number | null }>(sql`
    select id, applied_policy_version as applied from ${profiles} where id = any(${uuidArray(profileIds)})`);
  return new Map(result.rows.map((r) => [r.id, r.applied === null ? null : Number(r.applied)]));
}

/** The profile's versions and whether its device was logged out. */
export async function findDeliveryState(db: DbOrTx, profileId: string) {
  const [row] = await db
    .select({
      policyVersion: profiles.policyVersion,
      applied: profiles.appliedPolicyVersion,
      loggedOut: sql<boolean>`(${devices.loggedOutAt} is not null or ${devices.tokenHash} is null)`,
    })
    .from(profiles)
    .innerJoin(devices, eq(devices.id, profiles.deviceId))
    .where(eq(profiles.id, profileId));
  return row ?? null;
}

/**
 * Shards of a staff notification's delivered/opened counters (`notification_counts`): a device always counts into the
 * same one, chosen by the last hex digits of its (random) id, so concurrent devices rarely wait on the same row.
 */
export const NOTIFICATION_COUNT_SHARDS = 32;

export const countShardOf = (deviceId: string) => {
  const n = Number.parseInt(deviceId.slice(-2), 16);
  return Number.isNaN(n) ? 0 : n % NOTIFICATION_COUNT_SHARDS;
};

/**
 * Remote commands (DECISIONS §11): the ledger rows of the command messages a hand-out took (`taken`) become
 * `delivered` in the same statement, with their channel: `fcm` when an FCM wake was sent for the row while the device
 * had no long-poll open (`via_fcm`, decided by the fan-out), else `long-poll`.
 */
export const COMMANDS_DELIVERED_SQL = `commanded as (
      update command_devices cd set state = 'delivered', delivered_at = now(),
        channel = case when cd.via_fcm then 'fcm' else 'long-poll' end
      from taken t
      -- The state test is written so it cannot match command_devices_open_expiry_idx's predicate (state in
      -- ('queued', 'delivered')): on a partition just filled by a fan-out, with stale statistics, the planner ANDed
      -- that whole index with the primary key's, 9 ms per row: 20,000 long-polls answered in 28 s (bench/commands.ts).
      where t.kind = 'command' and cd.id = t.id and cd.state || '' = 'queued'
      returning 1
    )`;

/**
 * Hands out up to `limit` undelivered, unexpired messages of the device, marking them delivered in the same statement
 * (two polls never get the same message): urgent ones first (a lock, lost mode), then oldest first.
 */
export async function takeMessages(db: DbOrTx, deviceId: string, limit: number): Promise<DeviceMessage[]> {
  // Ordered in SQL, at full (microsecond) precision: a JavaScript Date keeps milliseconds only, and
  // `update … returning` promises no order.
  const result = await db.execute<{
    id: string;
    kind: 'notification' | 'command';
    payload: unknown;
    created_at: Date | string;
  }>(sql`
    with taken as (
      update ${deviceMessages} m set delivered_at = now()
      where m.id in (
        select id from ${deviceMessages}
        where device_id = ${deviceId} and delivered_at is null and (expires_at is null or expires_at > now())
        order by urgent desc, created_at, id
        limit ${limit}
        for update skip locked
      )
      returning m.id, m.kind, m.payload, m.created_at, m.notification_id, m.urgent
    ), ${sql.raw(COMMANDS_DELIVERED_SQL)}, counted as (
      -- A staff notification's delivered counter moves in the same statement (DECISIONS §8: the list never counts
      -- rows), in this device's shard of it.
      insert into notification_counts as c (notification_id, shard, delivered_count)
      select notification_id, ${countShardOf(deviceId)}::smallint, count(*)::int from taken
      where notification_id is not null group by 1
      on conflict (notification_id, shard) do update set delivered_count = c.delivered_count + excluded.delivered_count
      returning 1
    )
    select id, kind, payload, created_at from taken, (select count(*) from counted) c, (select count(*) from commanded) k
    order by urgent desc, created_at, id`);
  return result.rows.map((r) => ({
    _id: r.id,
    kind: r.kind,
    payload: (r.payload ?? {}) as Record<string, unknown>,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/**
 * Messages handed out to a poll whose device hung up before the answer went out go back to the queue: undelivered
 * again, a command's ledger row queued again (unless the device already reported on it), and a staff notification's
 * delivered counter moved back (in the device's shard; only the sum of the shards is ever read). A message the device
 * acknowledged meanwhile stays delivered. Answers how many went back.
 */
export async function returnMessages(db: DbOrTx, deviceId: string, messageIds: readonly string[]) {
  if (messageIds.length === 0) return 0;
  const result = await db.execute<{ n: number }>(sql`
    with returned as (
      update ${deviceMessages} m set delivered_at = null
      where m.device_id = ${deviceId} and m.id = any(${uuidArray(messageIds)})
        and m.delivered_at is not null and m.opened_at is null
      returning m.id, m.kind, m.notification_id
    ), requeued as (
      update command_devices cd set state = 'queued', delivered_at = null, channel = null
      from returned r
      -- state || '': kept out of command_devices_open_expiry_idx's predicate, as in COMMANDS_DELIVERED_SQL.
      where r.kind = 'command' and cd.id = r.id and cd.device_id = ${deviceId} and cd.state || '' = 'delivered'
      returning 1
    ), uncounted as (
      insert into notification_counts as c (notification_id, shard, delivered_count)
      select notification_id, ${countShardOf(deviceId)}::smallint, -count(*)::int from returned
      where notification_id is not null group by 1
      on conflict (notification_id, shard) do update set delivered_count = c.delivered_count + excluded.delivered_count
      returning 1
    )
    select count(*)::int as n from returned, (select count(*) from requeued) q, (select count(*) from uncounted) u`);
  return result.rows[0]?.n ?? 0;
}

/**
 * Marks a message of the device delivered (and opened); the first times are kept. Null: not the device's. A staff
 * notification's delivered/opened counters (the device's shard) move in the same statement, only when a time was first
 * set. An ack that changes nothing (the usual delivered ack: the hand-out already set the time) writes nothing, so it
 * costs no commit flush. The row is not locked first: the update applies only if the row is still as it was read, and
 * a concurrent ack that got there first makes this one read again (each time is counted once).
 */
export async function markMessage(db: DbOrTx, deviceId: string, messageId: string, what: 'delivered' | 'opened') {
  const opened = what === 'opened';
  const needed = sql`(c.delivered_at is null or (${opened} and c.opened_at is null))`;
  for (let attempt = 0; ; attempt++) {
    const result = await db.execute<{
      id: string;
      delivered_at: Date | string | null;
      opened_at: Date | string | null;
      raced: boolean;
      kind: 'notification' | 'command';
    }>(sql`
      with cur as (
        select id, delivered_at, opened_at, notification_id, kind from ${deviceMessages}
        where id = ${messageId} and device_id = ${deviceId}
      ), marked as (
        update ${deviceMessages} m
        set delivered_at = coalesce(m.delivered_at, now()),
            opened_at = ${opened ? sql`coalesce(m.opened_at, now())` : sql`m.opened_at`}
        from cur c
        where m.id = c.id and ${needed}
          and m.delivered_at is not distinct from c.delivered_at and m.opened_at is not distinct from c.opened_at
        returning m.id, m.delivered_at, m.opened_at, c.notification_id,
          (c.delivered_at is null)::int as delivered, (${opened} and c.opened_at is null)::int as opened
      ), counted as (
        insert into notification_counts as n (notification_id, shard, delivered_count, opened_count)
        select notification_id, ${countShardOf(deviceId)}::smallint, delivered, opened from marked where notification_id is not null
        on conflict (notification_id, shard) do update
        set delivered_count = n.delivered_count + excluded.delivered_count,
            opened_count = n.opened_count + excluded.opened_count
        returning 1
      )
      select c.id, c.kind, coalesce(k.delivered_at, c.delivered_at) as delivered_at,
        coalesce(k.opened_at, c.opened_at) as opened_at, (k.id is null and ${needed}) as raced
      from cur c left join marked k on k.id = c.id, (select count(*) from counted) x`);
    const row = result.rows[0];
    if (!row) return null;
    // Another ack of this message changed it between the read and the update: read (and maybe mark) again.
    if (row.raced && attempt < 5) continue;
    const at = (v: Date | string | null) => (v === null ? null : new Date(v));
    return { id: row.id, kind: row.kind, deliveredAt: at(row.delivered_at), openedAt: at(row.opened_at) };
  }
}

/**
 * A command's message acknowledged as delivered (`POST notifications/:id/delivered`): its ledger row, if still queued,
 * becomes delivered (the hand-out of `GET events` already did this for the messages it handed out).
 */
export async function markCommandDelivered(db: DbOrTx, deviceId: string, messageId: string) {
  await db.execute(sql`
    update command_devices set state = 'delivered', delivered_at = coalesce(delivered_at, now()),
      channel = case when via_fcm then 'fcm' else 'long-poll' end
    where id = ${messageId} and device_id = ${deviceId} and state = 'queued'`);
}

/** The profile fields Apply reads: whose device, which app family, the settings it freezes. */
export interface ApplyTarget {
  id: string;
  deviceId: string;
  family: Family;
  settings: Record<string, unknown>;
}

/**
 * The customer's profiles among `profileIds`, locked until the end of the transaction (in id order, so two
 * transactions locking overlapping sets never deadlock). Ids of another customer's profiles find nothing.
 */
export async function lockProfilesOfCustomer(
  db: DbOrTx,
  customerId: string,
  profileIds: readonly string[],
): Promise<ApplyTarget[]> {
  if (profileIds.length === 0) return [];
  return db
    .select({ id: profiles.id, deviceId: profiles.deviceId, family: profiles.family, settings: profiles.settings })
    .from(profiles)
    .where(and(eq(profiles.customerId, customerId), sql`${profiles.id} = any(${uuidArray(profileIds)})`))
    .orderBy(profiles.id)
    .for('update');
}

/** The console's enable/disable choices of many devices' apps at once (what each policy's `applications` carries). */
export async function desiredDisablesOfDevices(db: DbOrTx, deviceIds: readonly string[]) {
  if (deviceIds.length === 0) return [];
  return db
    .select({
      deviceId: deviceApplications.deviceId,
      packageName: deviceApplications.packageName,
      desiredDisable: deviceApplications.desiredDisable,
    })
    .from(deviceApplications)
    .where(
      and(
        sql`${deviceApplications.deviceId} = any(${uuidArray(deviceIds)})`,
        isNotNull(deviceApplications.desiredDisable),
      ),
    );
}

export interface FrozenPolicy {
  profileId: string;
  policy: Record<string, unknown>;
  /** New settings written with the policy; null keeps the profile's settings (the console's Apply). */
  settings: Record<string, unknown> | null;
}

/**
 * Stores new frozen policies of many profiles in ONE statement (the rows sent as one jsonb array): each policy version and profile
 * counter move by one, settings replaced where given. Answers each profile's versions after the update.
 */
export async function storeAppliedPolicies(db: DbOrTx, customerId: string, rows: readonly FrozenPolicy[]) {
  if (rows.length === 0) return [];
  const result = await db.execute<{ id: string; policy_version: number; applied: number | null }>(sql`
    update ${profiles} p
    set policy = u.policy,
        settings = coalesce(u.settings, p.settings),
        policy_version = p.policy_version + 1,
        profile_counter = p.profile_counter + 1,
        updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as u("profileId" uuid, policy jsonb, settings jsonb)
    where p.id = u."profileId" and p.customer_id = ${customerId}
    returning p.id, p.policy_version, p.applied_policy_version as applied`);
  return result.rows.map((r) => ({ profileId: r.id, policyVersion: Number(r.policy_version), applied: r.applied }));
}

export async function findFcmToken(db: DbOrTx, deviceId: string) {
  const [row] = await db.select({ fcmToken: devices.fcmToken }).from(devices).where(eq(devices.id, deviceId));
  return row?.fcmToken ?? null;
}

/** Forgets a dead push token, only if the app has not sent a newer one meanwhile. */
export async function forgetFcmToken(db: DbOrTx, deviceId: string, fcmToken: string) {
  await db
    .update(devices)
    .set({ fcmToken: null })
    .where(and(eq(devices.id, deviceId), eq(devices.fcmToken, fcmToken)));
}
