// The bundle budget: sums the gzip size of the JavaScript a first visit to an app's login page downloads (the
// entry chunk and its static imports, then the page chunk and its static imports) and exits 1 when an app is over
// its budget or when chart code (recharts) is in that set. The page's module is read from the app's route table,
// the chunks from the Vite manifest (`build.manifest`). Runs after `vite build` (`npm run build` runs both).
//   node scripts/measure-initial-js.mjs            every app's login page, against its budget
//   node scripts/measure-initial-js.mjs /dashboard  one route of the customer app, chunk by chunk (no budget)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';

const KB = 1024;
/** The back office's login page: 147.4 KB at its first measurement (its layout loads with the first signed-in page). */
const BACK_OFFICE_BUDGET_KB = 150;

/**
 * One entry per app of the build. `guest` is the route table the entry holds (the login page is in it); `areas`
 * are route tables loaded later, with the lazy modules (layout, table) a first visit to one of their pages adds.
 */
const APPS = [
  {
    name: 'customer',
    entry: 'index.html',
    guest: { module: '../src/portal/app/guest-routes.ts', table: 'guestRoutes' },
    login: '/login',
    budget: 150 * KB,
    areas: [
      {
        module: '../src/portal/app/portal-routes.tsx',
        table: 'portalRoutes',
        loadedWith: ['src/portal/components/layouts/portal-layout.tsx', 'src/portal/app/portal-routes.tsx'],
      },
    ],
  },
  // The back office (DECISIONS §8): a second entry of this build with its own route table (one table: the staff
  // pages are few, their sidebar and guards need the whole table at once).
  {
    name: 'back office',
    entry: 'admin.html',
    guest: { module: '../src/back-office/app/routes.tsx', table: 'backOfficeRoutes' },
    login: '/super-admin/login',
    budget: BACK_OFFICE_BUDGET_KB * KB,
    areas: [],
  },
];

const dist = new URL('../dist/', import.meta.url).pathname;
const manifestFile = join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) throw new Error(`${manifestFile} not found: run \`vite build\` first`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const tsconfig = new URL('../tsconfig.json', import.meta.url).pathname;

/** The route table exported by `module` (a TypeScript module of the app, `@/` paths resolved). */
const loadTable = async ({ module, table }) =>
  (await tsImport(new URL(module, import.meta.url).href, { parentURL: import.meta.url, tsconfig }))[table];

/** The manifest key of the module a route's page loader imports (`lazyNamed(() => import('@/…'), …)`). */
const pageKeyOf = (route) => {
  const specifier = /import\(\s*["'`]([^"'`]+)["'`]\s*\)/.exec(route.page.load.toString())?.[1];
  if (!specifier) throw new Error(`no import() in the page loader of ${route.path}`);
  const base = specifier.replace(/^@\//, 'src/');
  const key = ['.tsx', '.ts', '.jsx', '.js'].map((ext) => base + ext).find((k) => manifest[k]);
  if (!key) throw new Error(`page of ${route.path} (${specifier}) not found in the manifest`);
  return key;
};

const closure = (keys, seen = new Set()) => {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
};
const gzCache = new Map();
const gz = (key) => {
  if (!gzCache.has(key)) gzCache.set(key, gzipSync(readFileSync(join(dist, manifest[key].file)), { level: 9 }).length);
  return gzCache.get(key);
};
const sum = (set) => [...set].reduce((n, k) => n + gz(k), 0);
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const hasCharts = (set) =>
  [...set].some(
    (k) =>
      k.includes('node_modules/recharts') ||
      k.includes('@mantine/charts') ||
      k.endsWith('components/charts/charts.tsx'),
  );

/** The files a first visit to `route` downloads: the entry's closure, then the route's lazy modules' closures. */
const initialSet = (app, lazyKeys) => {
  if (!manifest[app.entry]?.isEntry) throw new Error(`entry ${app.entry} of the ${app.name} app not in the manifest`);
  const entrySet = closure([app.entry]);
  return { entrySet, routeSet: closure(lazyKeys, new Set(entrySet)) };
};

const listFiles = (title, keys) => {
  console.log(title);
  for (const k of keys) console.log(`  ${manifest[k].file.padEnd(48)} ${kb(gz(k))}`);
};

/** Finds `path` in an app's tables: the guest one (in the entry), then the areas (which add their lazy modules). */
const findRoute = async (app, path) => {
  const guest = (await loadTable(app.guest)).find((r) => r.path === path);
  if (guest) return { route: guest, lazyKeys: [pageKeyOf(guest)] };
  for (const area of app.areas) {
    const route = (await loadTable(area)).find((r) => r.path === path);
    if (route) return { route, lazyKeys: [...area.loadedWith.filter((k) => manifest[k]), pageKeyOf(route)] };
  }
  return undefined;
};

let failed = false;
const only = process.argv[2];

if (only) {
  const app = APPS[0];
  const found = await findRoute(app, only);
  if (!found) throw new Error(`no route ${only} in the ${app.name} app's route tables`);
  const { entrySet, routeSet } = initialSet(app, found.lazyKeys);
  listFiles('Entry and its static imports:', entrySet);
  console.log(`  total ${kb(sum(entrySet))}`);
  listFiles(
    `${only}: layout, table and page chunks and what they add:`,
    [...routeSet].filter((k) => !entrySet.has(k)),
  );
  const pageKey = found.lazyKeys.at(-1);
  const deferred = (manifest[pageKey].dynamicImports ?? []).filter((k) => !routeSet.has(k));
  for (const k of deferred) console.log(`  loaded later by the page: ${manifest[k].file} ${kb(gz(k))}`);
  console.log(`Initial JS for ${only} (gzip): ${kb(sum(routeSet))}`);
  if (hasCharts(routeSet)) {
    console.error(`Chart code (recharts) is in the initial JS of ${only}`);
    failed = true;
  }
} else {
  for (const app of APPS) {
    const login = (await loadTable(app.guest)).find((r) => r.path === app.login);
    if (!login) throw new Error(`no route "${app.login}" in the ${app.name} app's route table`);
    const { routeSet } = initialSet(app, [pageKeyOf(login)]);
    const size = sum(routeSet);
    const over = size > app.budget;
    const line = `Initial JS of the ${app.name} app's ${login.path} (gzip): ${kb(size)} (budget ${kb(app.budget)}, ${routeSet.size} files)`;
    if (over) console.error(`${line}: OVER BUDGET by ${kb(size - app.budget)}`);
    else console.log(line);
    if (hasCharts(routeSet)) console.error(`Chart code (recharts) is in the initial JS of ${login.path}`);
    failed ||= over || hasCharts(routeSet);
  }
}

if (failed) process.exitCode = 1;
