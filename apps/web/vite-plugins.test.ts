import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Plugin, ResolvedConfig } from 'vite';
import { noChunkCycles, partChunks, precompress, sharedShell, stylesAfterShell } from './vite-plugins.ts';

/**
 * The build's chunk grouping and the HTML/asset plugins, on small hand-made module graphs and files: what
 * `vite build` would feed them, without building.
 */

const ROOT = '/app';
const at = (p: string) => path.join(ROOT, p);

interface FakeModule {
  imports?: string[];
  dynamic?: string[];
  code?: string;
}

/** A module graph as Rollup's `getModuleInfo` answers it; keys are paths relative to ROOT (or absolute). */
function graph(modules: Record<string, FakeModule>) {
  const abs = (p: string) => (path.isAbsolute(p) ? p : at(p));
  const byId = new Map(Object.entries(modules).map(([id, m]) => [abs(id), m] as const));
  return {
    getModuleInfo(id: string) {
      const m = byId.get(id);
      if (!m) return null;
      return {
        importedIds: (m.imports ?? []).map(abs),
        dynamicallyImportedIds: (m.dynamic ?? []).map(abs),
        code: m.code ?? 'x'.repeat(10),
      };
    },
  };
}

/** The chunk name partChunks gives each module of the graph (null: left to the bundler). */
function chunksOf(
  modules: Record<string, FakeModule>,
  options: Omit<Parameters<typeof partChunks>[0], 'root'>,
): Record<string, string | null> {
  const manual = partChunks({ root: ROOT, ...options });
  const g = graph(modules);
  return Object.fromEntries(
    Object.keys(modules).map((id) => [id, manual(path.isAbsolute(id) ? id : at(id), g)] as const),
  );
}

/** One entry (`main`) that lazily loads two parts, `login` and `frame`. */
const twoParts: Record<string, FakeModule> = {
  'src/main.tsx': { imports: ['src/start.ts'], dynamic: ['src/login.tsx', 'src/frame.tsx'] },
  'src/start.ts': {},
  'src/login.tsx': { imports: ['src/button.ts', 'src/login-form.ts', 'src/start.ts'] },
  'src/frame.tsx': { imports: ['src/button.ts', 'src/sidebar.ts'] },
  'src/button.ts': {},
  'src/login-form.ts': {},
  'src/sidebar.ts': {},
  'src/page.tsx': { imports: ['src/sidebar.ts'] },
};
const twoPartOptions = {
  entries: { main: 'src/main.tsx' },
  parts: { login: ['src/login.tsx'], frame: ['src/frame.tsx'] },
};

