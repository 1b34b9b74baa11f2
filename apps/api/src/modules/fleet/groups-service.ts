import { familyDisplayName, type Family, type Group } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor, CustomerActor } from '../../lib/actor.ts';
import { accountScope, isGroupScoped, scopeOf, scopeOfActor, type DeviceScope } from '../../lib/device-scope.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { deviceCount, fleetAudit, someNames } from './audit.ts';
import { assertFamilyLicensed } from '../policy/freeze.ts';
import { conflict, invalid, profileNotFound } from '../profiles/edit.ts';
import { enrolmentQrText, qrPng } from '../qr/service.ts';
import { findCustomerById } from '../users/repository.ts';
import { enrolmentTokenOf } from '../users/service.ts';
import { applySettings } from './apply.ts';
import * as repo from './groups-repository.ts';
import { driftDifferences } from './setting-words.ts';
import * as templates from './templates-repository.ts';
import { templateNotFound } from './templates-service.ts';

/**
 * Device groups (DECISIONS §10): devices (profiles) of one family with a template and the version in force. A device
 * is in at most one group; a device joining a group with a template gets that version applied at once (apply.ts).
 */

export const groupNotFound = () => notFound('Group not found.');

const familyName = (ctx: AppContext, family: Family) => familyDisplayName(family, ctx.config.productName);
const deviceLabel = (p: { profileName: string; name: string }) =>
  p.profileName ? `${p.profileName} (${p.name})` : p.name;

/** The customer's template for a group of `family`: 404 when it is not the customer's, 400 when of another family. */
async function templateForGroup(ctx: AppContext, tx: DbOrTx, customerId: string, templateId: string, family: Family) {
  const template = await templates.findTemplate(tx, customerId, templateId);
  if (!template) throw templateNotFound();
  if (template.family !== family) {
    throw invalid(
      'templateId',
      `template "${template.name}" is for ${familyName(ctx, template.family)} devices; this group holds ${familyName(ctx, family)} devices.`,
    );
  }
  return template;
}

/**
 * Gives the group's template version to some of its devices (in the caller's transaction): their settings replaced,
 * policy version bumped, devices woken after commit. Answers how many devices got it.
 */
async function applyGroupTemplate(
  ctx: AppContext,
  tx: DbOrTx,
  afterCommit: (fn: () => Promise<void>) => void,
  group: repo.GroupRow,
  profileIds: readonly string[],
  actor: Actor,
) {
  if (!group.templateId || group.templateVersion === null || profileIds.length === 0) return [];
  const version = await templates.versionSettings(tx, group.customerId, group.templateId, group.templateVersion);
  if (!version) return [];
  await assertFamilyLicensed(tx, group.customerId, group.family);
  const applied = await applySettings(tx, ctx, {
    customerId: group.customerId,
    profileIds,
    settings: version.settings,
    actor,
    afterCommit,
  });
  if (applied.length > 0) {
    await fleetAudit(
      tx,
      group.customerId,
      actor,
      'Apply',
      `Applied template "${version.name}" version ${group.templateVersion} of group "${group.name}" to ${deviceCount(applied.length)}`,
      { groupId: group.id },
    );
  }
  return applied;
}

/** `POST groups {name, family, templateId?}`. */
export async function createGroup(
  ctx: AppContext,
  actor: CustomerActor,
  input: { name: string; family: Family; templateId?: string | null | undefined },
): Promise<Group> {
  // DECISIONS §12: a member limited to some groups would not see a group they create (it is in none of theirs).
  if (isGroupScoped(scopeOf(actor))) {
    throw forbidden(
      'Your access is limited to some groups: a group you create would not be one of them. Ask an Owner.',
    );
  }
  const id = await inTransaction(ctx.db, async (tx) => {
    const template = input.templateId
      ? await templateForGroup(ctx, tx, actor.id, input.templateId, input.family)
      : null;
    const row = await repo.insertGroup(tx, {
      customerId: actor.id,
      name: input.name,
      family: input.family,
      templateId: template?.id ?? null,
      templateVersion: template?.version ?? null,
    });
    await fleetAudit(
      tx,
      actor.id,
      actor,
      'Group',
      `Group "${input.name}" created for ${familyName(ctx, input.family)} devices${template ? ` with template "${template.name}" version ${template.version}` : ''}`,
      { groupId: row.id },
    );
    return row.id;
  });
  return groupDetail(ctx, scopeOf(actor), id);
}

/**
 * `PUT groups/:id {name?, templateId?}`: a new template (or the same template at its newest version) is applied to
 * every device of the group at once, in this request (set-based: see apply.ts); null leaves the devices as they are.
 */
