import { roleCan, type BulkActionKind } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { scopeOf, type DeviceScope } from '../../lib/device-scope.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../audit/service.ts';
import * as repo from './bulk-actions-repository.ts';
import { BULK_ACTION_QUEUE } from './bulk-actions-jobs.ts';
import { findGroup } from './groups-repository.ts';

/** Bulk actions (DECISIONS §10), the console's side: create one (run by a job) and read its progress. */

export interface BulkActionInput {
  action: BulkActionKind;
  profileIds?: string[] | undefined;
  groupId?: string | undefined;
  targetGroupId?: string | undefined;
}

const bulkActionNotFound = () => notFound('Bulk action not found.');

/** `POST bulk-actions`: the action with one pending row per device, queued for the worker. */
export async function createBulkAction(ctx: AppContext, actor: CustomerActor, input: BulkActionInput) {
  const customerId = actor.id;
  const scope = scopeOf(actor);
  assertMayBulkLogout(actor, input);
  // DECISIONS §12: the devices (or their group) and the target group must all be in the member's scope.
  const target =
    input.action === 'move-to-group' && input.targetGroupId
      ? await findGroup(ctx.db, scope, input.targetGroupId)
      : null;
  if (input.action === 'move-to-group' && !target) throw notFound('Group not found.');
  const source = input.groupId ? await findGroup(ctx.db, scope, input.groupId) : null;
  if (input.groupId && !source) throw notFound('Group not found.');
  if (input.profileIds) {
    const ids = [...new Set(input.profileIds)];
    if ((await repo.countOwnProfiles(ctx.db, scope, ids)) !== ids.length) {
      throw notFound('Some devices were not found.');
    }
  }
  const action = await inTransaction(ctx.db, async (tx) => {
    const row = await repo.insertBulkAction(tx, {
      customerId,
      action: input.action,
      targetGroupId: target?.id ?? null,
    });
    const total = await repo.insertBulkActionDevices(
      tx,
      customerId,
      row.id,
      source ? { groupId: source.id } : { profileIds: [...new Set(input.profileIds ?? [])] },
    );
    if (total === 0) throw badRequest('E_VALIDATION', 'The group has no devices.');
    await repo.setTotal(tx, row.id, total);
    const what = input.action === 'logout' ? 'Log out' : `Move to group ${target!.name}`;
    await writeAudit(tx, {
      customerId,
      type: 'Profile',
      subType: 'Bulk Action',
      message: `${what}: ${total} device${total === 1 ? '' : 's'}${source ? ` of group ${source.name}` : ''}`,
      groupId: source?.id ?? null,
      actor,
    });
    return row;
  });
  await ctx.queue.send(
    BULK_ACTION_QUEUE,
    { bulkActionId: action.id },
    { retryLimit: 10, retryDelay: 5, retryBackoff: true },
  );
  return bulkActionDetail(ctx, scope, action.id, { page: 1, limit: 25 });
}

/**
 * DECISIONS §12: "Technician: no logout of more than one device at a time": a logout of several devices or of a group
 * needs `fleet.bulk`.
 */
function assertMayBulkLogout(actor: CustomerActor, input: BulkActionInput) {
  if (input.action !== 'logout') return;
  const several = input.groupId !== undefined || new Set(input.profileIds ?? []).size > 1;
  const role = actor.member?.role ?? 'Owner';
  if (several && !roleCan(role, 'fleet.bulk')) {
    throw forbidden(
      `Your role (${role}) may log out one device at a time: logging out several devices or a group needs the fleet.bulk permission.`,
    );
  }
}

/** `GET bulk-actions/:id`: progress and a page of per-device results. */
export async function bulkActionDetail(
  ctx: AppContext,
  scope: DeviceScope,
  bulkActionId: string,
  q: { state?: repo.BulkDeviceState | undefined; page: number; limit: number },
) {
  const row = await repo.findBulkAction(ctx.db, scope, bulkActionId);
  if (!row) throw bulkActionNotFound();
  const { rows, total } = await repo.listResults(ctx.db, scope, row.id, q, {
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return {
    _id: row.id,
    action: row.action,
    state: row.state,
    total: row.total,
    done: row.done,
    failed: row.failed,
    targetGroupId: row.targetGroupId,
    created_at: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    results: rows,
    pagination: { page: q.page, limit: q.limit, total },
  };
}
