import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images other than SVG, fonts in woff2 and the like are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/i;
/** Below this the compressed copy saves less than its own headers cost (the server's on-the-fly threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz, level 9) copy beside every text file of the build, so the
 * server sends them as they are (@fastify/static `preCompressed`) instead of compressing on every request, and
 * compresses harder than it could afford to per request. A copy that is not smaller than the file is not written.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'fleetdeck:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && TEXT.test(e.name) && !e.parentPath.split(path.sep).includes('.vite'))
        .map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          if (data.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Moves the stylesheets Vite puts in <head> to the end of <body>, after the static shell (index.html): the shell
 * carries its own inline styles and paints without them, while the app's scripts still wait for them (a script
 * waits for the stylesheets before it), so the app never renders unstyled.
 */
export function stylesAfterShell(): Plugin {
  return {
    name: 'fleetdeck:styles-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const head = html.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (tag) => {
          links.push(tag.trim());
          return '';
        });
        if (!links.length) return html;
        // The app's scripts are not needed for the first paint either: fetched at low priority, after the shell's
        // needs (the stylesheet, which they wait for anyway).
        return head
          .replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"')
          .replace('</body>', `  ${links.join('\n    ')}\n  </body>`);
      },
    },
  };
}

/**
 * The back office's page (admin.html) gets the same static shell as the console's index.html, written once there:
 * its inline styles and its markup, with the card's words of the staff login ("Welcome to …"). admin.html marks
 * where they go with `<!--shell-style-->` and `<!--shell-->`.
 */
export function sharedShell(): Plugin {
  let root = '';
  return {
    name: 'fleetdeck:shared-shell',
    configResolved(resolved) {
      root = resolved.root;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, ctx) {
        if (!html.includes('<!--shell-->')) return html;
        const source = await fs.readFile(path.join(root, 'index.html'), 'utf8');
        const style = /<style>[\s\S]*?<\/style>/.exec(source)?.[0];
        const shell = /<div id="root">\n([\s\S]*?)\n {4}<\/div>\n {4}<script/.exec(source)?.[1];
        if (!style || !shell) throw new Error(`${ctx.filename}: index.html has no shell to share`);
        const staffShell = shell
          .replace(/<h1>[\s\S]*?<\/h1>/, '<h1>Welcome to <span data-product-name>Fleetdeck</span></h1>')
          .replace(/<p>[\s\S]*?<\/p>/, '<p>Sign in to the back office.</p>')
          // The staff login has two fields and a button: the customer form's lower half is left out.
          .replace(/\s*<div class="fd-shell-line"><\/div>[\s\S]*<div class="fd-shell-block"><\/div>/, '');
        return html.replace('<!--shell-style-->', style).replace('<!--shell-->', staffShell);
      },
    },
  };
}
