import type { Family } from '@fleetdeck/contract';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { likeEscape } from '../../db/paging.ts';
import { deviceGroups, policyTemplateVersions, policyTemplates, rollouts } from '../../db/schema.ts';

/** SQL of policy templates (DECISIONS §10). Every function filters by the customer id of the session. */

export type TemplateRow = typeof policyTemplates.$inferSelect;
export type TemplateVersionRow = typeof policyTemplateVersions.$inferSelect;

const ofCustomer = (customerId: string, templateId: string) =>
  and(eq(policyTemplates.id, templateId), eq(policyTemplates.customerId, customerId));

export async function findTemplate(db: DbOrTx, customerId: string, templateId: string): Promise<TemplateRow | null> {
  const [row] = await db.select().from(policyTemplates).where(ofCustomer(customerId, templateId));
  return row ?? null;
}

/** The customer's template, locked until the end of the transaction (saves of one template take turns). */
export async function lockTemplate(db: DbOrTx, customerId: string, templateId: string): Promise<TemplateRow | null> {
  const [row] = await db.select().from(policyTemplates).where(ofCustomer(customerId, templateId)).for('update');
  return row ?? null;
}

export async function insertTemplate(
  db: DbOrTx,
  values: { customerId: string; name: string; family: Family; settings: Record<string, unknown> },
) {
  const [row] = await db
    .insert(policyTemplates)
    .values({ ...values, version: 1 })
    .returning();
  return row!;
}

export async function insertVersion(db: DbOrTx, values: typeof policyTemplateVersions.$inferInsert) {
  await db.insert(policyTemplateVersions).values(values);
}

export async function updateTemplate(
  db: DbOrTx,
  customerId: string,
  templateId: string,
  patch: { name?: string; version?: number; settings?: Record<string, unknown> },
) {
  const [row] = await db
    .update(policyTemplates)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(ofCustomer(customerId, templateId))
    .returning();
  return row!;
}

/** Every version of the customer's template, newest first. */
export async function versionsOf(db: DbOrTx, customerId: string, templateId: string) {
  return db
    .select({
      version: policyTemplateVersions.version,
      createdAt: policyTemplateVersions.createdAt,
      createdBy: policyTemplateVersions.createdBy,
      changes: policyTemplateVersions.changes,
    })
    .from(policyTemplateVersions)
    .innerJoin(policyTemplates, eq(policyTemplates.id, policyTemplateVersions.templateId))
    .where(and(eq(policyTemplateVersions.templateId, templateId), eq(policyTemplates.customerId, customerId)))
    .orderBy(desc(policyTemplateVersions.version));
}

/** The settings of one version of the customer's template (null: no such template or version). */
export async function versionSettings(db: DbOrTx, customerId: string, templateId: string, version: number) {
  const [row] = await db
    .select({ settings: policyTemplateVersions.settings, family: policyTemplates.family, name: policyTemplates.name })
    .from(policyTemplateVersions)
    .innerJoin(policyTemplates, eq(policyTemplates.id, policyTemplateVersions.templateId))
    .where(
      and(
        eq(policyTemplateVersions.templateId, templateId),
        eq(policyTemplateVersions.version, version),
        eq(policyTemplates.customerId, customerId),
      ),
    );
  return row ?? null;
}

/** The settings of several (template, version) pairs of the customer at once, keyed `<templateId>:<version>`. */
export async function versionSettingsOf(
  db: DbOrTx,
  customerId: string,
  pairs: readonly { templateId: string; version: number }[],
) {
  if (pairs.length === 0) return new Map<string, Record<string, unknown>>();
  const rows = await db
    .select({
      templateId: policyTemplateVersions.templateId,
      version: policyTemplateVersions.version,
      settings: policyTemplateVersions.settings,
    })
    .from(policyTemplateVersions)
    .innerJoin(policyTemplates, eq(policyTemplates.id, policyTemplateVersions.templateId))
    .where(
      and(
        eq(policyTemplates.customerId, customerId),
        inArray(policyTemplateVersions.templateId, [...new Set(pairs.map((p) => p.templateId))]),
      ),
    );
  const wanted = new Set(pairs.map((p) => `${p.templateId}:${p.version}`));
  return new Map(
    rows
      .filter((r) => wanted.has(`${r.templateId}:${r.version}`))
      .map((r) => [`${r.templateId}:${r.version}`, r.settings]),
  );
}

const groupCount = sql<number>`(select count(*)::int from ${deviceGroups} g where g.template_id = ${policyTemplates.id})`;

export async function groupCountOf(db: DbOrTx, templateId: string) {
  const [row] = await db.select({ n: count() }).from(deviceGroups).where(eq(deviceGroups.templateId, templateId));
  return row?.n ?? 0;
}

export interface TemplateFilter {
  family?: Family | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
}

/** A page of the customer's templates, newest first, with how many groups use each. */
export async function listTemplates(db: DbOrTx, customerId: string, f: TemplateFilter) {
  const where: SQL | undefined = and(
    eq(policyTemplates.customerId, customerId),
    f.family ? eq(policyTemplates.family, f.family) : undefined,
    f.search ? sql`${policyTemplates.name} ilike ${`%${likeEscape(f.search)}%`}` : undefined,
  );
  const rows = await db
    .select({
      id: policyTemplates.id,
      name: policyTemplates.name,
      family: policyTemplates.family,
      version: policyTemplates.version,
      createdAt: policyTemplates.createdAt,
      updatedAt: policyTemplates.updatedAt,
      groupCount,
    })
    .from(policyTemplates)
    .where(where)
    .orderBy(desc(policyTemplates.createdAt), desc(policyTemplates.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(policyTemplates).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * What keeps a template from being deleted: groups using it, rollouts of it running or paused, and finished rollouts
 * (their history names the template and version).
 */
export async function usesOfTemplate(db: DbOrTx, templateId: string) {
  const groups = await db.select({ n: count() }).from(deviceGroups).where(eq(deviceGroups.templateId, templateId));
  const [ofRollouts] = await db
    .select({
      all: count(),
      active: sql<number>`(count(*) filter (where ${inArray(rollouts.state, ['running', 'paused'])}))::int`,
    })
    .from(rollouts)
    .where(eq(rollouts.templateId, templateId));
  return { groups: groups[0]?.n ?? 0, activeRollouts: ofRollouts?.active ?? 0, rollouts: ofRollouts?.all ?? 0 };
}

export async function deleteTemplate(db: DbOrTx, customerId: string, templateId: string) {
  await db.delete(policyTemplates).where(ofCustomer(customerId, templateId));
}
