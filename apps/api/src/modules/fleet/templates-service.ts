import crypto from 'node:crypto';
import type { Family, Template, TemplateSettingsInput } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { fleetAudit, savedBy } from './audit.ts';
import type { Section } from '../policy/document.ts';
import { assertListKind, assertSection, conflict, invalid, profileNotFound } from '../profiles/edit.ts';
import { lockProfile } from '../profiles/repository.ts';
import { definedOnly } from '../profiles/setting-edits.ts';
import { readSettings, type ProfileSettings } from '../profiles/settings.ts';
import { versionChanges } from './setting-words.ts';
import * as repo from './templates-repository.ts';
import { scopeOf, type DeviceScope } from '../../lib/device-scope.ts';

/**
 * Policy templates (DECISIONS §10): a named, versioned settings document of one family, made from a device's profile
 * and edited key by key with the profile calls' rules. Every save that changes what a device would apply is a new
 * version with its changes in plain words; a rename alone keeps the version.
 */

export const templateNotFound = () => notFound('Template not found.');

/** Which profile tab each template key belongs to (a key of a tab the family has not answers 400, as profiles do). */
const SECTION_OF: Record<Exclude<keyof ProfileSettings, 'profileApplications'>, Section> = {
  pin: 'pin',
  advancedSettings: 'advanced',
  blockUrl: 'urls',
  blockFileUrl: 'urls',
  profileFiles: 'files',
  keyMapper: 'keys',
  powerCleanerSettings: 'cleaner',
  enablePowerOnBoot: 'powerOnBoot',
  shutdownOnDisconnect: 'powerOnBoot',
  scheduleShutdown: 'powerOnBoot',
  kioskType: 'kiosk',
  singleAppKioskPackageName: 'kiosk',
  browserKioskWebsiteUrl: 'kiosk',
  browserKioskScreenTimeout: 'kiosk',
  browserKioskScreenBrightness: 'kiosk',
  browserKioskScreenOrientation: 'kiosk',
  browserKioskShowAddressBar: 'kiosk',
  signageVideoLists: 'kiosk',
  signageKioskScreenTimeout: 'kiosk',
  signageKioskScreenBrightness: 'kiosk',
  signageKioskScreenOrientation: 'kiosk',
};

/** Who saved a version, as the audit log names them: the customer's email, or the staff member's in a login-as. */
/** The settings as the jsonb columns keep them. */
const stored = (s: ProfileSettings) => s as unknown as Record<string, unknown>;

const firstDuplicate = (keys: string[]) => keys.find((k, i) => keys.indexOf(k) !== i);

/**
 * The template's settings with `input` merged over them: each key sent replaces its value (the switch groups switch
 * by switch), checked against the family's tabs, then the rules across fields on the result.
 */
function mergeSettings(ctx: AppContext, family: Family, current: ProfileSettings, input: TemplateSettingsInput) {
  const now = new Date().toISOString();
  const next: ProfileSettings = { ...current };
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const call = `settings.${key}`;
    if (key === 'profileApplications') {
      const entries = input.profileApplications ?? [];
      for (const e of entries) assertListKind(ctx, family, call, e.productType ?? null);
      const dup = firstDuplicate(entries.map((e) => `${e.productType ?? ''}:${e.appPackageName}`));
      if (dup) throw conflict(`${call}: ${dup.split(':')[1]} is listed twice in the same list.`);
      next.profileApplications = entries.map((e) => {
        const kept = current.profileApplications.find(
          (c) => c.appPackageName === e.appPackageName && c.productType === (e.productType ?? null),
        );
        return {
          _id: kept?._id ?? crypto.randomUUID(),
          appPackageName: e.appPackageName,
          appIcon: e.appIcon ?? '',
          status: e.status,
          appDetails: { title: '', icon: '', appId: '', ...e.appDetails },
          productType: e.productType ?? null,
          created_at: kept?.created_at ?? now,
        };
      });
      continue;
    }
    assertSection(ctx, family, call, SECTION_OF[key as keyof typeof SECTION_OF]);
    if (key === 'advancedSettings') {
      next.advancedSettings = {
        ...current.advancedSettings,
        ...(definedOnly(input.advancedSettings ?? {}) as Partial<ProfileSettings['advancedSettings']>),
      };
    } else if (key === 'powerCleanerSettings') {
      next.powerCleanerSettings = {
        ...current.powerCleanerSettings,
        ...(definedOnly(input.powerCleanerSettings ?? {}) as Partial<ProfileSettings['powerCleanerSettings']>),
      };
    } else if (key === 'keyMapper') {
      const entries = input.keyMapper ?? [];
      const dup = firstDuplicate(entries.map((e) => `${e.keyName} ${e.keyEvent}`));
      if (dup) throw conflict(`${call}: ${dup} is mapped twice.`);
      next.keyMapper = entries.map((e) => {
        const kept = current.keyMapper.find(
          (c) => c.keyName === e.keyName && c.keyEvent === e.keyEvent && c.packageName === e.packageName,
        );
        return { ...e, _id: kept?._id ?? crypto.randomUUID(), created_at: kept?.created_at ?? now };
      });
    } else {
      (next as unknown as Record<string, unknown>)[key] = value;
    }
  }
  assertKioskComplete(next);
  return readSettings(next);
}

