import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../test/support/runtime.ts';

/** The web app as `npm start` serves it: built (if its sources changed) by scripts/web-build.mjs. */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');

let rt: TestRuntime;
let entryJs: string;
/** The largest script the page loads first (the entry's own chunk can be a few hundred bytes, under the threshold). */
let firstJs: string;
beforeAll(async () => {
  const build = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "(await import('./scripts/web-build.mjs')).ensureWebBuild()"],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`the web build failed:\n${build.stdout}\n${build.stderr}`);
  const html = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  entryJs = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  firstJs = [
    entryJs,
    ...[...html.matchAll(/<link rel="modulepreload"[^>]* href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!),
  ]
    .map((file) => ({ file, size: fs.statSync(path.join(WEB_DIST, file)).size }))
    .sort((a, b) => b.size - a.size)[0]!.file;
  rt = await startTestRuntime(inject('pgAdminUrl'), {
    serveWeb: true,
    env: { WEB_DIST: WEB_DIST, PRODUCT_NAME: 'Acme <MDM>' },
  });
}, 120_000);
afterAll(async () => rt?.close());

const get = (url: string, headers: Record<string, string> = {}) => rt.app.inject({ method: 'GET', url, headers });
const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)">/g)].map((m) => m[1]!);
/** A page without the preload and stylesheet links the server adds to a page address (the build's own ones included). */
const withoutPreloads = (html: string) => html.replace(/[ \t]*<link rel="(?:modulepreload|stylesheet)"[^>]*>\n?/g, '');

/** The JS files of a source module's chunk and what it imports, from the build's manifest. */
function chunksOf(module: RegExp): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const start = Object.keys(manifest).find((k) => module.test(k))!;
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const d of manifest[k]!.imports ?? []) visit(d);
  };
  visit(start);
  return [...seen].map((k) => `/${manifest[k]!.file}`);
}