describe('partChunks', () => {
  it('groups what the parts import by the set of parts that import it, and what the entry imports as its start', () => {
    expect(chunksOf(twoParts, twoPartOptions)).toEqual({
      'src/main.tsx': null, // the entry itself
      'src/start.ts': 'main-start', // the entry loaded it already: not in a part's chunk though login imports it
      // a part's roots stay the chunks their dynamic imports load (the server finds them by name in the manifest)
      'src/login.tsx': null,
      'src/frame.tsx': null,
      'src/button.ts': 'login~frame', // both parts import it: one chunk for the pair
      'src/login-form.ts': 'login',
      'src/sidebar.ts': 'frame',
      'src/page.tsx': null, // no part imports it: left to the bundler
    });
  });

  it('leaves to the bundler every module that imports a part root, and what imports that', () => {
    const modules = {
      ...twoParts,
      // the sidebar reads the login page's route: grouped, it and the login chunk would import each other
      'src/sidebar.ts': { imports: ['src/menu.ts'] },
      'src/menu.ts': { imports: ['src/login.tsx'] },
    };
    const chunks = chunksOf(modules, twoPartOptions);
    expect(chunks['src/menu.ts']).toBeNull();
    expect(chunks['src/sidebar.ts']).toBeNull();
    expect(chunks['src/button.ts']).toBe('login~frame');
  });

  it('gives a part its kit: modules its roots do not import', () => {
    const chunks = chunksOf(twoParts, { ...twoPartOptions, kit: { frame: ['src/page.tsx'] } });
    expect(chunks['src/page.tsx']).toBe('frame');
    expect(chunks['src/sidebar.ts']).toBe('frame');
  });

  it('follows only the imported names through a package barrel', () => {
    const core = '/app/node_modules/@mantine/core/esm';
    const modules: Record<string, FakeModule> = {
      'src/main.tsx': { dynamic: ['src/login.tsx'] },
      'src/login.tsx': {
        imports: [`${core}/index.mjs`],
        code: "import { Button, TextInput as Input } from '@mantine/core';",
      },
      [`${core}/index.mjs`]: {
        imports: [`${core}/Button.mjs`, `${core}/TextInput.mjs`, `${core}/Modal.mjs`],
        code: [
          "export { Button } from './Button.mjs';",
          "export { TextInput } from './TextInput.mjs';",
          "export { Modal, type ModalProps } from './Modal.mjs';",
        ].join('\n'),
      },
      [`${core}/Button.mjs`]: {},
      [`${core}/TextInput.mjs`]: {},
      [`${core}/Modal.mjs`]: {},
    };
    const chunks = chunksOf(modules, { entries: { main: 'src/main.tsx' }, parts: { login: ['src/login.tsx'] } });
    expect(chunks[`${core}/Button.mjs`]).toBe('login');
    // `TextInput as Input` binds `Input`, a name the barrel does not export: only what the names lead to is taken
    expect(chunks[`${core}/TextInput.mjs`]).toBeNull();
    expect(chunks[`${core}/Modal.mjs`]).toBeNull(); // not imported by name: not in the login chunk
    expect(chunks[`${core}/index.mjs`]).toBeNull(); // the barrel itself is not followed
  });

  it('leaves the contract and the `except` matches (with what they import) to the bundler and other groups', () => {
    const modules: Record<string, FakeModule> = {
      'src/main.tsx': { imports: ['/repo/packages/contract/src/index.ts', 'src/icons.ts', 'src/util.ts'] },
      '/repo/packages/contract/src/index.ts': { imports: ['/repo/packages/contract/src/users.ts'] },
      '/repo/packages/contract/src/users.ts': {},
      'src/icons.ts': { imports: ['src/icon-data.ts'] },
      'src/icon-data.ts': {},
      'src/util.ts': {},
    };
    const chunks = chunksOf(modules, { entries: { main: 'src/main.tsx' }, parts: {}, except: [/icons\.ts$/] });
    expect(chunks).toEqual({
      'src/main.tsx': null,
      '/repo/packages/contract/src/index.ts': null,
      '/repo/packages/contract/src/users.ts': null,
      'src/icons.ts': null,
      'src/icon-data.ts': null,
      'src/util.ts': 'main-start',
    });
  });

  it('names a module both entries import by both starts, and one the other app loads lazily by its parts too', () => {
    const modules: Record<string, FakeModule> = {
      'src/main.tsx': { imports: ['src/both.ts', 'src/theme.ts'], dynamic: ['src/login.tsx'] },
      'src/admin.tsx': { imports: ['src/both.ts'], dynamic: ['src/staff-login.tsx'] },
      'src/both.ts': {},
      'src/theme.ts': {},
      'src/login.tsx': {},
      'src/staff-login.tsx': { imports: ['src/theme.ts'] },
    };
    const chunks = chunksOf(modules, {
      entries: { main: 'src/main.tsx', admin: 'src/admin.tsx' },
      parts: { login: ['src/login.tsx'], staff: ['src/staff-login.tsx'] },
    });
    expect(chunks['src/both.ts']).toBe('main~admin-start');
    // the portal's start has the theme; the back office's staff login loads it lazily
    expect(chunks['src/theme.ts']).toBe('main-start~staff');
  });

  it('folds a group smaller than foldBelow into a group all its users load', () => {
    const sized = (form: number): Record<string, FakeModule> => ({
      ...twoParts,
      'src/login-form.ts': { code: 'x'.repeat(form) },
      'src/button.ts': { code: 'x'.repeat(5_000) },
      'src/sidebar.ts': { code: 'x'.repeat(5_000) },
    });
    // `login` (the form alone: its root is not in a group) is 5 KB: not small, nothing folds
    const big = chunksOf(sized(5_000), { ...twoPartOptions, foldBelow: 1_000 });
    expect(big['src/login-form.ts']).toBe('login');
    expect(big['src/sidebar.ts']).toBe('frame');
    // at 20 bytes it joins `login~frame`, which every login user loads anyway
    const chunks = chunksOf(sized(20), { ...twoPartOptions, foldBelow: 1_000 });
    expect(chunks['src/login-form.ts']).toBe('login~frame');
    expect(chunks['src/button.ts']).toBe('login~frame');
    // `frame` is not small, and `login~frame` may not take it either way
    expect(chunks['src/sidebar.ts']).toBe('frame');
    // without foldBelow the small group stays
    expect(chunksOf(sized(20), twoPartOptions)['src/login-form.ts']).toBe('login');
  });

  it('does not fold into a group whose users are not all its users', () => {
    const modules: Record<string, FakeModule> = {
      ...twoParts,
      'src/sidebar.ts': { code: 'x' }, // `frame` is tiny
      'src/button.ts': { code: 'x'.repeat(5_000) },
      'src/login-form.ts': { code: 'x'.repeat(5_000) },
    };
    const chunks = chunksOf(modules, { ...twoPartOptions, foldBelow: 1_000 });
    expect(chunks['src/sidebar.ts']).toBe('login~frame'); // every frame user loads login~frame
    // the other way round: `login~frame` tiny, no group is loaded by both login and frame users → it stays
    const pair = chunksOf(
      {
        ...twoParts,
        'src/button.ts': { code: 'x' },
        'src/login-form.ts': { code: 'x'.repeat(5_000) },
        'src/sidebar.ts': { code: 'x'.repeat(5_000) },
      },
      { ...twoPartOptions, foldBelow: 1_000 },
    );
    expect(pair['src/button.ts']).toBe('login~frame');
  });

  it('does not fold when the target’s users would then download what they did not load before', () => {
    // icons.ts goes to another group (`except`): the login form's import of it is a file of no group of partChunks
    const modules = (buttonImportsIcons: boolean): Record<string, FakeModule> => ({
      ...twoParts,
      'src/main.tsx': { imports: ['src/start.ts', 'src/icons.ts'], dynamic: ['src/login.tsx', 'src/frame.tsx'] },
      'src/icons.ts': {},
      'src/login-form.ts': { imports: ['src/icons.ts'], code: 'x' },
      'src/button.ts': { imports: buttonImportsIcons ? ['src/icons.ts'] : [], code: 'x'.repeat(5_000) },
      'src/sidebar.ts': { code: 'x'.repeat(5_000) },
    });
    const options = { ...twoPartOptions, except: [/icons\.ts$/], foldBelow: 1_000 };
    // folded into `login~frame`, the tiny `login` would make frame users fetch icons.ts's file too
    expect(chunksOf(modules(false), options)['src/login-form.ts']).toBe('login');
    // when `login~frame` imports it already, the fold costs nobody a file
    expect(chunksOf(modules(true), options)['src/login-form.ts']).toBe('login~frame');
  });

  it('answers from the graph it saw first (the grouping is computed once per build)', () => {
    const manual = partChunks({ root: ROOT, ...twoPartOptions });
    expect(manual(at('src/button.ts'), graph(twoParts))).toBe('login~frame');
    expect(manual(at('src/button.ts'), graph({}))).toBe('login~frame');
  });
});

