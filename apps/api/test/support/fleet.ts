import { eq } from 'drizzle-orm';
import { fleetApi, type Rollout } from '@fleetdeck/contract';
import { deviceGroups, policyTemplates, policyTemplateVersions, profiles } from '../../src/db/schema.ts';
import { advanceRollout } from '../../src/modules/fleet/rollouts-jobs.ts';
import { call } from './call.ts';
import { dataOf } from './profiles.ts';
import type { TestRuntime } from './runtime.ts';

/**
 * Arrange steps of the rollout and bulk-action tests: a template and a group of a customer, written as the templates
 * and groups API would write them (version 1 of a Fleetdeck (PD) template that sets the pin to `pin`).
 */

export async function pdTemplate(rt: TestRuntime, customerId: string, name: string, pin: string) {
  const [t] = await rt.ctx.db
    .insert(policyTemplates)
    .values({ customerId, name, family: 'PD', settings: { pin } })
    .returning();
  await rt.ctx.db.insert(policyTemplateVersions).values({ templateId: t!.id, version: 1, settings: { pin } });
  return t!;
}

/** A PD group holding these profiles. */
export async function pdGroup(rt: TestRuntime, customerId: string, name: string, profileIds: readonly string[]) {
  const [g] = await rt.ctx.db.insert(deviceGroups).values({ customerId, name, family: 'PD' }).returning();
  for (const id of profileIds) await rt.ctx.db.update(profiles).set({ groupId: g!.id }).where(eq(profiles.id, id));
  return g!;
}

/**
 * A rollout of the template to the group, started by `token`, that pauses itself at the first failed device (50% of at
 * least 1), with its stage applied and one more worker step run; the caller then acks a failure and runs the step that
 * pauses it. A soak keeps the stage open: without one, a worker step between the apply and the ack would end the stage
 * (devices not seen since the apply do not hold it) and complete the rollout before the failure counts — the worker's
 * next step, a second later on a busy machine, comes before the device's ack, as the second step here does.
 */
export async function rolloutPausingOnFailure(
  rt: TestRuntime,
  token: string,
  template: { id: string },
  group: { id: string },
) {
  const rollout = dataOf<Rollout>(
    await call(rt, fleetApi.rolloutCreate, {
      token,
      body: {
        templateId: template.id,
        groupId: group.id,
        stages: [{ percent: 100, soakSeconds: 600 }],
        pauseWhen: { failedPercent: 50, minDevices: 1 },
      },
    }),
  );
  await advanceRollout(rt.ctx, rollout._id, { wait: true });
  await advanceRollout(rt.ctx, rollout._id, { wait: true });
  return rollout;
}