describe('the request log', () => {
  it('writes one line per request with what an operator needs, without the query string', async () => {
    await get('/login?token=secret-in-query');
    const lines = rt.logLines
      .join('')
      .split('\n')
      .filter((l) => l.includes('"url":"/login"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, method: 'GET', statusCode: 200, msg: 'request completed' });
    expect(lines[0]).toHaveProperty('reqId');
    expect(lines[0]).toHaveProperty('ip');
    expect(lines[0]).toHaveProperty('responseTime');
    expect(rt.logLines.join('')).not.toContain('secret-in-query');
  });

  it("logs the health probes' successful answers at debug only (a line every few seconds per process says nothing)", async () => {
    const before = rt.logLines.length;
    expect((await get('/healthz')).statusCode).toBe(200);
    await get('/login');
    const written = rt.logLines.slice(before).join('');
    expect(written).toContain('"url":"/login"');
    expect(written).not.toContain('"url":"/healthz"');
  });
});

describe('the web app', () => {
  it("serves React's production build, though this file asks for the build under NODE_ENV=test", async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const assets = path.join(WEB_DIST, 'assets');
    const scripts = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // jsxDEV is what the development JSX runtime compiles to; the production build calls jsx and jsxs.
    expect(scripts.filter((f) => fs.readFileSync(path.join(assets, f), 'utf8').includes('jsxDEV'))).toEqual([]);
  });

  it('sends hashed assets with the immutable header, precompressed as the browser accepts', async () => {
    const original = fs.readFileSync(path.join(WEB_DIST, firstJs));

    const gzip = await get(firstJs, { 'accept-encoding': 'gzip' });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toMatch(/javascript/);
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gzip.rawPayload).equals(original)).toBe(true);

    const br = await get(firstJs, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const plain = await get(firstJs);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
    // Security headers on static files too.
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HTML with no-cache and an ETag, a 304 when it did not change, gzip to a gzip-only client', async () => {
    const gzip = await get('/login', { 'accept-encoding': 'gzip' });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gzip.headers['cache-control']).toBe('no-cache');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers['content-security-policy']).toContain("script-src 'self';");
    const etag = gzip.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const html = zlib.gunzipSync(gzip.rawPayload).toString('utf8');
    expect(html).toContain(`src="${entryJs}"`);

    const br = await get('/login', { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(html);

    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);

    const again = await get('/login', { 'if-none-match': etag, 'accept-encoding': 'gzip' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('answers every page address with the shell, the product name in it, the login card on /login only', async () => {
    const login = (await get('/login')).body;
    expect(login).toContain('<title>Acme &lt;MDM&gt;</title>');
    expect(login).toContain('Sign in to <span data-product-name>Acme &lt;MDM&gt;</span>');
    expect(login).not.toContain('Fleetdeck');
    // Nothing but elements in <head> (a stray text there would end it early and move the rest into <body>).
    expect(login).toMatch(/<title>Acme &lt;MDM&gt;<\/title>\s*<style>/);
    expect(login.match(/Acme &lt;MDM&gt;/g)).toHaveLength(3);
    expect(login).toContain('class="fd-shell-card"');

    const dashboard = await get('/dashboard?x=1');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['cache-control']).toBe('no-cache');
    expect(dashboard.body).toContain('<span class="fd-shell-name" data-product-name>Acme &lt;MDM&gt;</span>');
    expect(dashboard.body).not.toContain('fd-shell-card"');
    expect(dashboard.body.match(/Acme &lt;MDM&gt;/g)).toHaveLength(2);
    expect(dashboard.headers.etag).not.toBe((await get('/login')).headers.etag);
    // The same shell everywhere; a page's own address adds the preloads of its code (tested below).
    expect(withoutPreloads((await get('/index.html')).body)).toBe(withoutPreloads(dashboard.body));
    // The login QR code's text opened by a phone's camera (DECISIONS §6): the console's page, not the back office's.
    const enrol = await get('/enrol?token=abc');
    expect(enrol.statusCode).toBe(200);
    expect(withoutPreloads(enrol.body)).toBe(withoutPreloads(dashboard.body));

    // Not a page: a JSON 404, and the build's own files are not served as pages.
    expect((await get('/nope.js')).statusCode).toBe(404);
    expect((await get('/api/v1/nope')).json()).toMatchObject({ code: 'E_NOT_FOUND' });
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it("preloads a page address's own code and its layout's with the HTML, and nothing more elsewhere", async () => {
    const base = preloadsOf((await get('/no-such-page')).body);
    const dashboardHtml = (await get('/dashboard')).body;
    const dashboard = preloadsOf(dashboardHtml);
    for (const module of [
      /^src\/portal\/features\/dashboard\/pages\/dashboard-page\.tsx$/,
      /^src\/portal\/components\/layouts\/portal-layout\.tsx$/,
      /^src\/portal\/app\/portal-routes\.tsx$/,
    ]) {
      // Each file once: preloaded, or already the HTML's own script or preload.
      for (const file of chunksOf(module))
        expect(dashboardHtml.split(`"${file}"`), `${module} ${file}`).toHaveLength(2);
    }
    expect(dashboard.length).toBeGreaterThan(base.length);
    expect(dashboard.filter((f) => !base.includes(f)).every((f) => f.startsWith('/assets/'))).toBe(true);
    // The same page under another address does not get them; the back office's pages get their own.
    expect(preloadsOf((await get('/dashboard-x')).body)).toEqual(base);
    const admin = (await get('/admin-dashboard')).body;
    for (const file of chunksOf(/^src\/back-office\/features\/dashboard\/pages\/admin-dashboard-page\.tsx$/)) {
      expect(admin.split(`"${file}"`), file).toHaveLength(2);
    }
  });

  it("links a page's stylesheets and preloads its feature's data prefetch (first visit: no lazy level waits)", async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; css?: string[] }
    >;
    const stylesheetsOf = (html: string) =>
      [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)">/g)].map((m) => m[1]!);
    const html = (await get('/profile-detail')).body;
    // The settings tabs' frame (profile and template pages, issue 25) has a stylesheet of its own: linked in the page,
    // after the shell, each once.
    const shellCss = Object.entries(manifest).find(([key]) => /^_url-tabs-.*\.js$/.test(key))?.[1].css ?? [];
    expect(shellCss.length).toBeGreaterThan(0);
    for (const file of shellCss) expect(stylesheetsOf(html).filter((f) => f === `/${file}`)).toHaveLength(1);
    expect(html.indexOf(`/${shellCss[0]}`)).toBeGreaterThan(html.indexOf('id="root"'));
    expect(new Set(stylesheetsOf(html)).size).toBe(stylesheetsOf(html).length);
    // The profiles feature's prefetch (the route table loads it lazily) comes with the page, not after the table ran.
    for (const file of chunksOf(/^src\/portal\/features\/profiles\/api\/prefetch\.ts$/)) {
      expect(html.split(`"${file}"`), file).toHaveLength(2);
    }
    // A page of another feature gets neither.
    const plans = (await get('/plans')).body;
    expect(plans).not.toContain(`/${shellCss[0]}`);
    expect(plans).not.toContain(`"/${manifest['src/portal/features/profiles/api/prefetch.ts']!.file}"`);
  });

  it("answers the back office's addresses with its own page (DECISIONS §8), its login card on its login only", async () => {
    const login = await get('/super-admin/login');
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.body).toContain('<title>Acme &lt;MDM&gt;</title>');
    expect(login.body).toContain('Welcome to <span data-product-name>Acme &lt;MDM&gt;</span>');
    expect(login.body).not.toContain('Sign in to <span');
    const portalEntry = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec((await get('/login')).body)![1];
    const staffEntry = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(login.body)![1];
    expect(staffEntry).not.toBe(portalEntry);

    for (const url of ['/admin-dashboard', '/admin-staff?page=2', '/super-admin/verify/otp?email=a%40b.c']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(staffEntry);
      expect(page.body, url).not.toContain('fd-shell-card"');
    }
    // The build's admin.html is not served as a file of its own name with the wrong headers.
    expect((await get('/admin.html')).body).toContain(portalEntry);
  });

  it('lets only the public /videos page frame the video players (issue 24)', async () => {
    const frames = async (url: string) =>
      /frame-src ([^;]*)/.exec(String((await get(url)).headers['content-security-policy']))?.[1] ?? '';
    expect(await frames('/videos')).toContain('https://www.youtube-nocookie.com');
    expect(await frames('/videos')).toContain('https://player.vimeo.com');
    for (const url of ['/faq', '/blog', '/login', '/dashboard', '/admin-dashboard', '/videos-old']) {
      const sources = await frames(url);
      expect(sources, url).not.toContain('youtube');
      expect(sources, url).not.toContain('vimeo');
    }
  });

  it('compresses JSON answers above 1 KB on the fly, not small ones', async () => {
    const gzip = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    const doc = JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8')) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);
    expect(zlib.gunzipSync(gzip.rawPayload).length).toBeGreaterThan(1024);

    const br = await get('/api/docs/json', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(doc);

    const config = await get('/api/v1/config', { 'accept-encoding': 'gzip, br' });
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(config.json()).toMatchObject({ data: { productName: 'Acme <MDM>' } });
    expect((await get('/healthz', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
  });
});
