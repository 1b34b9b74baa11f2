import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SERVER = path.join(ROOT, 'apps/api/src/server.ts');

/**
 * `apps/api/src/server.ts` as one JavaScript file, for the tests that start the server as child processes again and
 * again (crash-safety, multi-process: 8 starts). Started with `--import tsx`, every child resolved and transpiled the
 * server's few hundred TypeScript modules itself: about 2 CPU-seconds per start, 4 starts at once in multi-process.
 * `npm start`'s own way (`node --import tsx`) stays tested by startup-errors.test.ts, which loads the whole server so.
 * The bundle holds only our TypeScript (the API and the workspace packages); every package from node_modules stays
 * an import of the very file Node resolves under tsx, so the child runs the same code. `import.meta.dirname` and
 * `import.meta.url` keep the values of the file they are written in (the migrations folder, the catalogue, the
 * embedded PostgreSQL's binaries are found from there).
 *
 * Built once per test run (FD_TEST_RUN, set by test/global-setup.ts, which removes the folder at its end) into
 * `.tmp/`; two workers that ask at the same moment may both build it, and the last rename wins with the same file.
 */
export async function serverBundle(): Promise<string> {
  const dir = bundleDir();
  const out = path.join(dir, 'server.mjs');
  if (fs.existsSync(out)) return out;
  fs.mkdirSync(dir, { recursive: true });
  const partial = path.join(dir, `server-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [SERVER],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [
      {
        name: 'node-modules-as-they-are',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.pluginData === 'resolving') return undefined;
            if (isBuiltin(args.path)) return { path: args.path, external: true };
            const found = await build.resolve(args.path, {
              kind: args.kind,
              importer: args.importer,
              resolveDir: args.resolveDir,
              pluginData: 'resolving',
            });
            if (found.errors.length > 0) return { errors: found.errors };
            // A workspace package is TypeScript: bundled. Anything else is imported from where Node finds it.
            if (/\.tsx?$/.test(found.path)) return { path: found.path };
            return { path: pathToFileURL(found.path).href, external: true };
          });
          build.onLoad({ filter: /\.ts$/ }, async (args) => {
            const source = await fs.promises.readFile(args.path, 'utf8');
            return {
              loader: 'ts',
              contents: source
                .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
                .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
            };
          });
        },
      },
    ],
  });
  // The build's Go process is not needed again in this worker (a later build starts it anew).
  await esbuild.stop();
  fs.renameSync(partial, out);
  return out;
}

/** This run's bundle folder (the run's id is the vitest process's pid). */
export const bundleDir = () => path.join(ROOT, '.tmp', `server-bundle-${process.env.FD_TEST_RUN ?? process.pid}`);