/** The kiosk rules of `profile/update/kiosk/setting`, on the whole document. */
function assertKioskComplete(s: ProfileSettings) {
  const needs: Partial<Record<ProfileSettings['kioskType'], [boolean, string]>> = {
    'Single App': [s.singleAppKioskPackageName.trim() !== '', 'a Single App kiosk needs singleAppKioskPackageName.'],
    'Multi App': [
      s.profileApplications.some((a) => a.productType === 'Kiosk'),
      'a Multi App kiosk needs at least one app in its kiosk list (profileApplications with productType Kiosk).',
    ],
    Browser: [s.browserKioskWebsiteUrl !== '', 'a Browser kiosk needs browserKioskWebsiteUrl.'],
    Signage: [s.signageVideoLists.length > 0, 'a Signage kiosk needs at least one video in signageVideoLists.'],
  };
  const rule = needs[s.kioskType];
  if (rule && !rule[0]) throw invalid('settings.kioskType', rule[1]);
}

/** A template is account-wide, but the profile it is taken from must be one the member sees (DECISIONS §12). */
async function snapshotOf(tx: DbOrTx, scope: DeviceScope, profileId: string) {
  const profile = await lockProfile(tx, scope, profileId);
  if (!profile) throw profileNotFound();
  return { profile, settings: readSettings(profile.settings) };
}

const profileLabel = (p: { profileName: string; name: string }) =>
  p.profileName ? `${p.profileName} (${p.name})` : p.name;

/** `POST templates {name, fromProfileId}`: version 1 is the profile's settings now. */
export async function createTemplate(
  ctx: AppContext,
  actor: CustomerActor,
  input: { name: string; fromProfileId: string },
): Promise<Template> {
  const id = await inTransaction(ctx.db, async (tx) => {
    const { profile, settings } = await snapshotOf(tx, scopeOf(actor), input.fromProfileId);
    if (profile.family === 'PCHAT') throw invalid('fromProfileId', 'Power Chat profiles have no device settings.');
    const row = await repo.insertTemplate(tx, {
      customerId: actor.id,
      name: input.name,
      family: profile.family,
      settings: stored(settings),
    });
    await repo.insertVersion(tx, {
      templateId: row.id,
      version: 1,
      settings: stored(settings),
      changes: [`Created from the settings of ${profileLabel(profile)}`],
      createdBy: await savedBy(tx, actor),
    });
    await fleetAudit(
      tx,
      actor.id,
      actor,
      'Template',
      `Template "${input.name}" created from ${profileLabel(profile)} (version 1)`,
    );
    return row.id;
  });
  return templateDetail(ctx, actor.id, id);
}

/**
 * `PUT templates/:id {name?, settings?, fromProfileId?}`: a new version when what the devices would apply changes
 * (keys of `settings` merged over the current version, or a new snapshot of a profile of the same family).
 */
