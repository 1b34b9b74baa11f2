import type { Rollout, RolloutDeviceState, RolloutState } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { scopeOf, type DeviceScope } from '../../lib/device-scope.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../audit/service.ts';
import { savedBy } from './audit.ts';
import { findGroup } from './groups-repository.ts';
import * as repo from './rollouts-repository.ts';
import { findTemplate } from './templates-repository.ts';
import { ROLLBACK_QUEUE, requestAdvance } from './rollouts-jobs.ts';

/** Staged rollouts (DECISIONS §10), the console's side: create, read, resume, cancel, roll back. */

const rolloutNotFound = () => notFound('Rollout not found.');

/**
 * Cumulative device counts of the stages: ceil(percent × total), each stage at least one device more than the one
 * before while devices remain, the last one all of them.
 */
export function stageCumulative(total: number, percents: readonly number[]): number[] {
  const out: number[] = [];
  let previous = 0;
  for (const percent of percents) {
    let reach = Math.ceil((total * percent) / 100);
    if (reach <= previous) reach = previous + 1;
    reach = Math.min(total, reach);
    out.push(reach);
    previous = reach;
  }
  return out;
}

export interface RolloutInput {
  templateId: string;
  version?: number | undefined;
  groupId?: string | undefined;
  profileIds?: string[] | undefined;
  stages: { percent: number; soakSeconds: number }[];
  pauseWhen: { failedPercent: number; minDevices: number };
  ackTimeoutSeconds: number;
}

const isUniqueViolation = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const inner = e.code === '23505' ? e : e.cause?.code === '23505' ? e.cause : null;
  return inner !== null && inner.constraint === constraint;
};

/** `POST rollouts`: the rollout and its devices (each in its stage), running; the worker applies the first stage. */
export async function createRollout(ctx: AppContext, actor: CustomerActor, input: RolloutInput) {
  const customerId = actor.id;
  // DECISIONS §12: a group in the member's scope, or chosen devices all in it (404 otherwise). Templates are account-wide.
  const scope = scopeOf(actor);
  const template = await repo.findTemplateVersion(ctx.db, customerId, input.templateId, input.version);
  if (!template) {
    if (input.version !== undefined && (await findTemplate(ctx.db, customerId, input.templateId))) {
      throw badRequest('E_VALIDATION', `The template has no version ${input.version}.`, {
        errors: [{ field: 'version', message: `version ${input.version} does not exist` }],
      });
    }
    throw notFound('Template not found.');
  }
  const group = input.groupId ? await findGroup(ctx.db, scope, input.groupId) : null;
  if (input.groupId && !group) throw notFound('Group not found.');
  if (group && group.family !== template.family) {
    throw badRequest(
      'E_VALIDATION',
      `The template is for ${template.family} devices, the group holds ${group.family}.`,
    );
  }
  const targets = await repo.targetProfiles(
    ctx.db,
    scope,
    group ? { groupId: group.id } : { profileIds: input.profileIds ?? [] },
  );
  if (!group && targets.length !== new Set(input.profileIds).size) throw notFound('Some devices were not found.');
  if (targets.length === 0) throw badRequest('E_VALIDATION', 'The group has no devices to roll out to.');
  const otherFamily = targets.filter((t) => t.family !== template.family).length;
  if (otherFamily > 0) {
    throw badRequest(
      'E_VALIDATION',
      `${otherFamily} of the devices are not ${template.family} devices: a template applies to its own family only.`,
    );
  }
  const cumulative = stageCumulative(
    targets.length,
    input.stages.map((s) => s.percent),
  );
  try {
    const rollout = await inTransaction(ctx.db, async (tx) => {
      const row = await repo.insertRollout(tx, {
        customerId,
        templateId: template.id,
        version: template.version,
        family: template.family,
        groupId: group?.id ?? null,
        groupTemplateIdBefore: group?.templateId ?? null,
        groupTemplateVersionBefore: group?.templateVersion ?? null,
        state: 'running',
        stageIndex: 0,
        stages: input.stages.map((s, i) => ({
          percent: s.percent,
          soakSeconds: s.soakSeconds,
          size: cumulative[i]! - (i === 0 ? 0 : cumulative[i - 1]!),
          startedAt: null,
        })),
        failedPercent: input.pauseWhen.failedPercent,
        minDevices: input.pauseWhen.minDevices,
        ackTimeoutSeconds: input.ackTimeoutSeconds,
        createdBy: await savedBy(tx, actor),
        nextCheckAt: new Date(),
      });
      await repo.insertRolloutDevices(
        tx,
        row.id,
        targets.map((t) => t.id),
        cumulative,
      );
      await writeAudit(tx, {
        customerId,
        type: 'Profile',
        subType: 'Rollout Started',
        message: `Started a rollout of ${template.name} version ${template.version} to ${group ? `group ${group.name} (${targets.length} devices)` : `${targets.length} devices`}`,
        groupId: group?.id ?? null,
        actor,
      });
      return row;
    });
    await requestAdvance(ctx, rollout.id);
    return rolloutDetail(ctx, scope, rollout.id);
  } catch (err) {
    if (isUniqueViolation(err, repo.ONE_ACTIVE_PER_GROUP)) {
      throw new AppError(409, 'E_CONFLICT', 'This group already has a running or paused rollout.');
    }
    throw err;
  }
}