/** Calls a plugin hook that may be a function or `{ handler }`, with `this` as given. */
function hook<T extends keyof Plugin>(plugin: Plugin, name: T) {
  const h = plugin[name] as unknown;
  const fn = (typeof h === 'function' ? h : (h as { handler: (...args: unknown[]) => unknown }).handler) as (
    ...args: unknown[]
  ) => unknown;
  return (self: unknown, ...args: unknown[]) => fn.apply(self, args);
}

describe('noChunkCycles', () => {
  const check = (imports: Record<string, string[]>) => {
    const bundle = Object.fromEntries(
      Object.entries(imports).map(([file, deps]) => [file, { type: 'chunk', imports: deps }]),
    );
    bundle['style.css'] = { type: 'asset', imports: [] } as never;
    const self = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    return () => hook(noChunkCycles(), 'generateBundle')(self, {}, bundle);
  };

  it('passes chunks that import one another without a circle', () => {
    expect(check({ 'a.js': ['b.js', 'c.js'], 'b.js': ['c.js'], 'c.js': [] })).not.toThrow();
  });

  it('fails the build naming the circle', () => {
    expect(check({ 'a.js': ['b.js'], 'b.js': ['c.js'], 'c.js': ['a.js'] })).toThrow(
      'chunks import one another: a.js -> b.js -> c.js -> a.js',
    );
    expect(check({ 'x.js': ['y.js'], 'y.js': ['y.js'] })).toThrow('chunks import one another: y.js -> y.js');
  });
});