export async function updateGroup(
  ctx: AppContext,
  actor: CustomerActor,
  groupId: string,
  input: { name?: string | undefined; templateId?: string | null | undefined },
): Promise<{ group: Group; applied: number }> {
  const applied = await inTransaction(ctx.db, async (tx, afterCommit) => {
    const group = await repo.lockGroup(tx, scopeOf(actor), groupId);
    if (!group) throw groupNotFound();
    const said: string[] = [];
    const patch: Parameters<typeof repo.updateGroup>[3] = {};
    if (input.name !== undefined && input.name !== group.name) {
      patch.name = input.name;
      said.push(`renamed "${group.name}" to "${input.name}"`);
    }
    let template: templates.TemplateRow | null = null;
    if (input.templateId !== undefined) {
      if (await repo.activeRolloutOf(tx, group.id)) {
        throw conflict(`A rollout is running or paused in group "${group.name}": finish or cancel it first.`);
      }
      if (input.templateId === null) {
        if (group.templateId !== null) said.push('template removed (the devices keep their settings)');
        patch.templateId = null;
        patch.templateVersion = null;
      } else {
        template = await templateForGroup(ctx, tx, actor.id, input.templateId, group.family);
        if (template.id !== group.templateId || template.version !== group.templateVersion) {
          patch.templateId = template.id;
          patch.templateVersion = template.version;
          said.push(`template "${template.name}" version ${template.version} given to its devices`);
        } else template = null;
      }
    }
    if (said.length === 0) return 0;
    await repo.updateGroup(tx, actor.id, group.id, patch);
    await fleetAudit(tx, actor.id, actor, 'Group', `Group "${patch.name ?? group.name}": ${said.join('; ')}`, {
      groupId: group.id,
    });
    if (!template) return 0;
    const members = await repo.profileIdsOfGroup(tx, actor.id, group.id);
    const applied = await applyGroupTemplate(ctx, tx, afterCommit, { ...group, ...patch }, members, actor);
    return applied.length;
  });
  return { group: await groupDetail(ctx, scopeOf(actor), groupId), applied };
}

/** `DELETE groups/:id`: the devices stay, ungrouped; refused while a rollout of the group runs or is paused. */
export async function deleteGroup(ctx: AppContext, actor: CustomerActor, groupId: string) {
  await inTransaction(ctx.db, async (tx) => {
    const group = await repo.lockGroup(tx, scopeOf(actor), groupId);
    if (!group) throw groupNotFound();
    if (await repo.activeRolloutOf(tx, group.id)) {
      throw conflict(`A rollout is running or paused in group "${group.name}": finish or cancel it first.`);
    }
    await repo.deleteGroup(tx, actor.id, group.id);
    await fleetAudit(
      tx,
      actor.id,
      actor,
      'Group',
      `Group "${group.name}" deleted; its devices keep their settings, ungrouped`,
      { groupId: group.id },
    );
  });
}

/**
 * Moves devices into a group in the caller's transaction: every id must be one of the customer's devices (404
 * otherwise) of the group's family (400 naming the device). A device in another group leaves it; the ones not in
 * this group before get its template version at once. Answers how many joined.
 */
export async function moveIntoGroup(
  ctx: AppContext,
  tx: DbOrTx,
  afterCommit: (fn: () => Promise<void>) => void,
  actor: Actor,
  group: repo.GroupRow,
  profileIds: readonly string[],
) {
  const ids = [...new Set(profileIds)];
  const rows = await repo.lockProfilesForMove(tx, scopeOfActor(actor, group.customerId), ids);
  if (rows.length !== ids.length) throw profileNotFound();
  const other = rows.find((r) => r.family !== group.family);
  if (other) {
    throw invalid(
      'profileIds',
      `${deviceLabel(other)} is a ${familyName(ctx, other.family)} device; group "${group.name}" holds ${familyName(ctx, group.family)} devices.`,
    );
  }
  const joining = rows.filter((r) => r.groupId !== group.id).map((r) => r.id);
  await repo.setGroupOf(tx, group.customerId, joining, group.id);
  const applied = await applyGroupTemplate(ctx, tx, afterCommit, group, joining, actor);
  return { joining: joining.length, rows, applied };
}

