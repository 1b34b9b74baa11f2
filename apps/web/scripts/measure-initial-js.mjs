// Sums the gzip size of the JavaScript a first visit to a route downloads: the entry chunk and its
// static imports, then the lazily loaded layout and page of that route and their static imports.
// Run after `npx vite build` in apps/web: `node scripts/measure-initial-js.mjs [route]` (default /login),
// e.g. `node scripts/measure-initial-js.mjs /dashboard`. Fails when chart code (recharts) is in the set.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const PORTAL = 'components/layouts/portal-layout.tsx';
const AUTH = 'components/layouts/auth-layout.tsx';
/** Route → the lazily loaded modules a first visit renders (layout first, then the page). */
const ROUTES = {
  '/login': [AUTH, 'features/auth/pages/login-page.tsx'],
  '/register': [AUTH, 'features/auth/pages/register-page.tsx'],
  '/pricing': [AUTH, 'features/plans/pages/pricing-page.tsx'],
  '/dashboard': [PORTAL, 'features/dashboard/pages/dashboard-page.tsx'],
  '/download-apk': [PORTAL, 'features/downloads/pages/download-apk-page.tsx'],
  '/become-reseller': [PORTAL, 'features/reseller/pages/become-reseller-page.tsx'],
  '/plans': [PORTAL, 'features/payments/pages/plans-page.tsx'],
  '/make-payment': [PORTAL, 'features/payments/pages/make-payment-page.tsx'],
  '/update-subscription': [PORTAL, 'features/payments/pages/update-subscription-page.tsx'],
  '/payment-history': [PORTAL, 'features/payments/pages/payment-history-page.tsx'],
  '/profiles': [PORTAL, 'features/profiles/pages/profiles-page.tsx'],
  '/profile-detail': [PORTAL, 'features/profiles/pages/profile-detail-page.tsx'],
  '/sl-profile-detail': [PORTAL, 'features/profiles/pages/sl-profile-detail-page.tsx'],
};

const route = process.argv[2] ?? '/login';
const modules = ROUTES[route];
if (!modules) throw new Error(`unknown route ${route}; known: ${Object.keys(ROUTES).join(', ')}`);

const closure = (keys, seen = new Set()) => {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
};

const gz = (key) => gzipSync(readFileSync(join(dist, manifest[key].file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const keyOf = (suffix) => Object.keys(manifest).find((k) => k.endsWith(suffix));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('entry not found in the manifest');
// The auth layout is a static import of the router, so it has no key of its own in some builds.
const lazyKeys = modules.map(keyOf).filter(Boolean);
if (!lazyKeys.some((k) => k.endsWith(modules.at(-1)))) throw new Error(`page of ${route} not found in the manifest`);

const entrySet = closure([entryKey]);
const routeSet = closure(lazyKeys, new Set(entrySet));
const sum = (set) => [...set].reduce((n, k) => n + gz(k), 0);

console.log('Entry and its static imports:');
for (const k of entrySet) console.log(`  ${manifest[k].file.padEnd(48)} ${kb(gz(k))}`);
console.log(`  total ${kb(sum(entrySet))}`);
const extra = [...routeSet].filter((k) => !entrySet.has(k));
console.log(`${route}: layout and page chunks and what they add:`);
for (const k of extra) console.log(`  ${manifest[k].file.padEnd(48)} ${kb(gz(k))}`);
const pageKey = lazyKeys.at(-1);
const beforePage = closure(lazyKeys.slice(0, -1), new Set(entrySet));
const pageAdds = [...routeSet].filter((k) => !beforePage.has(k));
console.log(
  `Page chunk ${manifest[pageKey].file} ${kb(gz(pageKey))}; with what it adds beyond entry and layout: ${kb(
    pageAdds.reduce((n, k) => n + gz(k), 0),
  )} (${pageAdds.length} files)`,
);
const deferred = (manifest[pageKey].dynamicImports ?? []).filter((k) => !routeSet.has(k));
for (const k of deferred) console.log(`  loaded later by the page: ${manifest[k].file} ${kb(gz(k))}`);
console.log(`Initial JS for ${route} (gzip): ${kb(sum(routeSet))}`);

const hasCharts = [...routeSet].some(
  (k) =>
    k.includes('node_modules/recharts') || k.includes('@mantine/charts') || k.endsWith('components/charts/charts.tsx'),
);
if (hasCharts) {
  console.error(`Chart code (recharts) is in the initial JS of ${route}`);
  process.exitCode = 1;
} else {
  console.log('No chart code (recharts) in the initial JS.');
}
