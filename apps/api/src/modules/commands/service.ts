import {
  COMMAND_DEFAULT_EXPIRY_SECONDS,
  COMMAND_LABELS,
  commandParamsSchemas,
  type Command,
  type CommandDeviceState,
  type CommandPreflight,
  type CommandResultRequest,
  type CommandType,
} from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { scopeOf, type DeviceScope } from '../../lib/device-scope.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { checkedIdempotencyKey } from '../../lib/idempotency.ts';
import type { DeviceInfo } from '../devices/device-info.ts';
import { writeAudit, type AuditAbout } from '../audit/service.ts';
import { countOwnProfiles } from '../fleet/bulk-actions-repository.ts';
import { deviceCount, savedBy } from '../fleet/audit.ts';
import { findGroup } from '../fleet/groups-repository.ts';
import { COMMAND_FANOUT_QUEUE, COMMAND_FANOUT_JOB_OPTIONS } from './jobs.ts';
import * as repo from './repository.ts';
import { commandNotFound, resultBatcherOf } from './results-batch.ts';

/** Remote commands (DECISIONS §11), the console's and the device's side. */

export interface CommandTargetInput {
  type: CommandType;
  profileIds?: string[] | undefined;
  groupId?: string | undefined;
}

export interface CommandCreateInput extends CommandTargetInput {
  params?: Record<string, unknown> | undefined;
  expiresInSeconds?: number | undefined;
}

/** A repeat of a request under its `Idempotency-Key` is answered with the first command within this window. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

/** The target checked to be the customer's: a group of theirs (else 404), or profiles all theirs (else 404). */
async function targetOf(ctx: AppContext, scope: DeviceScope, input: CommandTargetInput): Promise<repo.CommandTarget> {
  if (input.groupId !== undefined) {
    const group = await findGroup(ctx.db, scope, input.groupId);
    if (!group) throw notFound('Group not found.');
    return { groupId: group.id };
  }
  const ids = [...new Set(input.profileIds ?? [])];
  if ((await countOwnProfiles(ctx.db, scope, ids)) !== ids.length) throw notFound('Some devices were not found.');
  return { profileIds: ids };
}

/** What a command's audit rows are about (DECISIONS §12): its group, or its one device; nothing for several. */
async function auditAbout(
  db: DbOrTx,
  customerId: string,
  c: { groupId: string | null; profileIds: readonly string[] | null },
): Promise<AuditAbout> {
  if (c.groupId) return { groupId: c.groupId };
  const only = c.profileIds?.length === 1 ? c.profileIds[0] : undefined;
  return only ? { deviceId: await repo.deviceOfProfile(db, customerId, only) } : {};
}

/** `commands/preflight`: how many of the target's devices can run the type, and why the others cannot. */
export async function preflight(
  ctx: AppContext,
  scope: DeviceScope,
  input: CommandTargetInput,
): Promise<CommandPreflight> {
  const target = await targetOf(ctx, scope, input);
  const rows = await repo.preflightCounts(ctx.db, scope.customerId, input.type, target);
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  return {
    total,
    capable: rows.find((r) => r.reason === null)?.n ?? 0,
    notCapable: rows.filter((r) => r.reason !== null).map((r) => ({ reason: r.reason!, count: r.n })),
  };
}

/** The type's params checked by its rules; a refusal names the field ("params.seconds: must be from 1 to 300 seconds"). */
export function checkParams(type: CommandType, params: Record<string, unknown> | undefined) {
  const parsed = commandParamsSchemas[type].safeParse(params);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const errors = parsed.error.issues.map((i) => ({ field: ['params', ...i.path].join('.'), message: i.message }));
  throw badRequest('E_VALIDATION', `${errors[0]!.field}: ${errors[0]!.message}`, { errors });
}

/** What the key's first request must match: the body as sent, keys in order (a replay sends the same JSON). */
const requestHashOf = (input: CommandCreateInput) =>
  sha256(
    JSON.stringify([
      input.type,
      input.groupId ?? null,
      input.profileIds ?? null,
      input.params ?? null,
      input.expiresInSeconds ?? null,
    ]),
  );

const idempotencyMismatch = () =>
  new AppError(
    422,
    'E_IDEMPOTENCY',
    'This Idempotency-Key was already used for a different command in the last 24 hours: send a new key for a new command.',
  );

/**
 * `POST commands`: the command row in the request (the audit entry with it), its ledger by the `commands.fanout` job.
 * With an `Idempotency-Key`, the same key and body within 24 h answer the first command (`replayed`) and send
 * nothing; the same key with another body answers 422.
 */