/** `POST groups/:id/devices {profileIds}`. */
export async function addDevices(ctx: AppContext, actor: CustomerActor, groupId: string, profileIds: string[]) {
  const added = await inTransaction(ctx.db, async (tx, afterCommit) => {
    const group = await repo.lockGroup(tx, scopeOf(actor), groupId);
    if (!group) throw groupNotFound();
    const { joining, rows } = await moveIntoGroup(ctx, tx, afterCommit, actor, group, profileIds);
    if (joining > 0) {
      const names = rows.filter((r) => r.groupId !== group.id).map(deviceLabel);
      await fleetAudit(
        tx,
        actor.id,
        actor,
        'Group',
        `${deviceCount(joining)} moved into group "${group.name}": ${someNames(names)}`,
        { groupId: group.id },
      );
    }
    return joining;
  });
  const detail = await groupDetail(ctx, scopeOf(actor), groupId);
  return { groupId, added, removed: 0, deviceCount: detail.deviceCount };
}

/** `POST groups/:id/devices/remove {profileIds}`: the devices of the group among them leave it (keeping settings). */
export async function removeDevices(ctx: AppContext, actor: CustomerActor, groupId: string, profileIds: string[]) {
  const removed = await inTransaction(ctx.db, async (tx) => {
    const group = await repo.lockGroup(tx, scopeOf(actor), groupId);
    if (!group) throw groupNotFound();
    const ids = [...new Set(profileIds)];
    const rows = await repo.lockProfilesForMove(tx, scopeOf(actor), ids);
    if (rows.length !== ids.length) throw profileNotFound();
    const leaving = rows.filter((r) => r.groupId === group.id);
    await repo.setGroupOf(
      tx,
      actor.id,
      leaving.map((r) => r.id),
      null,
    );
    if (leaving.length > 0) {
      await fleetAudit(
        tx,
        actor.id,
        actor,
        'Group',
        `${deviceCount(leaving.length)} removed from group "${group.name}": ${someNames(leaving.map(deviceLabel))}`,
        { groupId: group.id },
      );
    }
    return leaving.length;
  });
  const detail = await groupDetail(ctx, scopeOf(actor), groupId);
  return { groupId, added: 0, removed, deviceCount: detail.deviceCount };
}

/**
 * Devices with drift of each group (settings differing from the group's template version), counted over the groups'
 * enrolled devices in one read. Scales with the groups' sizes (fine for thousands of devices per group; a stored
 * per-device drift count refreshed on writes is the step for far larger groups).
 */
async function driftCountsOf(db: DbOrTx, customerId: string, groups: readonly repo.GroupRow[] | readonly GroupLike[]) {
  const withTemplate = groups.filter((g) => g.templateId !== null && g.templateVersion !== null);
  const counts = new Map<string, number>();
  if (withTemplate.length === 0) return counts;
  const versions = await templates.versionSettingsOf(
    db,
    customerId,
    withTemplate.map((g) => ({ templateId: g.templateId!, version: g.templateVersion! })),
  );
  const templateOf = new Map(
    withTemplate.map((g) => [g.id, versions.get(`${g.templateId}:${g.templateVersion}`) ?? null]),
  );
  for (const m of await repo.memberSettingsOf(
    db,
    customerId,
    withTemplate.map((g) => g.id),
  )) {
    const template = templateOf.get(m.groupId!);
    if (!template) continue;
    if (driftDifferences(m.family, m.settings, template).length > 0) {
      counts.set(m.groupId!, (counts.get(m.groupId!) ?? 0) + 1);
    }
  }
  return counts;
}

interface GroupLike {
  id: string;
  templateId: string | null;
  templateVersion: number | null;
}

type ListedGroup = Awaited<ReturnType<typeof repo.listGroups>>['rows'][number];

const groupOf = (r: ListedGroup, driftCount: number): Group => ({
  _id: r.id,
  name: r.name,
  family: r.family,
  templateId: r.templateId,
  templateName: r.templateName,
  templateVersion: r.templateVersion,
  deviceCount: r.deviceCount,
  driftCount,
  activeRolloutId: r.activeRolloutId,
  created_at: r.createdAt.toISOString(),
});

export async function groupDetail(ctx: AppContext, scope: DeviceScope, groupId: string): Promise<Group> {
  const customerId = scope.customerId;
  const { rows } = await repo.listGroups(ctx.db, scope, { ids: [groupId], limit: 1, offset: 0 });
  const row = rows[0];
  if (!row) throw groupNotFound();
  const drift = await driftCountsOf(ctx.db, customerId, [row]);
  return groupOf(row, drift.get(row.id) ?? 0);
}

