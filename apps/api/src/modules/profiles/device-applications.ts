import type { DeviceApplicationItem } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/service.ts';
import { requestPush } from '../policy/push.ts';
import { assertFamilyLicensed } from '../policy/freeze.ts';
import { enqueueDeviceMessage } from '../policy/wakeup.ts';
import { assertSection, profileNotFound } from './edit.ts';
import { applicationItem } from './reads.ts';
import * as repo from './repository.ts';
import { addToCatalogue, suggestedToDisable } from '../catalogue/repository.ts';
import { customerEmailOf } from '../users/repository.ts';
import { scopeOf } from '../../lib/device-scope.ts';

/** The console's handling of the apps a device reported: enable/disable one, ask for a fresh inventory. */

/** A sync request older than this is dropped: by then the device has long re-sent its inventory on its own. */
const SYNC_COMMAND_TTL_MS = 24 * 60 * 60 * 1000;
const SYNC_COMMAND = 'sync_applications';

/**
 * `profile/device/application/update`: the console's choice to disable or enable one reported app. It waits in
 * `device_applications.desired_disable` and reaches the device with the next Apply.
 */
export async function updateDeviceApplication(
  ctx: AppContext,
  actor: CustomerActor,
  input: { profileId: string; packageName: string; app_disable: boolean },
): Promise<DeviceApplicationItem> {
  const customerId = actor.id;
  return inTransaction(ctx.db, async (tx) => {
    const profile = await repo.lockProfile(tx, scopeOf(actor), input.profileId);
    if (!profile) throw profileNotFound();
    assertSection(ctx, profile.family, 'profile/device/application/update', 'applications');
    await assertFamilyLicensed(tx, customerId, profile.family);
    const row = await repo.setDesiredDisable(tx, customerId, profile.deviceId, input.packageName, input.app_disable);
    if (!row) {
      throw new AppError(
        404,
        'E_NOT_FOUND',
        `The device has not reported ${input.packageName}: sync its application list and try again.`,
      );
    }
    // DECISIONS §8 bloatware catalogue: a package disabled for the first time by any customer joins the catalogue.
    if (input.app_disable) await addToCatalogue(tx, input.packageName, await customerEmailOf(tx, customerId));
    const suggested = await suggestedToDisable(tx, [input.packageName]);
    await writeAudit(tx, {
      customerId,
      type: 'Profile',
      subType: 'Application Status Update',
      message: `Profile ${profile.profileName || profile.name} (${profile.appName}): ${input.packageName} to be ${input.app_disable ? 'disabled' : 'enabled'} on the next Apply`,
      deviceId: profile.deviceId,
      actor,
    });
    return applicationItem({ ...row, suggestedDisable: suggested.has(row.packageName) });
  });
}

/**
 * `profile/device/application/sync`: asks the device for a fresh inventory with a `sync_applications` command
 * (handed out by its long-poll; FCM tickles a sleeping app once committed). A request still waiting for the
 * device is not queued twice.
 */
export async function requestApplicationSync(ctx: AppContext, actor: CustomerActor, profileId: string) {
  const customerId = actor.id;
  const result = await inTransaction(ctx.db, async (tx) => {
    const profile = await repo.lockProfile(tx, scopeOf(actor), profileId);
    if (!profile) throw profileNotFound();
    assertSection(ctx, profile.family, 'profile/device/application/sync', 'applications');
    await assertFamilyLicensed(tx, customerId, profile.family);
    const waiting = await repo.pendingCommand(tx, customerId, profile.deviceId, SYNC_COMMAND);
    if (!waiting) {
      await enqueueDeviceMessage(
        ctx,
        tx,
        profile.deviceId,
        'command',
        { command: SYNC_COMMAND },
        new Date(Date.now() + SYNC_COMMAND_TTL_MS),
      );
    }
    // The queued command's own time, so asking again while it waits answers the same moment.
    const queued = waiting ?? (await repo.pendingCommand(tx, customerId, profile.deviceId, SYNC_COMMAND));
    const requestedAt = queued?.createdAt ?? new Date();
    await writeAudit(tx, {
      customerId,
      type: 'Profile',
      subType: 'Application Sync',
      message: `Profile ${profile.profileName || profile.name} (${profile.appName}): application list requested from the device${waiting ? ' (a request was already waiting)' : ''}`,
      deviceId: profile.deviceId,
      actor,
    });
    return { deviceId: profile.deviceId, profileId: profile.id, requestedAt: requestedAt.toISOString() };
  });
  await requestPush(ctx, [result.deviceId]);
  return { profileId: result.profileId, requestedAt: result.requestedAt };
}
