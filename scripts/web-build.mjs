import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const distIndex = path.join(webDir, 'dist/index.html');
const sources = [
  path.join(webDir, 'src'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'vite-plugins.ts'),
  path.join(root, 'packages/contract/src'),
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((m, name) => Math.max(m, newestMtime(path.join(p, name))), stat.mtimeMs);
}

/** Builds the SPA when it is missing or older than its sources, so `npm start` always serves current code. */
export function ensureWebBuild() {
  const built = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
  if (built && built >= Math.max(...sources.map(newestMtime))) return false;
  console.log(built ? 'Web app sources changed: rebuilding…' : 'Building the web app (first run)…');
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
      // Always React's production build: a caller running under NODE_ENV=test (an API test file, inside vitest) or
      // development would otherwise build React's development build, which `npm start` then serves as up to date.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) {
    console.error('The web app failed to build; see the messages above.');
    process.exit(result.status ?? 1);
  }
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