export async function listGroups(
  ctx: AppContext,
  scope: DeviceScope,
  q: { family?: Family | undefined; search?: string | undefined; page: number; limit: number },
) {
  const customerId = scope.customerId;
  const { rows, total } = await repo.listGroups(ctx.db, scope, {
    family: q.family,
    search: q.search || undefined,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  const drift = await driftCountsOf(ctx.db, customerId, rows);
  return {
    data: rows.map((r) => groupOf(r, drift.get(r.id) ?? 0)),
    pagination: { page: q.page, limit: q.limit, total },
  };
}

/** `GET groups/:id/enrolment-qr`: the PNG of `<PUBLIC_URL>/enrol?token=<enrolmentToken>&group=<groupId>`. */
export async function groupEnrolmentQr(ctx: AppContext, scope: DeviceScope, groupId: string) {
  const customerId = scope.customerId;
  const group = await repo.findGroup(ctx.db, scope, groupId);
  if (!group) throw groupNotFound();
  const customer = await findCustomerById(ctx.db, customerId);
  if (!customer) throw groupNotFound();
  return qrPng(enrolmentQrText(ctx.config.publicUrl, enrolmentTokenOf(ctx, customer), group.id));
}

// ------------------------------------------------------------------------------------------------ drift

/** Each profile's group and drift (profile/list rows): settings differing from its group's template version. */
export async function driftOfProfiles(db: DbOrTx, scope: DeviceScope, profileIds: readonly string[]) {
  return driftOfRows(db, scope.customerId, await repo.profilesWithGroup(db, scope, profileIds));
}

/** `driftOfProfiles` of rows already read with their settings and group (a `profile/list` page: one query less). */
export async function driftOfRows(db: DbOrTx, customerId: string, rows: readonly repo.ProfileWithGroup[]) {
  const versions = await templates.versionSettingsOf(
    db,
    customerId,
    rows.flatMap((r) =>
      r.templateId && r.templateVersion !== null ? [{ templateId: r.templateId, version: r.templateVersion }] : [],
    ),
  );
  return new Map(
    rows.map((r) => {
      const template = r.templateId ? versions.get(`${r.templateId}:${r.templateVersion}`) : undefined;
      const differences = template ? driftDifferences(r.family, r.settings, template) : [];
      return [
        r.id,
        {
          group: r.groupId && r.groupName !== null ? { _id: r.groupId, name: r.groupName } : null,
          templateId: r.templateId,
          templateVersion: r.templateVersion,
          differences,
        },
      ];
    }),
  );
}

/** `GET profile/drift?profileId=`: what differs from the group's template version, in plain words. */
export async function profileDrift(ctx: AppContext, scope: DeviceScope, profileId: string) {
  const drift = (await driftOfProfiles(ctx.db, scope, [profileId])).get(profileId);
  if (!drift) throw profileNotFound();
  return {
    profileId,
    group: drift.group,
    templateId: drift.templateId,
    templateVersion: drift.templateVersion,
    drift: drift.differences.length,
    differences: drift.differences,
  };
}

// ------------------------------------------------------------------------------------------------ enrolment

/**
 * `POST enrol {groupId}` (DECISIONS §10), checked before the device is enrolled: the group must be the enrolment
 * token's customer's and of the enrolling app's family, else 400.
 */
export async function assertEnrolmentGroup(
  ctx: AppContext,
  customerId: string | null,
  groupId: string,
  family: Family,
) {
  const group = customerId ? await repo.findGroup(ctx.db, accountScope(customerId), groupId) : null;
  if (!group) throw invalid('groupId', 'is not a group of this account: scan the group’s current QR code.');
  if (group.family !== family) {
    throw invalid(
      'groupId',
      `group "${group.name}" holds ${familyName(ctx, group.family)} devices; this app is ${familyName(ctx, family)}.`,
    );
  }
}

/** After `enrol`: the new device joins the group and gets its template version; answers its policy version. */
export async function joinGroupOnEnrol(
  ctx: AppContext,
  input: { customerId: string; groupId: string; profileId: string; actor: Actor },
): Promise<number | null> {
  return inTransaction(ctx.db, async (tx, afterCommit) => {
    const group = await repo.lockGroup(tx, accountScope(input.customerId), input.groupId);
    if (!group) throw new AppError(400, 'E_VALIDATION', 'groupId: the group was deleted meanwhile.');
    const { rows, applied } = await moveIntoGroup(ctx, tx, afterCommit, input.actor, group, [input.profileId]);
    await fleetAudit(
      tx,
      input.customerId,
      input.actor,
      'Group',
      `${rows.map(deviceLabel).join(', ')} joined group "${group.name}" on enrolment (the group's QR code)`,
      { groupId: group.id },
    );
    return applied[0]?.policyVersion ?? null;
  });
}
