import type {
  AuditEntry,
  DeviceExport,
  DeviceLog,
  PlanCode,
  auditListQuerySchema,
  deviceLogListQuerySchema,
} from '@fleetdeck/contract';
import type { z } from 'zod/mini';
import { inTransaction, type AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { writeAudit } from '../audit/service.ts';
import { PDALL_APPS } from '../devices/service.ts';
import { assertFamilyLicensed } from '../policy/freeze.ts';
import { cursorId, cursorTimestamp, decodeCursor, keysetAnswer, keysetWindowOf } from './keyset.ts';
import * as team from '../team/repository.ts';
import { keyNames } from '../api-keys/repository.ts';
import * as repo from './repository.ts';
import { scopeOf, type DeviceScope } from '../../lib/device-scope.ts';

/**
 * The customer's fleet activity: device logs and the audit log (keyset lists of 100M-row tables), the exports
 * devices upload and their restore onto a {product} profile. Every call is scoped to the session's customer.
 */

type DeviceLogListInput = z.output<typeof deviceLogListQuerySchema>;
type AuditListInput = z.output<typeof auditListQuerySchema>;

const exportNotFound = () => notFound('Export not found.');

export async function deviceLogList(ctx: AppContext, scope: DeviceScope, q: DeviceLogListInput) {
  const bySerial = q.sort === 'serialNumber';
  let after: repo.DeviceLogKey | undefined;
  if (q.cursor !== undefined) {
    const key = decodeCursor(q.cursor, q.sort, q.order, bySerial ? 3 : 2);
    after = bySerial
      ? { serialNumber: String(key[0]), createdAt: cursorTimestamp(key[1]), id: cursorId(key[2]) }
      : { serialNumber: '', createdAt: cursorTimestamp(key[0]), id: cursorId(key[1]) };
  }
  const found = await repo.listDeviceLogs(ctx.db, scope, {
    serialNumber: q.serialNumber,
    sort: q.sort,
    ...keysetWindowOf(q, after),
  });
  return keysetAnswer(
    found,
    q,
    q.sort,
    (r) => (bySerial ? [r.serialNumber, r.createdAtMicros, r.id] : [r.createdAtMicros, r.id]),
    (r): DeviceLog => ({
      _id: String(r.id),
      serialNumber: r.serialNumber,
      deviceName: r.deviceName,
      deviceActivity: r.deviceActivity,
      activityResult: r.activityResult,
      created_at: r.createdAt.toISOString(),
    }),
  );
}

/**
 * `billing`: whether the caller may read billing; without it the Payments rows are left out. `scope`: the caller's
 * devices and member id; a group-scoped member reads only their groups' device rows (DECISIONS §12).
 */
export async function auditList(
  ctx: AppContext,
  customerId: string,
  q: AuditListInput,
  billing: boolean,
  scope?: { devices: DeviceScope; memberId: string | null },
) {
  let after: repo.AuditKey | undefined;
  if (q.cursor !== undefined) {
    const key = decodeCursor(q.cursor, 'created_at', q.order, 2);
    after = { createdAt: cursorTimestamp(key[0]), id: cursorId(key[1]) };
  }
  const found = await repo.listAuditEntries(ctx.db, customerId, {
    type: q.type,
    subType: q.sub_type,
    source: q.source,
    hasError: q.hasError,
    actors: q.memberId === undefined ? undefined : await actorsOfMember(ctx, customerId, q.memberId),
    withoutBilling: !billing,
    scope,
    ...keysetWindowOf(q, after),
  });
  const memberIds = [...new Set(found.rows.flatMap((r) => (r.actorKind === 'member' && r.actorId ? [r.actorId] : [])))];
  // The page's people in one query (at most a page of ids), the registrant always among them.
  const known = await team.auditedPeople(ctx.db, customerId, memberIds);
  const people = new Map(known.map((p) => [p.id, p]));
  const registrant = known.find((p) => p.registrant) ?? null;
  const keyIds = [...new Set(found.rows.flatMap((r) => (r.actorKind === 'api_key' && r.actorId ? [r.actorId] : [])))];
  const keys = await keyNames(ctx.db, customerId, keyIds);
  return keysetAnswer(
    found,
    q,
    'created_at',
    (r) => [r.createdAtMicros, r.id],
    (r): AuditEntry => ({
      _id: String(r.id),
      type: r.type,
      sub_type: r.subType,
      message: r.message,
      source: r.source,
      hasError: r.hasError,
      created_at: r.createdAt.toISOString(),
      ...whoDid(r, people, registrant, keys),
    }),
  );
}

/**
 * The actors whose rows are a member's: theirs, and for the registrant also the rows written before the team (kind
 * `customer`, the account's id). A member of another account (or an unknown id) has none, so the list is empty.
 */
async function actorsOfMember(ctx: AppContext, customerId: string, memberId: string): Promise<repo.AuditActor[]> {
  const member = (await team.auditedPeople(ctx.db, customerId, [memberId])).find((p) => p.id === memberId);
  if (!member) return [];
  return member.registrant
    ? [
        { kind: 'member', id: memberId },
        { kind: 'customer', id: customerId },
      ]
    : [{ kind: 'member', id: memberId }];
}

/**
 * Who an audit row names (DECISIONS §12): the member (name, else email; the registrant by the account's name, also
 * for rows written before the team), "Staff" for a login-as, "Device" for a device, "API key <name>" for a key (§13); nobody for the system or a visitor
 * (an unknown email, or a failed sign-in with a person's email).
 */
function whoDid(
  r: { actorKind: string | null; actorId: string | null; type: string; subType: string; hasError: boolean },
  people: ReadonlyMap<string, team.AuditedPerson>,
  registrant: team.AuditedPerson | null,
  keys: ReadonlyMap<string, string>,
): Pick<AuditEntry, 'actor' | 'memberId'> {
  if (repo.isFailedSignIn(r)) return { actor: null, memberId: null };
  switch (r.actorKind) {
    case 'member': {
      const person = r.actorId ? people.get(r.actorId) : undefined;
      return { actor: person?.name ?? null, memberId: r.actorId };
    }
    case 'customer':
      return { actor: registrant?.name ?? null, memberId: registrant?.id ?? null };
    case 'staff':
      return { actor: 'Staff', memberId: null };
    case 'device':
      return { actor: 'Device', memberId: null };
    case 'api_key': {
      const name = r.actorId ? keys.get(r.actorId) : undefined;
      return { actor: name === undefined ? 'API key' : `API key ${name}`, memberId: null };
    }
    default:
      return { actor: null, memberId: null };
  }
}

// ------------------------------------------------------------------------------------------------------ exports

const toExport = (r: repo.ExportRow): DeviceExport => ({
  _id: r.id,
  exportName: r.exportName,
  serialNumber: r.serialNumber,
  appName: r.appName,
  disabledApplications: r.disabledApplications,
  created_at: r.createdAt.toISOString(),
});

export async function exportList(ctx: AppContext, scope: DeviceScope, q: { page: number; limit: number }) {
  const { rows, total } = await repo.listExports(ctx.db, scope, {
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return { data: rows.map(toExport), total };
}

export async function exportDetail(ctx: AppContext, scope: DeviceScope, exportId: string) {
  const row = await repo.findExport(ctx.db, scope, exportId);
  if (!row) throw exportNotFound();
  const names = await repo.inventoryNames(ctx.db, row.deviceId, row.disabledApplications);
  return {
    ...toExport(row),
    applications: row.disabledApplications.map((packageName) => ({
      packageName,
      appName: names.get(packageName)?.appName ?? '',
      appIcon: names.get(packageName)?.appIcon ?? '',
    })),
  };
}

export async function deleteExport(ctx: AppContext, actor: CustomerActor, exportId: string) {
  const customerId = actor.id;
  return inTransaction(ctx.db, async (tx) => {
    const row = await repo.deleteExport(tx, scopeOf(actor), exportId);
    if (!row) throw exportNotFound();
    await writeAudit(tx, {
      customerId,
      type: 'Device',
      subType: 'Export Delete',
      message: `Export "${row.exportName}" of ${row.serialNumber} deleted`,
      deviceId: row.deviceId,
      actor,
    });
    return toExport(row);
  });
}

export async function deleteExportApplication(
  ctx: AppContext,
  actor: CustomerActor,
  input: { exportId: string; app: string },
) {
  const customerId = actor.id;
  return inTransaction(ctx.db, async (tx) => {
    const row = await repo.removeExportApplication(tx, scopeOf(actor), input.exportId, input.app);
    if (!row) {
      if (!(await repo.findExport(tx, scopeOf(actor), input.exportId))) throw exportNotFound();
      throw new AppError(404, 'E_NOT_FOUND', `app: ${input.app} is not in this export.`, {
        errors: [{ field: 'app', message: 'is not in this export' }],
      });
    }
    await writeAudit(tx, {
      customerId,
      type: 'Device',
      subType: 'Export Application Delete',
      message: `${input.app} removed from export "${row.exportName}" of ${row.serialNumber}`,
      deviceId: row.deviceId,
      actor,
    });
    return toExport(row);
  });
}

const isPdAllApp = (appName: string) => (PDALL_APPS as readonly string[]).includes(appName as PlanCode);

/**
 * Restores an export's disabled apps onto a {product} profile (PD, PDOT, PDOW, PDOWOT) of the same customer: each
 * package gets the console's choice "disable" on the target device (see repo.markPackagesDisabled). Nothing reaches
 * the device until the customer presses Apply on the profile, like any other application choice. A family whose
 * used seats exceed its purchased ones answers 402 as every profile change does (DECISIONS §5).
 */
export async function restoreDisabledApps(
  ctx: AppContext,
  actor: CustomerActor,
  input: { profileId: string; restoreId: string },
) {
  const customerId = actor.id;
  return inTransaction(ctx.db, async (tx) => {
    const source = await repo.findExport(tx, scopeOf(actor), input.restoreId);
    if (!source) {
      throw new AppError(404, 'E_NOT_FOUND', 'restoreId: export not found.', {
        errors: [{ field: 'restoreId', message: 'export not found' }],
      });
    }
    const target = await repo.findProfileWithDevice(tx, scopeOf(actor), input.profileId);
    if (!target) {
      throw new AppError(404, 'E_PROFILE_NOT_FOUND', 'profileId: profile not found.', {
        errors: [{ field: 'profileId', message: 'profile not found' }],
      });
    }
    if (!isPdAllApp(target.appName)) {
      throw new AppError(
        400,
        'E_VALIDATION',
        `profileId: exports restore onto ${ctx.config.productName} profiles only (PD, PDOT, PDOW, PDOWOT); this one is ${target.appName}.`,
        { errors: [{ field: 'profileId', message: `must be a ${ctx.config.productName} profile` }] },
      );
    }
    if (target.loggedOutAt !== null) {
      throw new AppError(409, 'E_CONFLICT', 'This device is logged out. Enrol it again before restoring onto it.');
    }
    await assertFamilyLicensed(tx, customerId, target.family);
    const names = await repo.inventoryNames(tx, source.deviceId, source.disabledApplications);
    const apps = source.disabledApplications.map((packageName) => ({
      packageName,
      appName: names.get(packageName)?.appName ?? '',
      appIcon: names.get(packageName)?.appIcon ?? '',
    }));
    const notOnDevice = await repo.markPackagesDisabled(tx, target.deviceId, apps);
    await writeAudit(tx, {
      customerId,
      type: 'Device',
      subType: 'Export Restore',
      message:
        `Export "${source.exportName}" of ${source.serialNumber} restored onto ${target.serialNumber} ` +
        `(${target.appName}): ${apps.length} app(s) to disable on the next Apply`,
      deviceId: target.deviceId,
      actor,
    });
    return { profileId: target.profileId, restored: apps.length, notOnDevice };
  });
}
