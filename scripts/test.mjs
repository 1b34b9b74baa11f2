// `npm test`: every Vitest project (contract, api, web, e2e) in one run, ending with the plain
// "N passed, N failed" line CI reads. Extra arguments go to vitest (e.g. `npm test -- --project api`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const wantsE2e = !args.includes('--project') || args.some((a, i) => args[i - 1] === '--project' && a === 'e2e');
if (wantsE2e) ensureWebBuild();

const report = path.join(root, '.tmp/vitest-report.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });
const started = Date.now();
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...args,
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR } },
);
let passed = 0;
let failed = 0;
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0);
  if (json.success === false && failed === 0) failed = 1; // a file that failed to load counts
} else {
  failed = 1;
}
console.log(`\nTest run took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(result.status === 0 && failed === 0 ? 0 : 1);
