import fs from 'node:fs';
import path from 'node:path';
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

/** The bundled catalogue as plan rows, `{product}` replaced (the seed and the staff `price/sync` of the sandbox). */
export function catalogueRows(productName: string): (typeof plans.$inferInsert)[] {
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
    apkLink: p.apkLink ?? '',
  }));
}

/** Inserts missing plans only: prices staff have edited since are never overwritten. Safe to run on every start. */
export async function seedCatalogue(db: Db, productName: string) {
  await db.insert(plans).values(catalogueRows(productName)).onConflictDoNothing({ target: plans.identifier });
}
