import crypto from 'node:crypto';
import { MAX_PROFILE_LIST_ENTRIES, type ProfileApplication } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/service.ts';
import { FAMILY_SECTIONS } from '../policy/document.ts';
import { assertFamilyLicensed } from '../policy/freeze.ts';
import {
  assertListKind,
  assertSection,
  conflict,
  editSettings,
  listFull,
  listLabel,
  profileNotFound,
  type Change,
  type ListKind,
} from './edit.ts';
import { catalogueApps } from './playstore/local.ts';
import { profileApplications } from './reads.ts';
import * as repo from './repository.ts';
import { applicationsOfList, readSettings, type ProfileSettings } from './settings.ts';
import { scopeOf } from '../../lib/device-scope.ts';

/**
 * The application lists of a profile (spec 2 "Profile application"): Power Cleaner's uninstall/clear list, Super
 * Lock's Cleaner Apps and its Multi App kiosk list. Each edit answers the list as it is now.
 */

export interface ApplicationCreateInput {
  profileId: string;
  appPackageName: string;
  appIcon: string;
  status: ProfileApplication['status'];
  appDetails: ProfileApplication['appDetails'];
  productType?: ListKind | undefined;
}

export async function createProfileApplication(ctx: AppContext, actor: CustomerActor, input: ApplicationCreateInput) {
  const kind = input.productType ?? null;
  return editListWithFamily(ctx, actor, input.profileId, 'profile/application/create', kind, (s) => {
    const list = applicationsOfList(s, kind);
    if (list.some((a) => a.appPackageName === input.appPackageName)) {
      throw conflict(`${input.appPackageName} is already in the ${listLabel(kind)}.`);
    }
    if (list.length >= MAX_PROFILE_LIST_ENTRIES) throw listFull(listLabel(kind));
    const known = catalogueApps().get(input.appPackageName);
    const entry: ProfileApplication = {
      _id: crypto.randomUUID(),
      appPackageName: input.appPackageName,
      appIcon: input.appIcon,
      status: input.status,
      appDetails: {
        title: input.appDetails.title || known?.title || input.appPackageName,
        icon: input.appDetails.icon || input.appIcon,
        appId: input.appDetails.appId || input.appPackageName,
      },
      productType: kind,
      created_at: new Date().toISOString(),
    };
    return {
      patch: { profileApplications: [...s.profileApplications, entry] },
      summary: `${input.appPackageName} added to the ${listLabel(kind)} (${input.status})`,
    };
  });
}

export async function updateProfileApplication(
  ctx: AppContext,
  actor: CustomerActor,
  input: {
    profileId: string;
    appPackageName: string;
    status: ProfileApplication['status'];
    productType?: ListKind | undefined;
  },
) {
  const kind = input.productType ?? null;
  return editListWithFamily(ctx, actor, input.profileId, 'profile/application/update', kind, (s) => {
    const entry = s.profileApplications.find(
      (a) => a.productType === kind && a.appPackageName === input.appPackageName,
    );
    if (!entry) throw new AppError(404, 'E_NOT_FOUND', `${input.appPackageName} is not in the ${listLabel(kind)}.`);
    return {
      patch: {
        profileApplications: s.profileApplications.map((a) => (a === entry ? { ...a, status: input.status } : a)),
      },
      summary: `${input.appPackageName} in the ${listLabel(kind)} set to ${input.status}`,
    };
  });
}

export async function deleteProfileApplication(
  ctx: AppContext,
  actor: CustomerActor,
  input: { profileId: string; id: string },
) {
  const customerId = actor.id;
  const call = 'profile/application/delete';
  let kind: ListKind = null;
  await inTransaction(ctx.db, async (tx) => {
    const profile = await repo.lockProfile(tx, scopeOf(actor), input.profileId);
    if (!profile) throw profileNotFound();
    // Refuse the call itself on an app without lists before saying whether the entry exists.
    const sections = FAMILY_SECTIONS[profile.family];
    if (!sections.includes('cleanerApps') && !sections.includes('kiosk')) {
      assertSection(ctx, profile.family, call, 'cleanerApps');
    }
    await assertFamilyLicensed(tx, customerId, profile.family);
    const s = readSettings(profile.settings);
    const entry = s.profileApplications.find((a) => a._id === input.id);
    if (!entry) throw new AppError(404, 'E_NOT_FOUND', 'This application is not in the list (any more).');
    kind = entry.productType;
    if (kind === 'Kiosk' && s.kioskType === 'Multi App' && applicationsOfList(s, 'Kiosk').length === 1) {
      throw conflict(
        'This is the last app of the Multi App kiosk: add another app or choose another kiosk type before removing it.',
      );
    }
    await repo.patchSettings(tx, customerId, profile.id, {
      profileApplications: s.profileApplications.filter((a) => a !== entry),
    });
    await writeAudit(tx, {
      customerId,
      type: 'Profile',
      subType: 'Application Update',
      message: `Profile ${profile.profileName || profile.name} (${profile.appName}): ${entry.appPackageName} removed from the ${listLabel(kind)}`,
      deviceId: profile.deviceId,
      actor,
    });
  });
  return profileApplications(ctx, scopeOf(actor), { profileId: input.profileId, productType: kind ?? undefined });
}

/** An edit of one application list whose kind is known from the request: family-checked first. */
async function editListWithFamily(
  ctx: AppContext,
  actor: CustomerActor,
  profileId: string,
  call: string,
  kind: ListKind,
  change: (settings: ProfileSettings) => Change,
): Promise<ProfileApplication[]> {
  await editSettings(ctx, {
    actor,
    profileId,
    authorise: (family) => assertListKind(ctx, family, call, kind),
    change: (s) => ({ subType: 'Application Update', ...change(s) }),
  });
  return profileApplications(ctx, scopeOf(actor), { profileId, productType: kind ?? undefined });
}
