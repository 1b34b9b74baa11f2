import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { packageNameSchema, type PlayStoreApp } from '@fleetdeck/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { searchReportedPackages } from '../repository.ts';
import { iconUrlOf } from './icon.ts';
import { PLAY_STORE_MAX_RESULTS, type PlayStoreProvider } from './types.ts';

/**
 * The default Play Store search: no outside service. It looks in two places, the packages the customer's own
 * devices reported (their in-house apps included) and a bundled catalogue of common Android and Samsung apps
 * (`catalogue.json`), and ranks the matches (see `matchRank`).
 */

const CATALOGUE_FILE = path.join(import.meta.dirname, 'catalogue.json');

const catalogueSchema = z.object({
  apps: z.array(
    z.object({
      appId: z.string().refine((v) => packageNameSchema.safeParse(v).success, 'must be a package name'),
      title: z.string().min(1),
      developer: z.string(),
    }),
  ),
});

export interface CatalogueApp {
  appId: string;
  title: string;
  developer: string;
}

let catalogue: ReadonlyMap<string, CatalogueApp> | null = null;

/** The bundled catalogue by package name, read and checked once (a broken file fails the first search loudly). */
export function catalogueApps(): ReadonlyMap<string, CatalogueApp> {
  if (!catalogue) {
    const parsed = catalogueSchema.parse(JSON.parse(fs.readFileSync(CATALOGUE_FILE, 'utf8')));
    catalogue = new Map(parsed.apps.map((a) => [a.appId, a]));
  }
  return catalogue;
}

/**
 * How well an app matches what was typed (lower is better; null: no match): the title equal to it, the title
 * starting with it, the package starting with it, a later word of the title starting with it, a later segment of
 * the package starting with it, then anywhere in the title or package.
 */
export function matchRank(term: string, title: string, appId: string): number | null {
  const q = term.trim().toLowerCase();
  if (q === '') return null;
  const t = title.toLowerCase();
  const p = appId.toLowerCase();
  if (t === q) return 0;
  if (t.startsWith(q)) return 1;
  if (p.startsWith(q)) return 2;
  if (t.split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(q))) return 3;
  if (p.split('.').some((s) => s.startsWith(q))) return 4;
  if (t.includes(q) || p.includes(q)) return 5;
  return null;
}

/** Reported icons are shown by the console's <img>: only http(s) URLs and inline raster images are kept. */
const usableIcon = (icon: string) =>
  /^https?:\/\//i.test(icon) || /^data:image\/(png|jpe?g|webp|gif);base64,/i.test(icon);

interface Candidate extends PlayStoreApp {
  rank: number;
  reported: boolean;
}

/** Ranked matches of the catalogue and of the customer's reported packages, one per package. */
export async function searchLocal(db: DbOrTx, customerId: string, term: string, limit: number) {
  const byApp = new Map<string, Candidate>();
  const reported = await searchReportedPackages(db, customerId, term, limit * 3);
  for (const r of reported) {
    const known = catalogueApps().get(r.packageName);
    const title = known?.title ?? (r.appName || r.packageName);
    // A package matches on the name the device reported as well as on the catalogue's title.
    const ranks = [matchRank(term, title, r.packageName), matchRank(term, r.appName, r.packageName)].filter(
      (n): n is number => n !== null,
    );
    byApp.set(r.packageName, {
      appId: r.packageName,
      title,
      icon: usableIcon(r.appIcon) ? r.appIcon : iconUrlOf(r.packageName),
      developer: known?.developer ?? '',
      rank: ranks.length > 0 ? Math.min(...ranks) : 5,
      reported: true,
    });
  }
  for (const app of catalogueApps().values()) {
    if (byApp.has(app.appId)) continue;
    const rank = matchRank(term, app.title, app.appId);
    if (rank === null) continue;
    byApp.set(app.appId, { ...app, icon: iconUrlOf(app.appId), rank, reported: false });
  }
  return [...byApp.values()]
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        // Apps already on the customer's devices are the likelier choice.
        Number(b.reported) - Number(a.reported) ||
        a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) ||
        a.appId.localeCompare(b.appId),
    )
    .slice(0, limit)
    .map(({ appId, title, icon, developer }) => ({ appId, title, icon, developer }));
}

export function createLocalProvider(db: DbOrTx): PlayStoreProvider {
  return {
    name: 'local',
    search: (customerId, term) => searchLocal(db, customerId, term, PLAY_STORE_MAX_RESULTS),
  };
}
