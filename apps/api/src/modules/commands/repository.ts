import {
  CAPABILITIES_UNKNOWN_REASON,
  COMMAND_DEVICE_STATES,
  LOGGED_OUT_REASON,
  NOT_CAPABLE_REASONS,
  URGENT_COMMAND_TYPES,
  type CommandCounts,
  type CommandDeviceState,
  type CommandType,
} from '@fleetdeck/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { intArray, nullableUuidArray, textArray, uuidArray } from '../../db/arrays.ts';
import type { DbOrTx } from '../../db/client.ts';
import { countCapped } from '../../db/paging.ts';
import { commandDevices, commandFanoutLanes, commands, commandStateCounts, deviceGroups } from '../../db/schema.ts';
import { WAKE_IDS_PER_NOTIFY } from '../policy/wakeup.ts';
import { profileIdScopeCondition, targetScopeCondition } from '../../db/device-scope.ts';
import type { DeviceScope } from '../../lib/device-scope.ts';

/** Remote commands (DECISIONS §11): every statement of commands and their ledger, scoped by customer first. */

export type CommandRow = typeof commands.$inferSelect;
export type NewCommand = typeof commands.$inferInsert;

/** The devices a command names: a group's, or chosen ones (profile ids). */
export type CommandTarget = { groupId: string } | { profileIds: readonly string[] };

const targetWhere = (customerId: string, target: CommandTarget) =>
  sql`p.customer_id = ${customerId} and ${
    'groupId' in target ? sql`p.group_id = ${target.groupId}` : sql`p.id = any(${uuidArray(target.profileIds)})`
  }`;

/**
 * Why the device `d` cannot run `type` (null: it can). One expression for the preflight and the fan-out, so what the
 * console was told before sending is what the ledger records.
 */
const reasonOf = (type: CommandType) => sql`case
  when d.logged_out_at is not null or d.token_hash is null then ${LOGGED_OUT_REASON}::text
  when d.capabilities is null then ${CAPABILITIES_UNKNOWN_REASON}::text
  when not (${type}::text = any(d.capabilities)) then ${NOT_CAPABLE_REASONS[type]}::text
end`;

/** `commands/preflight`: the target's devices counted by the reason each cannot run the type (null: capable). */
export async function preflightCounts(db: DbOrTx, customerId: string, type: CommandType, target: CommandTarget) {
  const result = await db.execute<{ reason: string | null; n: number }>(sql`
    select r.reason, count(*)::int as n from (
      select ${reasonOf(type)} as reason
      from profiles p join devices d on d.id = p.device_id
      where ${targetWhere(customerId, target)}
    ) r group by r.reason order by n desc, r.reason`);
  return result.rows.map((r) => ({ reason: r.reason, n: Number(r.n) }));
}

