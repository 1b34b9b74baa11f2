import { eq } from 'drizzle-orm';
import { deviceGroups, policyTemplates, policyTemplateVersions, profiles } from '../../src/db/schema.ts';
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
