import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The SPA's index.html, as every page address answers it: read once at start-up, the installation's PRODUCT_NAME
 * put into its title and static shell (the shell paints before the bundle runs, so it must carry the right name),
 * compressed once (brotli and gzip), sent with `no-cache` and an ETag so a repeat visit costs a 304.
 *
 * Variants: the login page's keeps the shell's login card and also preloads the login page's own code (a lazy
 * chunk, found in the build's manifest), so the form replaces its skeleton without a loader in between; every other
 * address gets the shell without the card (a signed-in page must not flash a login form). The address of a page the
 * build has a module for (`features/<area>/pages/<name>-page.tsx` answers `/<name>`) also preloads that page's code
 * and its layout's (the signed-in frame, the route table): the browser fetches them all at once while the entry
 * loads, instead of one lazy level after the other (on a phone's network each level is a round trip).
 */
export interface HtmlVariant {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** One app's page: its login address's variant (the shell's card, the login chunk preloaded) and every other's. */
export interface AppHtml {
  login: HtmlVariant;
  other: HtmlVariant;
  /** The variant of a page address the build has a page module for (its chunks preloaded), made on first use. */
  page: (pathname: string) => HtmlVariant | undefined;
}

/** The two apps of the build (DECISIONS §8): the customer console and, when built, the back office. */
export interface IndexHtml {
  portal: AppHtml;
  backOffice: AppHtml | null;
}

/**
 * Each app's HTML file, login address and login page module (as the build manifest names it); its page modules
 * (the name gives the address) and the layouts their routes render in: a page of a lazily loaded route table is shown
 * in that table's layout; otherwise in the app's signed-in layout unless it is a signed-out page.
 */
interface AppSpec {
  file: string;
  loginPath: string;
  loginModule: RegExp;
  pageModule: RegExp;
  areas: { routes: string; layout: string }[];
  signedInLayout?: { layout: string; except: RegExp };
}
const APPS = {
  portal: {
    file: 'index.html',
    loginPath: '/login',
    loginModule: /(^|\/)features\/auth\/pages\/login-page\.tsx$/,
    pageModule: /^src\/portal\/features\/[^/]+\/pages\/([a-z0-9-]+)-page\.tsx$/,
    areas: [
      { routes: 'src/portal/app/portal-routes.tsx', layout: 'src/portal/components/layouts/portal-layout.tsx' },
      { routes: 'src/portal/app/site-routes.tsx', layout: 'src/portal/features/site/components/site-layout.tsx' },
    ],
  },
  backOffice: {
    file: 'admin.html',
    loginPath: '/super-admin/login',
    loginModule: /(^|\/)back-office\/features\/account\/pages\/staff-login-page\.tsx$/,
    pageModule: /^src\/back-office\/features\/[^/]+\/pages\/([a-z0-9-]+)-page\.tsx$/,
    areas: [],
    signedInLayout: {
      layout: 'src/back-office/components/back-office-layout.tsx',
      except: /^src\/back-office\/features\/account\//,
    },
  },
} satisfies Record<string, AppSpec>;

/** Back-office addresses (DECISIONS §8): `/super-admin/*` and `/admin-*`. */
export const isBackOfficePath = (pathname: string) =>
  pathname === '/super-admin' || pathname.startsWith('/super-admin/') || pathname.startsWith('/admin-');

/** The name the build writes into index.html (apps/web/index.html), replaced by PRODUCT_NAME. */
const BUILT_PRODUCT_NAME = 'Fleetdeck';
const CARD = /[ \t]*<!--shell-card-->[\s\S]*?<!--\/shell-card-->\n?/;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }>;

function readManifest(webDist: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/**
 * The JS files the given modules' chunks need (themselves and what they import) and their stylesheets, from
 * dist/.vite/manifest.json.
 */
function chunksOf(manifest: Manifest, starts: string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const start of starts) visit(start);
  return {
    js: [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')),
    css: [...new Set([...seen].flatMap((k) => manifest[k]!.css ?? []))],
  };
}

/**
 * A page module's address and the modules its first render needs (its layout's, its route table's, its own), with its
 * feature's `api/prefetch.ts` when the build has one: the route table imports that lazily to start the page's data on
 * a first visit (portal-routes.tsx), so it is fetched beside the page instead of after the route table has run.
 */
function pageModules(manifest: Manifest, app: AppSpec): Map<string, string[]> {
  const pages = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const name = app.pageModule.exec(key)?.[1];
    if (!name || `/${name}` === app.loginPath) continue;
    const area = app.areas.find((a) => manifest[a.routes]?.dynamicImports?.includes(key));
    const modules = area
      ? [area.layout, area.routes, key]
      : app.signedInLayout && !app.signedInLayout.except.test(key)
        ? [app.signedInLayout.layout, key]
        : [key];
    const prefetch = key.replace(/\/pages\/[^/]+$/, '/api/prefetch.ts');
    // The prefetch first: the browser fetches preloads in their order, a few at a time, and the page's data waits for it.
    pages.set(`/${name}`, manifest[prefetch] ? [prefetch, ...modules] : modules);
  }
  return pages;
}

function variant(html: string): HtmlVariant {
  const identity = Buffer.from(html, 'utf8');
  return {
    etag: `"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    gzip: zlib.gzipSync(identity, { level: 9 }),
    br: zlib.brotliCompressSync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  };
}

function loadApp(webDist: string, productName: string, app: AppSpec): AppHtml {
  const name = escapeHtml(productName);
  const html = fs
    .readFileSync(path.join(webDist, app.file), 'utf8')
    .replace(`<title>${BUILT_PRODUCT_NAME}`, `<title>${name}`)
    // Elements of the static shell that show the product name carry `data-product-name`.
    // (An element's opening tag, then its text up to the next tag.)
    .replace(/(<[a-z][a-z0-9]*\s[^<>]*\bdata-product-name\b[^<>]*>)[^<]*</g, (_m, open: string) => `${open}${name}<`);
  const manifest = readManifest(webDist);
  const withPreloads = (page: string, modules: string[]) => {
    const { js, css } = chunksOf(manifest, modules);
    const missing = (files: string[]) => files.map((file) => `/${file}`).filter((href) => !page.includes(`"${href}"`));
    const links = missing(js)
      // Low priority like the app's other scripts (vite-plugins.ts): the shell paints without them.
      .map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`);
    // The chunks' stylesheets beside the app's own, after the shell: a lazy chunk's import otherwise adds its
    // stylesheet only when it runs and waits for it (one more round trip before the page renders); finding it in the
    // page, it waits for nothing.
    const styles = missing(css).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
    return page
      .replace('</head>', `${links.map((l) => `  ${l}\n`).join('')}  </head>`)
      .replace('</body>', `${styles.map((l) => `  ${l}\n`).join('')}  </body>`);
  };
  const loginModule = Object.keys(manifest).find((k) => app.loginModule.test(k));
  const withoutCard = html.replace(CARD, '');
  const pages = pageModules(manifest, app);
  const made = new Map<string, HtmlVariant>();
  return {
    login: variant(loginModule ? withPreloads(html, [loginModule]) : html),
    other: variant(withoutCard),
    page(pathname) {
      const modules = pages.get(pathname);
      if (!modules) return undefined;
      let v = made.get(pathname);
      if (!v) made.set(pathname, (v = variant(withPreloads(withoutCard, modules))));
      return v;
    },
  };
}

export function loadIndexHtml(webDist: string, productName: string): IndexHtml {
  return {
    portal: loadApp(webDist, productName, APPS.portal),
    backOffice: fs.existsSync(path.join(webDist, APPS.backOffice.file))
      ? loadApp(webDist, productName, APPS.backOffice)
      : null,
  };
}

/** The variant for a page address: the back office's HTML for its addresses, the console's for every other. */
export function htmlFor(html: IndexHtml, pathname: string): HtmlVariant {
  const isStaff = html.backOffice !== null && isBackOfficePath(pathname);
  const app = isStaff ? html.backOffice! : html.portal;
  if (pathname === (isStaff ? APPS.backOffice.loginPath : APPS.portal.loginPath)) return app.login;
  return app.page(pathname) ?? app.other;
}

/** The encoding to answer with: the accepted one of br and gzip with the highest q (br on a tie), else none. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  let best: 'br' | 'gzip' | null = null;
  let bestQ = 0;
  const qualities: Record<string, number> = {};
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    qualities[token.trim()] = q ? Number(q[1]) : 1;
  }
  for (const enc of ['br', 'gzip'] as const) {
    const q = qualities[enc] ?? qualities['*'] ?? 0;
    if (q > bestQ) {
      best = enc;
      bestQ = q;
    }
  }
  return best;
}

export function sendIndexHtml(html: HtmlVariant, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-cache').header('etag', html.etag).header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === html.etag)) {
    return reply.code(304).send();
  }
  reply.type('text/html; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? html[encoding] : html.identity);
}
