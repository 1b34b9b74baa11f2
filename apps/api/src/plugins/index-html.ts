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
 * Two variants: the login page's keeps the shell's login card and also preloads the login page's own code (a lazy
 * chunk, found in the build's manifest), so the form replaces its skeleton without a loader in between; every other
 * address gets the shell without the card (a signed-in page must not flash a login form).
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
}

/** The two apps of the build (DECISIONS §8): the customer console and, when built, the back office. */
export interface IndexHtml {
  portal: AppHtml;
  backOffice: AppHtml | null;
}

/** Each app's HTML file, login address and login page module (as the build manifest names it). */
const APPS = {
  portal: { file: 'index.html', loginPath: '/login', loginModule: /(^|\/)features\/auth\/pages\/login-page\.tsx$/ },
  backOffice: {
    file: 'admin.html',
    loginPath: '/super-admin/login',
    loginModule: /(^|\/)back-office\/features\/session\/pages\/staff-login-page\.tsx$/,
  },
} as const;

/** Back-office addresses (DECISIONS §8): `/super-admin/*` and `/admin-*`. */
export const isBackOfficePath = (pathname: string) =>
  pathname === '/super-admin' || pathname.startsWith('/super-admin/') || pathname.startsWith('/admin-');

/** The name the build writes into index.html (apps/web/index.html), replaced by PRODUCT_NAME. */
const BUILT_PRODUCT_NAME = 'Fleetdeck';
const CARD = /[ \t]*<!--shell-card-->[\s\S]*?<!--\/shell-card-->\n?/;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The JS files a login page's chunk needs (itself and what it imports), from dist/.vite/manifest.json. */
function loginChunks(webDist: string, loginModule: RegExp): string[] {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return [];
  }
  const start = Object.keys(manifest).find((k) => loginModule.test(k));
  if (!start) return [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(start);
  return [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
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

function loadApp(webDist: string, productName: string, app: (typeof APPS)[keyof typeof APPS]): AppHtml {
  const name = escapeHtml(productName);
  const html = fs
    .readFileSync(path.join(webDist, app.file), 'utf8')
    .replace(`<title>${BUILT_PRODUCT_NAME}`, `<title>${name}`)
    // Elements of the static shell that show the product name carry `data-product-name`.
    // (An element's opening tag, then its text up to the next tag.)
    .replace(/(<[a-z][a-z0-9]*\s[^<>]*\bdata-product-name\b[^<>]*>)[^<]*</g, (_m, open: string) => `${open}${name}<`);
  const preloads = loginChunks(webDist, app.loginModule)
    .map((file) => `/${file}`)
    .filter((href) => !html.includes(`"${href}"`))
    // Low priority like the app's other scripts (vite-plugins.ts): the shell paints without them.
    .map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`);
  return {
    login: variant(html.replace('</head>', `${preloads.map((l) => `  ${l}\n`).join('')}  </head>`)),
    other: variant(html.replace(CARD, '')),
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
  return pathname === (isStaff ? APPS.backOffice.loginPath : APPS.portal.loginPath) ? app.login : app.other;
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