export async function updateTemplate(
  ctx: AppContext,
  actor: CustomerActor,
  templateId: string,
  input: {
    name?: string | undefined;
    settings?: TemplateSettingsInput | undefined;
    fromProfileId?: string | undefined;
  },
): Promise<{ template: Template; saved: 'version' | 'name' | 'nothing' }> {
  if (input.settings !== undefined && input.fromProfileId !== undefined) {
    throw invalid('settings', 'send either settings or fromProfileId, not both.');
  }
  const saved = await inTransaction(ctx.db, async (tx) => {
    const template = await repo.lockTemplate(tx, actor.id, templateId);
    if (!template) throw templateNotFound();
    const current = readSettings(template.settings);
    let next = current;
    let source = '';
    if (input.fromProfileId !== undefined) {
      const { profile, settings } = await snapshotOf(tx, scopeOf(actor), input.fromProfileId);
      if (profile.family !== template.family) {
        throw invalid(
          'fromProfileId',
          `${profileLabel(profile)} is a ${profile.appName} device; this template is for ${template.family} devices.`,
        );
      }
      next = settings;
      source = ` from the settings of ${profileLabel(profile)}`;
    } else if (input.settings !== undefined) {
      next = mergeSettings(ctx, template.family, current, input.settings);
    }
    const changes = versionChanges(template.family, stored(current), stored(next));
    const renamed = input.name !== undefined && input.name !== template.name;
    if (changes.length === 0 && !renamed) return 'nothing' as const;
    const version = changes.length > 0 ? template.version + 1 : template.version;
    await repo.updateTemplate(tx, actor.id, template.id, {
      ...(renamed ? { name: input.name } : {}),
      ...(changes.length > 0 ? { version, settings: stored(next) } : {}),
    });
    if (changes.length > 0) {
      await repo.insertVersion(tx, {
        templateId: template.id,
        version,
        settings: stored(next),
        changes,
        createdBy: await savedBy(tx, actor),
      });
    }
    const said = [
      renamed ? `renamed "${template.name}" to "${input.name}"` : '',
      changes.length > 0 ? `saved as version ${version}${source}: ${changes.join('; ')}` : '',
    ].filter(Boolean);
    await fleetAudit(tx, actor.id, actor, 'Template', `Template "${input.name ?? template.name}" ${said.join('; ')}`);
    return changes.length > 0 ? ('version' as const) : ('name' as const);
  });
  return { template: await templateDetail(ctx, actor.id, templateId), saved };
}

/** `DELETE templates/:id`: refused (409) while a group uses it or a rollout of it runs (or is kept in the history). */
export async function deleteTemplate(ctx: AppContext, actor: CustomerActor, templateId: string) {
  await inTransaction(ctx.db, async (tx) => {
    const template = await repo.lockTemplate(tx, actor.id, templateId);
    if (!template) throw templateNotFound();
    const uses = await repo.usesOfTemplate(tx, template.id);
    if (uses.groups > 0) {
      throw conflict(
        `Template "${template.name}" is used by ${uses.groups === 1 ? '1 group' : `${uses.groups} groups`}: give ${uses.groups === 1 ? 'it' : 'them'} another template first.`,
      );
    }
    if (uses.activeRollouts > 0) {
      throw conflict(
        `A rollout of template "${template.name}" is running or paused: cancel it or let it finish first.`,
      );
    }
    if (uses.rollouts > 0) {
      throw conflict(`Template "${template.name}" is named in the history of its rollouts and cannot be deleted.`);
    }
    await repo.deleteTemplate(tx, actor.id, template.id);
    await fleetAudit(
      tx,
      actor.id,
      actor,
      'Template',
      `Template "${template.name}" deleted (it was at version ${template.version})`,
    );
  });
}

export async function templateDetail(ctx: AppContext, customerId: string, templateId: string): Promise<Template> {
  const row = await repo.findTemplate(ctx.db, customerId, templateId);
  if (!row) throw templateNotFound();
  const [versions, groupCount] = await Promise.all([
    repo.versionsOf(ctx.db, customerId, templateId),
    repo.groupCountOf(ctx.db, templateId),
  ]);
  return {
    _id: row.id,
    name: row.name,
    family: row.family,
    version: row.version,
    settings: readSettings(row.settings) as unknown as Template['settings'],
    versions: versions.map((v) => ({
      version: v.version,
      created_at: v.createdAt.toISOString(),
      createdBy: v.createdBy,
      changes: v.changes,
    })),
    groupCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listTemplates(
  ctx: AppContext,
  customerId: string,
  q: { family?: Family | undefined; search?: string | undefined; page: number; limit: number },
) {
  const { rows, total } = await repo.listTemplates(ctx.db, customerId, {
    family: q.family,
    search: q.search || undefined,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return {
    data: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      family: r.family,
      version: r.version,
      groupCount: r.groupCount,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    pagination: { page: q.page, limit: q.limit, total },
  };
}

/** The settings of a version of the customer's template (404 when there is no such template or version). */
export async function versionOf(db: DbOrTx, customerId: string, templateId: string, version: number) {
  const row = await repo.versionSettings(db, customerId, templateId, version);
  if (!row) throw new AppError(404, 'E_NOT_FOUND', `Template version ${version} not found.`);
  return row;
}
