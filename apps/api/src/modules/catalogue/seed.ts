import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { familySchema, planCodeSchema } from '@fleetdeck/contract';
import type { Db } from '../../db/client.ts';
import { plans } from '../../db/schema.ts';

const catalogueSchema = z.object({
  plans: z.array(
    z.object({
      identifier: planCodeSchema,
      family: familySchema,
      type: z.enum(['recurring', 'one_time']),
      name: z.string(),
      amount: z.string().regex(/^\d+\.\d{2}$/),
      description: z.string(),
      features: z.array(z.string()),
      apkLink: z.string().optional(),
    }),
  ),
});

export const CATALOGUE_FILE = path.join(import.meta.dirname, 'catalogue.json');

/**
 * Names of earlier catalogues that were the old system's internal names ("PD Owner APP", "No Subscription"): a plan
 * still carrying one gets the customer's words of the current catalogue. A name staff changed is left alone.
 */
const LEGACY_NAMES: Record<string, string> = {
  PDOW: 'PD Owner APP Subscription',
  PDOWOT: 'PD Owner APP Onetime',
  PDOT: '{product} Onetime',
  SLOT: 'Super Lock Onetime',
  PCOT: 'Power Cleaner Onetime',
  UBOT: 'URL Blocker No Subscription',
  KMOT: 'Key Mapper No Subscription',
  POB: 'Power On Boot',
  POBOT: 'Power On Boot No Subscription',
};

/**
 * The bundled catalogue as plan rows, `{product}` replaced (the seed and the staff `price/sync` of the sandbox). With
 * `apkBaseUrl` (APK_BASE_URL), a plan without an APK link gets `<apkBaseUrl>/<FAMILY>.apk`.
 */
export function catalogueRows(productName: string, apkBaseUrl: string | null = null): (typeof plans.$inferInsert)[] {
  const { plans: entries } = catalogueSchema.parse(JSON.parse(fs.readFileSync(CATALOGUE_FILE, 'utf8')));
  const fill = (s: string) => s.replaceAll('{product}', productName);
  return entries.map((p) => ({
    identifier: p.identifier,
    family: p.family,
    type: p.type,
    name: fill(p.name),
    description: fill(p.description),
    amount: p.amount,
    interval: p.type === 'recurring' ? 'year' : null,
    intervalCount: p.type === 'recurring' ? 1 : 3,
    features: p.features.map((text) => ({ text: fill(text), checked: true })),
    apkLink: p.apkLink || (apkBaseUrl ? `${apkBaseUrl}/${p.family}.apk` : ''),
  }));
}

/**
 * Inserts missing plans only: prices staff have edited since are never overwritten. Safe to run on every start.
 * Renames plans still carrying a legacy name, and fills empty APK links from `apkBaseUrl`.
 */
export async function seedCatalogue(db: Db, productName: string, apkBaseUrl: string | null = null) {
  const rows = catalogueRows(productName, apkBaseUrl);
  for (const row of rows) {
    const legacy = LEGACY_NAMES[row.identifier];
    if (legacy) {
      await db
        .update(plans)
        .set({ name: row.name })
        .where(and(eq(plans.identifier, row.identifier), eq(plans.name, legacy.replaceAll('{product}', productName))));
    }
    if (apkBaseUrl && row.apkLink) {
      await db
        .update(plans)
        .set({ apkLink: row.apkLink })
        .where(and(eq(plans.identifier, row.identifier), eq(plans.apkLink, '')));
    }
  }
  await db.insert(plans).values(rows).onConflictDoNothing({ target: plans.identifier });
}
