// Sums the gzip size of the JavaScript a first visit to /login downloads:
// the entry chunk and its static imports, then the lazily loaded login page and its static imports.
// Run after `npx vite build` in apps/web: `node scripts/measure-initial-js.mjs`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

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

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/pages/login-page.tsx'));
if (!entryKey || !loginKey) throw new Error('entry or login page not found in the manifest');

const entrySet = closure([entryKey]);
const loginSet = closure([loginKey], new Set(entrySet));
const sum = (set) => [...set].reduce((n, k) => n + gz(k), 0);

console.log('Entry and its static imports:');
for (const k of entrySet) console.log(`  ${manifest[k].file.padEnd(48)} ${kb(gz(k))}`);
console.log(`  total ${kb(sum(entrySet))}`);
const extra = [...loginSet].filter((k) => !entrySet.has(k));
console.log('Login page chunk and what it adds:');
for (const k of extra) console.log(`  ${manifest[k].file.padEnd(48)} ${kb(gz(k))}`);
console.log(`Initial JS for /login (gzip): ${kb(sum(loginSet))}`);