describe('stylesAfterShell', () => {
  const run = (html: string) => hook(stylesAfterShell(), 'transformIndexHtml')(undefined, html) as string;

  it('moves the stylesheets after the shell and lowers the scripts’ priority', () => {
    const html = [
      '<html><head>',
      '    <script type="module" crossorigin src="/assets/index.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/kit.js">',
      '    <link rel="stylesheet" crossorigin href="/assets/index.css">',
      '</head><body><div id="root">shell</div>',
      '</body></html>',
    ].join('\n');
    const out = run(html);
    expect(out).not.toMatch(/<head>[\s\S]*stylesheet[\s\S]*<\/head>/);
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">\n  </body>');
    expect(out.indexOf('stylesheet')).toBeGreaterThan(out.indexOf('<div id="root">'));
    expect(out).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">');
    expect(out).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/kit.js">');
  });

  it('leaves a page without stylesheets as it is', () => {
    const html = '<head><script type="module" src="/a.js"></script></head><body></body>';
    expect(run(html)).toBe(html);
  });
});

describe('sharedShell and precompress (on files)', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('gives admin.html the shell of index.html with the staff login’s words', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fd-shell-'));
    const index = [
      '<html><head><style>.fd-shell{color:red}</style></head><body>',
      '    <div id="root">',
      '<div class="fd-shell"><h1>Welcome back</h1><p>Sign in to your console.</p><div class="fd-shell-field"></div>' +
        '<div class="fd-shell-line"></div><div class="fd-shell-field"></div><div class="fd-shell-block"></div></div>',
      '    </div>',
      '    <script type="module" src="/src/main.tsx"></script>',
      '</body></html>',
    ].join('\n');
    await fs.writeFile(path.join(dir, 'index.html'), index);
    const plugin = sharedShell();
    hook(plugin, 'configResolved')(undefined, { root: dir } as ResolvedConfig);
    const transform = hook(plugin, 'transformIndexHtml');
    const admin = '<head><!--shell-style--></head><body><div id="root"><!--shell--></div></body>';
    const out = (await transform(undefined, admin, { filename: 'admin.html' })) as string;
    expect(out).toBe(
      '<head><style>.fd-shell{color:red}</style></head><body><div id="root">' +
        '<div class="fd-shell"><h1>Welcome to <span data-product-name>Fleetdeck</span></h1>' +
        '<p>Sign in to the back office.</p><div class="fd-shell-field"></div></div></div></body>',
    );
    // a page without the marker is left alone; an index.html without a shell fails the build
    expect(await transform(undefined, '<body>x</body>', { filename: 'other.html' })).toBe('<body>x</body>');
    await fs.writeFile(path.join(dir, 'index.html'), '<html></html>');
    await expect(transform(undefined, admin, { filename: 'admin.html' })).rejects.toThrow(
      'admin.html: index.html has no shell to share',
    );
  });

  it('writes .br and .gz beside text files worth compressing, and nothing else', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fd-precompress-'));
    const out = path.join(dir, 'dist');
    await fs.mkdir(path.join(out, 'assets'), { recursive: true });
    await fs.mkdir(path.join(out, '.vite'), { recursive: true });
    const js = 'export const answer = 42;\n'.repeat(200);
    await fs.writeFile(path.join(out, 'assets/app.js'), js);
    await fs.writeFile(path.join(out, 'assets/tiny.css'), 'a{}');
    await fs.writeFile(path.join(out, 'assets/photo.png'), Buffer.alloc(4096, 1));
    await fs.writeFile(path.join(out, '.vite/manifest.json'), JSON.stringify({ x: 'y'.repeat(4096) }));
    const plugin = precompress();
    hook(plugin, 'configResolved')(undefined, { root: dir, build: { outDir: 'dist' } } as ResolvedConfig);
    await hook(plugin, 'writeBundle')(undefined);
    const files = (await fs.readdir(out, { recursive: true })).map((f) => f.replaceAll('\\', '/')).sort();
    expect(files).toEqual([
      '.vite',
      '.vite/manifest.json',
      'assets',
      'assets/app.js',
      'assets/app.js.br',
      'assets/app.js.gz',
      'assets/photo.png',
      'assets/tiny.css',
    ]);
    expect(zlib.brotliDecompressSync(await fs.readFile(path.join(out, 'assets/app.js.br'))).toString()).toBe(js);
    expect(zlib.gunzipSync(await fs.readFile(path.join(out, 'assets/app.js.gz'))).toString()).toBe(js);
  });
});