/** The devices (profiles) a command to this target reaches. */
export async function countTargets(db: DbOrTx, customerId: string, target: CommandTarget) {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from profiles p where ${targetWhere(customerId, target)}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

export async function findByIdempotencyKey(db: DbOrTx, customerId: string, key: string) {
  const [row] = await db
    .select()
    .from(commands)
    .where(and(eq(commands.customerId, customerId), eq(commands.idempotencyKey, key)));
  return row ?? null;
}

/** A key older than its 24 hours is released: a new command may use it. */
export async function releaseIdempotencyKey(db: DbOrTx, customerId: string, commandId: string) {
  await db
    .update(commands)
    .set({ idempotencyKey: null })
    .where(and(eq(commands.customerId, customerId), eq(commands.id, commandId)));
}

/** The command row; null when a concurrent request took the same Idempotency-Key first. */
export async function insertCommand(db: DbOrTx, values: NewCommand) {
  const [row] = await db.insert(commands).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The device of the account's profile `profileId` (a command to one device names it in its audit row). */
export async function deviceOfProfile(db: DbOrTx, customerId: string, profileId: string) {
  const result = await db.execute<{ device_id: string }>(sql`
    select device_id from profiles where customer_id = ${customerId}::uuid and id = ${profileId}::uuid`);
  return result.rows[0]?.device_id ?? null;
}

// ------------------------------------------------------------------------------------------------------- fan-out

/** The devices a command targets (counted when it was sent): how many lanes its fan-out gets. 0 for no such command. */
export async function totalOf(db: DbOrTx, commandId: string) {
  const [c] = await db.select({ total: commands.total }).from(commands).where(eq(commands.id, commandId));
  return c?.total ?? 0;
}

export type FanOutLane = typeof commandFanoutLanes.$inferSelect;

/**
 * The first id of each of `lanes` equal ranges of the uuid space (lanes a power of two up to 16: split on the first hex
 * digit; random v4 ids spread evenly over them).
 */
export function laneBounds(lanes: number): { lowerId: string | null; upperId: string | null }[] {
  const start = (k: number) => `${(k * (16 / lanes)).toString(16)}0000000-0000-0000-0000-000000000000`;
  return Array.from({ length: lanes }, (_, k) => ({
    lowerId: k === 0 ? null : start(k),
    upperId: k === lanes - 1 ? null : start(k + 1),
  }));
}

/**
 * The command's lanes not done yet, created with `lanes` ranges if it has none (a retried job keeps the ones it has;
 * a command whose fan-out is complete gets none).
 */
export async function ensureLanes(db: DbOrTx, commandId: string, lanes: number) {
  const bounds = laneBounds(lanes);
  await db.execute(sql`
    insert into command_fanout_lanes (command_id, lane, lower_id, upper_id)
    select ${commandId}::uuid, b.lane, b.lower_id, b.upper_id
    from unnest(${intArray(bounds.map((_, k) => k))}, ${nullableUuidArray(bounds.map((b) => b.lowerId))},
                ${nullableUuidArray(bounds.map((b) => b.upperId))}) as b(lane, lower_id, upper_id)
    where not exists (select 1 from command_fanout_lanes where command_id = ${commandId}::uuid)
      and exists (select 1 from commands where id = ${commandId}::uuid and fan_out_completed_at is null)
    on conflict do nothing`);
  return db
    .select({ lane: commandFanoutLanes.lane })
    .from(commandFanoutLanes)
    .where(and(eq(commandFanoutLanes.commandId, commandId), sql`${commandFanoutLanes.doneAt} is null`))
    .orderBy(commandFanoutLanes.lane);
}

/**
 * A lane not done, locked for one batch (SKIP LOCKED: another worker holds it, this one moves on), and its command
 * under a share lock: lanes write side by side, while `cancel` (an update of the command) waits for the batches in
 * flight, whose rows it then cancels, and the batches after it read `cancelled_at`.
 */
export async function lockLane(db: DbOrTx, commandId: string, lane: number) {
  const [l] = await db
    .select()
    .from(commandFanoutLanes)
    .where(
      and(
        eq(commandFanoutLanes.commandId, commandId),
        eq(commandFanoutLanes.lane, lane),
        sql`${commandFanoutLanes.doneAt} is null`,
      ),
    )
    .for('update', { skipLocked: true });
  if (!l) return null;
  const [c] = await db.select().from(commands).where(eq(commands.id, commandId)).for('share');
  return c ? { command: c, lane: l } : null;
}

export interface FanOutBatch {
  /** Devices written, in device order (the keyset's next start is the last). */
  written: number;
  lastDeviceId: string | null;
  /** Devices given a message, and those of them with an FCM token (to tickle after the commit). */
  queuedDeviceIds: string[];
  fcmDeviceIds: string[];
}

/**
 * One batch of the fan-out, one statement: the next `limit` target devices after `last_device_id`; each capable
 * device gets a `device_messages` row (urgent for lock and lost mode) and a `queued` ledger row of the same id, each
 * other one an `unsupported` row with the reason (a cancelled command's remaining capable rows are written
 * `cancelled`, with no message). Capable devices are woken on commit, WAKE_IDS_PER_NOTIFY ids per NOTIFY.
 * `viaFcm`: an FCM wake goes out (push configured, the device has a token) and the device has not been seen for
 * FCM_IDLE_SECONDS, so no long-poll of it is open: its row's channel will be `fcm` when delivered.
 */
export async function fanOutBatch(db: DbOrTx, c: CommandRow, lane: FanOutLane, limit: number, pushEnabled: boolean) {
  const target: CommandTarget = c.groupId ? { groupId: c.groupId } : { profileIds: c.profileIds ?? [] };
  const payload = JSON.stringify({ commandId: c.id, type: c.type, params: c.params });
  const urgent = (URGENT_COMMAND_TYPES as readonly string[]).includes(c.type);
  const cancelled = c.cancelledAt !== null;
  const result = await db.execute<{ profile_id: string; device_id: string; queued: boolean; fcm: boolean }>(sql`
    with batch as materialized (
      select p.id as profile_id, p.device_id, ${reasonOf(c.type)} as reason,
             (d.fcm_token is not null) as has_fcm,
             (d.last_seen_at is null or d.last_seen_at < now() - make_interval(secs => ${FCM_IDLE_SECONDS})) as idle,
             gen_random_uuid() as id
      from profiles p join devices d on d.id = p.device_id
      where ${targetWhere(c.customerId, target)} ${
        // On both sides of the join: a merge join then starts both indexes at the keyset, not at their first row.
        lane.lastDeviceId
          ? sql`and p.device_id > ${lane.lastDeviceId}::uuid and d.id > ${lane.lastDeviceId}::uuid`
          : lane.lowerId
            ? sql`and p.device_id >= ${lane.lowerId}::uuid and d.id >= ${lane.lowerId}::uuid`
            : sql``
      } ${lane.upperId ? sql`and p.device_id < ${lane.upperId}::uuid and d.id < ${lane.upperId}::uuid` : sql``}
      -- In device order: a group's devices are read from profiles_group_device_idx in that order, a batch at a time.
      order by p.device_id
      limit ${limit}
    ), sent as (
      insert into device_messages (id, device_id, kind, payload, expires_at, created_at, urgent)
      select id, device_id, 'command', ${payload}::jsonb, ${c.expiresAt.toISOString()}::timestamptz,
             clock_timestamp(), ${urgent}
      from batch where reason is null and not ${cancelled}
      returning device_id
    ), ledger as (
      insert into command_devices (id, command_id, customer_id, profile_id, device_id, state, via_fcm, message,
                                   created_at, expires_at, finished_at)
      select id, ${c.id}::uuid, ${c.customerId}::uuid, profile_id, device_id,
             case when reason is not null then 'unsupported' when ${cancelled} then 'cancelled' else 'queued' end,
             ${pushEnabled} and reason is null and has_fcm and idle, reason,
             now(), ${c.expiresAt.toISOString()}::timestamptz,
             case when reason is not null or ${cancelled} then now() end
      from batch
      returning 1
    ), woken as (
      select pg_notify('device_wake', string_agg(device_id::text, ',')) from (
        select device_id, (row_number() over (order by device_id) - 1) / ${sql.raw(String(WAKE_IDS_PER_NOTIFY))} as part
        from sent
      ) x group by part
    )
    select b.profile_id, b.device_id, (b.reason is null and not ${cancelled}) as queued, b.has_fcm as fcm
    from batch b, (select count(*) from woken) w, (select count(*) from ledger) l
    order by b.device_id`);
  const rows = result.rows;
  const queued = rows.filter((r) => r.queued);
  return {
    written: rows.length,
    lastDeviceId: rows.at(-1)?.device_id ?? null,
    queuedDeviceIds: queued.map((r) => r.device_id),
    fcmDeviceIds: queued.filter((r) => r.fcm).map((r) => r.device_id),
  } satisfies FanOutBatch;
}

/** A device not seen for this long holds no long-poll (the longest wait is 300 s): an FCM wake is what reaches it. */
export const FCM_IDLE_SECONDS = 300;

/** A lane's batch is written: its keyset moves on, and it is done when the batch was not full. */
export async function recordLane(
  db: DbOrTx,
  lane: FanOutLane,
  written: number,
  lastDeviceId: string | null,
  done: boolean,
) {
  await db
    .update(commandFanoutLanes)
    .set({
      written: sql`${commandFanoutLanes.written} + ${written}`,
      ...(lastDeviceId ? { lastDeviceId } : {}),
      ...(done ? { doneAt: sql`now()` } : {}),
    })
    .where(and(eq(commandFanoutLanes.commandId, lane.commandId), eq(commandFanoutLanes.lane, lane.lane)));
}

/**
 * Marks the fan-out complete once every lane is done (run after a lane's last commit, by each lane: the one whose
 * commit came last sees the others done). Answers whether it did.
 */
export async function finishFanOut(db: DbOrTx, commandId: string) {
  const result = await db.execute(sql`
    update commands c set fan_out_completed_at = now(),
           fanned_out = (select coalesce(sum(written), 0) from command_fanout_lanes where command_id = c.id)
    where c.id = ${commandId}::uuid and c.fan_out_completed_at is null
      and exists (select 1 from command_fanout_lanes where command_id = c.id)
      and not exists (select 1 from command_fanout_lanes where command_id = c.id and done_at is null)`);
  return (result.rowCount ?? 0) > 0;
}

/** Commands whose fan-out has not finished and started more than `seconds` ago (the sweep queues them again). */
export async function stalledFanOuts(db: DbOrTx, seconds: number) {
  const rows = await db
    .select({ id: commands.id })
    .from(commands)
    .where(
      and(
        sql`${commands.fanOutCompletedAt} is null`,
        sql`${commands.createdAt} < now() - make_interval(secs => ${seconds})`,
      ),
    )
    .limit(100);
  return rows.map((r) => r.id);
}

// ------------------------------------------------------------------------------------------------ reading

const emptyCounts = (): CommandCounts => Object.fromEntries(COMMAND_DEVICE_STATES.map((s) => [s, 0])) as CommandCounts;

/** The kept counts of these commands by state (command_state_counts, never the ledger). */
export async function countsOf(db: DbOrTx, commandIds: readonly string[]) {
  const out = new Map<string, CommandCounts>();
  for (const id of commandIds) out.set(id, emptyCounts());
  if (commandIds.length === 0) return out;
  const rows = await db
    .select({
      commandId: commandStateCounts.commandId,
      state: commandStateCounts.state,
      n: sql<number>`sum(${commandStateCounts.n})::int`,
    })
    .from(commandStateCounts)
    .where(sql`${commandStateCounts.commandId} = any(${uuidArray(commandIds)})`)
    .groupBy(commandStateCounts.commandId, commandStateCounts.state);
  for (const r of rows) {
    const counts = out.get(r.commandId);
    if (counts && r.state in counts) counts[r.state as CommandDeviceState] = r.n;
  }
  return out;
}

export type CommandWithCounts = CommandRow & { groupName: string | null; counts: CommandCounts };

const withGroupName = { command: commands, groupName: deviceGroups.name };

/**
 * Commands in the caller's scope (DECISIONS §12). A group-scoped member sees a command sent to one of their groups, or
 * to chosen devices (`profile_ids`) all in their groups; a command that reached any device outside is not theirs to
 * see or cancel (simple and safe: nothing about other groups' devices leaks through counts or the ledger).
 */
const inScope = (scope: DeviceScope) =>
  targetScopeCondition(scope, commands, sql`select unnest(${commands.profileIds})`);

/** The command in the caller's scope with its group's name, without its counts (see `findCommand`). */
export async function findCommandRow(db: DbOrTx, scope: DeviceScope, commandId: string) {
  const [row] = await db
    .select(withGroupName)
    .from(commands)
    .leftJoin(deviceGroups, eq(deviceGroups.id, commands.groupId))
    .where(and(inScope(scope), eq(commands.id, commandId)));
  return row ? { ...row.command, groupName: row.groupName } : null;
}

/** The command in the caller's scope with its counts by state. */
export async function findCommand(db: DbOrTx, scope: DeviceScope, commandId: string) {
  const row = await findCommandRow(db, scope, commandId);
  if (!row) return null;
  const counts = (await countsOf(db, [row.id])).get(row.id)!;
  return { ...row, counts } satisfies CommandWithCounts;
}

/**
 * `GET commands`: newest first, by type; `profileId`: the commands that device received (its history, through the
 * ledger's index on the device). Answers a page and the count capped as every list's.
 */
export async function listCommands(
  db: DbOrTx,
  scope: DeviceScope,
  q: { type?: CommandType | undefined; profileId?: string | undefined },
  page: { limit: number; offset: number },
) {
  const customerId = scope.customerId;
  const where = and(
    inScope(scope),
    q.type ? eq(commands.type, q.type) : undefined,
    q.profileId
      ? sql`exists (select 1 from ${commandDevices} cd where cd.customer_id = ${customerId}
                     and cd.profile_id = ${q.profileId} and cd.command_id = ${commands.id})`
      : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select(withGroupName)
      .from(commands)
      .leftJoin(deviceGroups, eq(deviceGroups.id, commands.groupId))
      .where(where)
      .orderBy(desc(commands.createdAt), desc(commands.id))
      .limit(page.limit)
      .offset(page.offset),
    countCapped(db, commands, where),
  ]);
  const counts = await countsOf(
    db,
    rows.map((r) => r.command.id),
  );
  return {
    rows: rows.map((r) => ({ ...r.command, groupName: r.groupName, counts: counts.get(r.command.id)! })),
    total,
  };
}

/**
 * A page of the command's ledger rows, newest first, with each device's serial number and name (the command already
 * checked to be the customer's). The rows are in the months from the command's own (partitions before it skipped).
 */
export async function listLedger(
  db: DbOrTx,
  scope: DeviceScope,
  c: Pick<CommandRow, 'id' | 'createdAt'>,
  state: CommandDeviceState | undefined,
  page: { limit: number; offset: number },
) {
  const result = await db.execute<{
    id: string;
    profile_id: string;
    serial_number: string | null;
    device_name: string | null;
    state: CommandDeviceState;
    channel: 'long-poll' | 'fcm' | null;
    result: Record<string, unknown> | null;
    message: string | null;
    created_at: Date | string;
    delivered_at: Date | string | null;
    finished_at: Date | string | null;
  }>(sql`
    select cd.id, cd.profile_id, d.serial_number, coalesce(nullif(p.profile_name, ''), d.device_name) as device_name,
           cd.state, cd.channel, cd.result, cd.message, cd.created_at, cd.delivered_at, cd.finished_at
    from command_devices cd
    left join profiles p on p.id = cd.profile_id and p.customer_id = ${scope.customerId}
    left join devices d on d.id = cd.device_id and d.customer_id = ${scope.customerId}
    where cd.command_id = ${c.id} and ${profileIdScopeCondition(scope, sql`cd.customer_id`, sql`cd.profile_id`)}
      and cd.created_at >= ${c.createdAt.toISOString()}::timestamptz ${state ? sql`and cd.state = ${state}` : sql``}
    order by cd.created_at desc, cd.id desc
    limit ${page.limit} offset ${page.offset}`);
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return result.rows.map((r) => ({
    _id: r.id,
    profileId: r.profile_id,
    serialNumber: r.serial_number ?? '',
    deviceName: r.device_name ?? '',
    state: r.state,
    channel: r.channel,
    result: r.result,
    message: r.message,
    created_at: new Date(r.created_at).toISOString(),
    delivered_at: iso(r.delivered_at),
    finished_at: iso(r.finished_at),
  }));
}

// ------------------------------------------------------------------------------------------------ writing

export async function markCancelled(db: DbOrTx, customerId: string, commandId: string) {
  await db
    .update(commands)
    .set({ cancelledAt: sql`coalesce(${commands.cancelledAt}, now())` })
    .where(and(eq(commands.customerId, customerId), eq(commands.id, commandId)));
}

/** Ledger rows per statement of a cancel (each statement well inside the statement timeout). */
const CANCEL_CHUNK = 20_000;

/**
 * Cancel: the command's messages not yet handed out are deleted (a hand-out that holds one right now wins: the row is
 * then delivered, not cancelled), and exactly their ledger rows become `cancelled`; CANCEL_CHUNK rows a statement, in
 * the ledger's order. Answers how many.
 */
export async function cancelQueued(
  db: DbOrTx,
  customerId: string,
  c: Pick<CommandRow, 'id' | 'createdAt'>,
  chunk = CANCEL_CHUNK,
) {
  let cancelled = 0;
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const result: { rows: { n: number; last_created_at: string | null; last_id: string | null }[] } =
      await db.execute(sql`
      with queued as materialized (
        select id, created_at from command_devices
        where command_id = ${c.id} and customer_id = ${customerId}
          and created_at >= ${c.createdAt.toISOString()}::timestamptz and state = 'queued'
          ${after ? sql`and (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
        order by created_at, id
        limit ${chunk}
      ), gone as (
        -- Returning the ledger key: the update below reads only this (no join of two CTEs, which the planner, blind
        -- to their sizes, ran as a nested loop of 20,000 × 20,000).
        delete from device_messages m using queued q
        where m.id = q.id and m.delivered_at is null
        returning m.id, q.created_at
      ), done as (
        update command_devices cd set state = 'cancelled', finished_at = now(), message = 'Cancelled before delivery.'
        from gone g
        where cd.id = g.id and cd.created_at = g.created_at and cd.state = 'queued'
        returning 1
      ), last as (
        select created_at::text as created_at, id from queued order by created_at desc, id desc limit 1
      )
      select (select count(*)::int from done) as n, (select created_at from last) as last_created_at,
             (select id from last) as last_id`);
    const row = result.rows[0]!;
    cancelled += Number(row.n);
    if (!row.last_id || !row.last_created_at) return cancelled;
    after = { createdAt: row.last_created_at, id: row.last_id };
  }
}

/** A ledger row a device reports on, with its command's type and params. */
export type ReportedRow = {
  id: string;
  device_id: string;
  /** Text at full (microsecond) precision: the row's partition key, matched exactly by `recordResults`. */
  created_at: string;
  state: CommandDeviceState;
  command_id: string;
  type: CommandType;
  params: Record<string, unknown>;
};

/**
 * The ledger rows devices report on (each the row of that message id whose device is the reporting one: another
 * device's message is not found), locked in id order (concurrent batches never wait on each other in a circle), and
 * the transaction's time (`now()`, the `finished_at` that `recordResults` writes).
 */
export async function lockReportedRows(db: DbOrTx, reports: readonly { deviceId: string; messageId: string }[]) {
  const result = await db.execute<ReportedRow & { now: Date | string }>(sql`
    select cd.id, cd.device_id, cd.created_at::text as created_at, cd.state, cd.command_id, c.type, c.params,
           now() as now
    from unnest(${uuidArray(reports.map((r) => r.messageId))}, ${uuidArray(reports.map((r) => r.deviceId))})
           as r(id, device_id)
    join command_devices cd on cd.id = r.id and cd.device_id = r.device_id
    join commands c on c.id = cd.command_id
    order by cd.id
    for update of cd`);
  const rows = result.rows.map(({ now: _, ...row }): ReportedRow => row);
  const now = result.rows[0] ? new Date(result.rows[0].now) : new Date();
  return { rows, now };
}

/**
 * The devices' outcomes on their rows, one statement for all (the command's counter rows then move once, in its
 * statement trigger): their messages delivered now if the hand-out's mark was missed, and each row decided with its
 * state, result, message and `finished_at` (the transaction's `now()`). Rows locked by `lockReportedRows`.
 */
export async function recordResults(
  db: DbOrTx,
  outcomes: readonly {
    id: string;
    createdAt: string;
    state: 'succeeded' | 'failed';
    result: Record<string, unknown> | null;
    message: string | null;
  }[],
) {
  if (outcomes.length === 0) return;
  await db.execute(sql`
    with messages as (
      -- Run to completion though nothing reads it (a data-modifying WITH).
      update device_messages set delivered_at = now()
      where id = any(${uuidArray(outcomes.map((o) => o.id))}) and delivered_at is null
      returning 1
    )
    update command_devices cd set state = v.state, result = v.result::jsonb, message = v.message, finished_at = now(),
      delivered_at = coalesce(cd.delivered_at, now()),
      channel = coalesce(cd.channel, case when cd.via_fcm then 'fcm' else 'long-poll' end)
    from unnest(${uuidArray(outcomes.map((o) => o.id))}, ${textArray(outcomes.map((o) => o.createdAt))},
                ${textArray(outcomes.map((o) => o.state))},
                ${textArray(outcomes.map((o) => (o.result ? JSON.stringify(o.result) : null)))},
                ${textArray(outcomes.map((o) => o.message))}) as v(id, created_at, state, result, message)
    where cd.id = v.id and cd.created_at = v.created_at::timestamptz`);
}

/** Rows per statement of the sweeps. */
const SWEEP_CHUNK = 10_000;

/** Queued or delivered rows past their expiry become `expired` (a chunk per statement). Answers how many. */
export async function expireOverdue(db: DbOrTx) {
  const result = await db.execute(sql`
    update command_devices cd set state = 'expired', finished_at = now(),
      message = case when cd.state = 'queued' then 'Expired before the device asked for it.'
                     else 'Expired before the device reported a result.' end
    from (
      select id, created_at from command_devices
      where state in ('queued', 'delivered') and expires_at <= now()
      limit ${SWEEP_CHUNK}
      for update skip locked
    ) due
    where cd.id = due.id and cd.created_at = due.created_at and cd.state in ('queued', 'delivered')`);
  return result.rowCount ?? 0;
}

/** Located positions older than `days` are cleared (DECISIONS §11: never stored longer than 30 days). */
export async function clearOldLocations(db: DbOrTx, days: number) {
  const result = await db.execute(sql`
    update command_devices cd set result = null
    from commands c
    where c.id = cd.command_id and c.type = 'locate' and cd.result is not null
      and cd.finished_at < now() - make_interval(days => ${days})`);
  return result.rowCount ?? 0;
}
