import {
  FAMILIES,
  MAX_PROFILE_LIST_ENTRIES,
  familyDisplayName,
  type AuditSubType,
  type Family,
  type ProductType,
} from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/service.ts';
import { FAMILY_SECTIONS, cleanerListOf, type Section } from '../policy/document.ts';
import { assertFamilyLicensed } from '../policy/freeze.ts';
import * as repo from './repository.ts';
import { readSettings, type ProfileSettings } from './settings.ts';
import { scopeOf } from '../../lib/device-scope.ts';

/**
 * What every profile edit shares (spec 2 §7): the family check (a call for another app's tab answers 400), and one
 * edit of the settings run in one transaction with the profile row locked: family check, licence check (402 while the
 * family has more devices than seats), the change, its audit entry. The settings are sent to the device only by Apply,
 * which freezes them with `buildPolicy`.
 */

export type ListKind = ProductType | null;

export const profileNotFound = () => new AppError(404, 'E_PROFILE_NOT_FOUND', 'Profile not found.');

export const conflict = (message: string) => new AppError(409, 'E_CONFLICT', message);
export const invalid = (field: string, message: string) =>
  new AppError(400, 'E_VALIDATION', `${field}: ${message}`, { errors: [{ field, message }] });
export const listFull = (what: string) =>
  conflict(
    `The ${what} already holds ${MAX_PROFILE_LIST_ENTRIES} entries, the most a list may have: delete one first.`,
  );

const SECTION_NAMES: Record<Section, string> = {
  pin: 'the pin',
  advanced: 'advanced settings',
  urls: 'URL blocking',
  files: 'the file list',
  keys: 'key mapping',
  cleaner: 'cleaner settings',
  cleanerApps: 'the uninstall/clear application list',
  powerOnBoot: 'power on boot',
  kiosk: 'kiosk mode',
  applications: 'enabling and disabling device applications',
};

const familyName = (ctx: AppContext, family: Family) => familyDisplayName(family, ctx.config.productName);

const listing = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** 400 naming the call when the profile's app has no such tab (FAMILY_SECTIONS). */
export function assertSection(ctx: AppContext, family: Family, call: string, section: Section) {
  if (FAMILY_SECTIONS[family].includes(section)) return;
  const owners = FAMILIES.filter((f) => FAMILY_SECTIONS[f].includes(section)).map((f) => familyName(ctx, f));
  const message = `does not apply to ${familyName(ctx, family)} profiles: ${SECTION_NAMES[section]} is part of ${listing(owners)} profiles only.`;
  throw new AppError(400, 'E_VALIDATION', `${call} ${message}`, { errors: [{ field: call, message }] });
}

/**
 * The application lists of spec 2 "Profile application": the kiosk list is Super Lock's; the uninstall/clear list
 * is Power Cleaner's (no productType) or Super Lock's Cleaner Apps ('Super Lock'), see `cleanerListOf`.
 */
export function assertListKind(ctx: AppContext, family: Family, call: string, productType: ListKind) {
  if (productType === 'Kiosk') return assertSection(ctx, family, call, 'kiosk');
  assertSection(ctx, family, call, 'cleanerApps');
  const expected = cleanerListOf(family);
  if (productType === expected) return;
  throw invalid(
    'productType',
    expected === null
      ? `a ${familyName(ctx, family)} profile keeps its uninstall/clear list without a productType.`
      : `a ${familyName(ctx, family)} profile keeps its cleaner apps under productType '${expected}' (its kiosk apps under 'Kiosk').`,
  );
}

export const listLabel = (kind: ListKind) =>
  kind === 'Kiosk' ? 'kiosk list' : kind === 'Super Lock' ? 'Cleaner Apps list' : 'uninstall/clear list';

export interface Change {
  /** Settings keys to write (each written whole). */
  patch: Partial<ProfileSettings>;
  /** What changed, for the audit log (no secrets: the pin's value is never written there). */
  summary: string;
  subType?: AuditSubType;
}

interface EditRequest {
  actor: CustomerActor;
  profileId: string;
  /** Runs first, with the profile's family: refuses calls for another app's tabs. */
  authorise: (family: Family) => void;
  change: (settings: ProfileSettings) => Change;
}

/** One edit of a profile's settings: locked, family- and licence-checked, written and audited in one transaction. */
export async function editSettings(ctx: AppContext, edit: EditRequest): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const profile = await repo.lockProfile(tx, scopeOf(edit.actor), edit.profileId);
    if (!profile) throw profileNotFound();
    edit.authorise(profile.family);
    await assertFamilyLicensed(tx, edit.actor.id, profile.family);
    const { patch, summary, subType } = edit.change(readSettings(profile.settings));
    await repo.patchSettings(tx, edit.actor.id, profile.id, patch);
    await writeAudit(tx, {
      customerId: edit.actor.id,
      type: 'Profile',
      subType: subType ?? 'Update',
      message: `Profile ${profile.profileName || profile.name} (${profile.appName}): ${summary}`.slice(0, 2000),
      deviceId: profile.deviceId,
      actor: edit.actor,
    });
  });
}