type Counts = Rollout['counts'];
const zeroCounts = (): Counts => ({ waiting: 0, pending: 0, succeeded: 0, failed: 0, rolledBack: 0 });

function present(
  row: NonNullable<Awaited<ReturnType<typeof repo.findRollout>>>,
  counts: Awaited<ReturnType<typeof repo.countsByStage>>,
): Rollout {
  const r = row.rollout;
  const total = zeroCounts();
  const perStage = r.stages.map(() => zeroCounts());
  let devices = 0;
  for (const c of counts) {
    if (c.rolloutId !== r.id) continue;
    devices += c.n;
    const key = c.state === 'rolled_back' ? 'rolledBack' : c.state;
    total[key] += c.n;
    const stage = perStage[c.stage];
    if (stage) stage[key] += c.n;
  }
  return {
    _id: r.id,
    state: r.state,
    templateId: r.templateId,
    templateName: row.templateName,
    version: r.version,
    family: r.family,
    groupId: r.groupId,
    groupName: row.groupName,
    stageIndex: r.stageIndex,
    stages: r.stages.map((s, i) => ({
      percent: s.percent,
      soakSeconds: s.soakSeconds,
      size: s.size,
      startedAt: s.startedAt,
      counts: perStage[i]!,
    })),
    pauseWhen: { failedPercent: r.failedPercent, minDevices: r.minDevices },
    ackTimeoutSeconds: r.ackTimeoutSeconds,
    counts: total,
    total: devices,
    pausedReason: r.pausedReason,
    createdBy: r.createdBy,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

export async function rolloutDetail(ctx: AppContext, scope: DeviceScope, rolloutId: string): Promise<Rollout> {
  const row = await repo.findRollout(ctx.db, scope, rolloutId);
  if (!row) throw rolloutNotFound();
  return present(row, await repo.countsByStage(ctx.db, [row.rollout.id]));
}

export async function listRollouts(
  ctx: AppContext,
  scope: DeviceScope,
  q: {
    state?: RolloutState | undefined;
    groupId?: string | undefined;
    templateId?: string | undefined;
    page: number;
    limit: number;
  },
) {
  const { rows, total } = await repo.listRollouts(ctx.db, scope, q, {
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  const counts = await repo.countsByStage(
    ctx.db,
    rows.map((r) => r.rollout.id),
  );
  return {
    data: rows.map((r) => present(r, counts)),
    pagination: { page: q.page, limit: q.limit, total },
  };
}

export async function listRolloutDevices(
  ctx: AppContext,
  scope: DeviceScope,
  rolloutId: string,
  q: { state?: RolloutDeviceState | undefined; stage?: number | undefined; page: number; limit: number },
) {
  const row = await repo.findRollout(ctx.db, scope, rolloutId);
  if (!row) throw rolloutNotFound();
  const { rows, total } = await repo.listRolloutDevices(ctx.db, scope.customerId, rolloutId, q, {
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return {
    data: rows.map((d) => ({
      profileId: d.profileId,
      serialNumber: d.serialNumber,
      deviceName: d.deviceName,
      stage: d.stage,
      state: d.state,
      message: d.message,
      at: (d.decidedAt ?? d.appliedAt)?.toISOString() ?? null,
    })),
    pagination: { page: q.page, limit: q.limit, total },
  };
}

const transitions = {
  resume: { from: ['paused'], subType: 'Rollout Resumed', verb: 'Resumed' },
  cancel: { from: ['running', 'paused'], subType: 'Rollout Cancelled', verb: 'Cancelled' },
  rollback: {
    from: ['running', 'paused', 'completed', 'cancelled'],
    subType: 'Rollout Rolled Back',
    verb: 'Rolled back',
  },
} as const satisfies Record<string, { from: readonly RolloutState[]; subType: string; verb: string }>;

/**
 * `POST rollouts/:id/resume|cancel|rollback` under the rollout's row lock. Resume: running again, the pause rule
 * counting the devices decided from now on (the failures before were seen and accepted). Cancel: no further stage.
 * Rollback: state rolled_back at once; the `rollouts.rollback` job re-applies each changed device's settings from
 * before the rollout, in batches.
 */
export async function changeRollout(
  ctx: AppContext,
  actor: CustomerActor,
  rolloutId: string,
  action: keyof typeof transitions,
): Promise<Rollout> {
  const customerId = actor.id;
  const t = transitions[action];
  await inTransaction(ctx.db, async (tx) => {
    const r = await repo.lockRollout(tx, scopeOf(actor), rolloutId);
    if (!r) throw rolloutNotFound();
    if (!(t.from as readonly RolloutState[]).includes(r.state)) {
      throw new AppError(
        409,
        'E_CONFLICT',
        `A ${r.state.replace('_', ' ')} rollout cannot be ${action === 'rollback' ? 'rolled back' : `${action}d`}.`,
      );
    }
    const now = new Date();
    await repo.updateRollout(
      tx,
      r.id,
      action === 'resume'
        ? { state: 'running', pausedReason: null, resumedAt: now, nextCheckAt: now }
        : {
            state: action === 'cancel' ? 'cancelled' : 'rolled_back',
            nextCheckAt: null,
            finishedAt: r.finishedAt ?? now,
          },
    );
    // A completed rollout set its group to its version; rolled back, the group is again on the one before (unless
    // the group was given another template or version since, which stays).
    if (action === 'rollback' && r.state === 'completed' && r.groupId) {
      await repo.restoreGroupTemplateVersion(tx, customerId, r.groupId, {
        from: { templateId: r.templateId, version: r.version },
        to: { templateId: r.groupTemplateIdBefore, version: r.groupTemplateVersionBefore },
      });
    }
    await writeAudit(tx, {
      customerId,
      type: 'Profile',
      subType: t.subType,
      message: `${t.verb} the rollout of version ${r.version} (rollout ${r.id})`,
      groupId: r.groupId,
      actor,
    });
  });
  if (action === 'resume') await requestAdvance(ctx, rolloutId);
  if (action === 'rollback') {
    await ctx.queue.send(ROLLBACK_QUEUE, { rolloutId }, { retryLimit: 10, retryDelay: 5, retryBackoff: true });
  }
  return rolloutDetail(ctx, scopeOf(actor), rolloutId);
}