export async function createCommand(
  ctx: AppContext,
  actor: CustomerActor,
  input: CommandCreateInput,
  rawKey: string | undefined,
): Promise<{ command: Command; replayed: boolean }> {
  const customerId = actor.id;
  const scope = scopeOf(actor);
  const key = checkedIdempotencyKey(rawKey);
  const hash = requestHashOf(input);
  const replayOf = async () => {
    const earlier = key ? await repo.findByIdempotencyKey(ctx.db, customerId, key) : null;
    if (!earlier) return null;
    if (Date.now() - earlier.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
      await repo.releaseIdempotencyKey(ctx.db, customerId, earlier.id);
      return null;
    }
    if (earlier.requestHash !== hash) throw idempotencyMismatch();
    return earlier.id;
  };
  const earlier = await replayOf();
  if (earlier) return { command: await commandDetail(ctx, scope, earlier), replayed: true };

  const params = checkParams(input.type, input.params);
  const target = await targetOf(ctx, scope, input);
  const expiresIn = input.expiresInSeconds ?? COMMAND_DEFAULT_EXPIRY_SECONDS[input.type];
  const created = await inTransaction(ctx.db, async (tx) => {
    const total = await repo.countTargets(tx, customerId, target);
    if (total === 0) throw badRequest('E_VALIDATION', 'The group has no devices.');
    const row = await repo.insertCommand(tx, {
      customerId,
      type: input.type,
      params,
      groupId: 'groupId' in target ? target.groupId : null,
      profileIds: 'profileIds' in target ? [...target.profileIds] : null,
      total,
      createdBy: await savedBy(tx, actor),
      idempotencyKey: key,
      requestHash: key ? hash : null,
      expiresAt: new Date(Date.now() + expiresIn * 1000),
    });
    // The same key committed by a concurrent request while this one waited on the unique index.
    if (!row) return null;
    await writeAudit(tx, {
      customerId,
      type: 'Device',
      subType: 'Command Sent',
      message: `Sent ${COMMAND_LABELS[input.type]} to ${deviceCount(total)}`,
      ...(await auditAbout(tx, customerId, row)),
      actor,
    });
    return row;
  });
  if (!created) {
    const raced = await replayOf();
    if (!raced) throw new AppError(409, 'E_CONFLICT', 'This Idempotency-Key is in use by another request.');
    return { command: await commandDetail(ctx, scope, raced), replayed: true };
  }
  await ctx.queue.send(COMMAND_FANOUT_QUEUE, { commandId: created.id }, COMMAND_FANOUT_JOB_OPTIONS);
  // Picked up at once where this process runs the workers (one process, `npm start`): a lock's delivery counts.
  ctx.queue.wake?.(COMMAND_FANOUT_QUEUE);
  return { command: await commandDetail(ctx, scope, created.id), replayed: false };
}

const toCommand = (c: repo.CommandWithCounts): Command => ({
  _id: c.id,
  type: c.type,
  params: c.params,
  groupId: c.groupId,
  groupName: c.groupName,
  total: c.total,
  counts: c.counts,
  createdBy: c.createdBy,
  created_at: c.createdAt.toISOString(),
  expires_at: c.expiresAt.toISOString(),
  fanningOut: c.fanOutCompletedAt === null,
});

export async function commandDetail(ctx: AppContext, scope: DeviceScope, commandId: string): Promise<Command> {
  const row = await repo.findCommand(ctx.db, scope, commandId);
  if (!row) throw commandNotFound();
  return toCommand(row);
}

interface Page {
  page: number;
  limit: number;
}

/** `GET commands`: newest first, by type and device. */
export async function listCommands(
  ctx: AppContext,
  scope: DeviceScope,
  q: Page & { type?: CommandType | undefined; profileId?: string | undefined },
) {
  const { rows, total } = await repo.listCommands(ctx.db, scope, q, {
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return { data: rows.map(toCommand), pagination: { page: q.page, limit: q.limit, total } };
}

/**
 * `GET commands/:id/devices`: the ledger, newest first; the total from the kept counts. A group-scoped member's page
 * holds their devices' rows only (a device that left their groups since the command was sent is not listed).
 */
export async function commandDevices(
  ctx: AppContext,
  scope: DeviceScope,
  commandId: string,
  q: Page & { state?: CommandDeviceState | undefined },
) {
  const row = await repo.findCommandRow(ctx.db, scope, commandId);
  if (!row) throw commandNotFound();
  // The page and the kept counts side by side: one round trip less on every page of the ledger.
  const [data, countsById] = await Promise.all([
    repo.listLedger(ctx.db, scope, row, q.state, { limit: q.limit, offset: (q.page - 1) * q.limit }),
    repo.countsOf(ctx.db, [row.id]),
  ]);
  const counts = countsById.get(row.id)!;
  const total = q.state ? counts[q.state] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { data, pagination: { page: q.page, limit: q.limit, total } };
}

/**
 * `POST commands/:id/cancel`: rows not yet delivered become `cancelled` and their messages are never handed out; rows
 * the fan-out has not written yet are written `cancelled`. Delivered rows keep running.
 */
export async function cancelCommand(ctx: AppContext, actor: CustomerActor, commandId: string) {
  const customerId = actor.id;
  const cancelled = await inTransaction(ctx.db, async (tx) => {
    const row = await repo.findCommand(tx, scopeOf(actor), commandId);
    if (!row) throw commandNotFound();
    await repo.markCancelled(tx, customerId, row.id);
    const n = await repo.cancelQueued(tx, customerId, row);
    await writeAudit(tx, {
      customerId,
      type: 'Device',
      subType: 'Command Cancelled',
      message: `Cancelled ${COMMAND_LABELS[row.type]}: ${deviceCount(n)} not yet delivered`,
      ...(await auditAbout(tx, customerId, row)),
      actor,
    });
    return n;
  });
  return { command: await commandDetail(ctx, scopeOf(actor), commandId), cancelled };
}

/**
 * `POST /api/v1/device/commands/:id/result`: the outcome of the command the device's message `:id` carried (a message
 * of another device, or not a command: 404; a row already final: 409). A device log row names it ("Lock: succeeded");
 * a succeeded `lost_mode` turns the device's lost mode on or off. Written by group commit (`results-batch.ts`), answered
 * after its commit.
 */
export function reportResult(ctx: AppContext, device: DeviceInfo, messageId: string, body: CommandResultRequest) {
  return resultBatcherOf(ctx).submit({ device, messageId, body });
}
