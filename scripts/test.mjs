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
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR,
      // A 64 MB young generation for the workers (Node's default is 16 MB): the component tests keep much of what
      // they allocate for a while (React's development build, happy-dom), so small scavenges copy the same objects
      // again and again. Measured on the web projects: scavenge pauses 29.4 s → 19.1 s (1,878 → 541 scavenges).
      NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' '),
    },
  },
);
let passed = 0;
let failed = 0;
let failures = [];
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0);
  if (json.success === false && failed === 0) failed = 1; // a file that failed to load counts
  failures = describeFailures(json);
} else {
  failed = 1;
  failures = ['FAILED: vitest wrote no report (it did not finish)'];
}
if (result.status !== 0 && failed === 0) {
  // e.g. an error thrown after its test ended: vitest's report says success, its exit code does not
  failed = 1;
  failures.push(`FAILED: vitest exited with code ${result.status ?? result.signal} (see "Unhandled Errors" above)`);
}
console.log(`\nTest run took ${((Date.now() - started) / 1000).toFixed(1)} s`);
// Repeated here, just above the totals, because CI keeps only the tail of a long log.
for (const line of failures) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(result.status === 0 && failed === 0 ? 0 : 1);

/** One "FAILED: …" line per failed test, per file that failed outside its tests (a hook, loading), or per run-level error. */
function describeFailures(json) {
  const firstLine = (text) =>
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? '';
  // Where in the test file it failed (" (at line 46)"): CI's log often keeps only these lines.
  const lineOf = (text, file) => {
    const match = String(text ?? '').match(new RegExp(`${path.basename(file).replace(/[.]/g, '\\.')}:(\\d+):\\d+`));
    return match ? ` (at line ${match[1]})` : '';
  };
  const lines = [];
  for (const file of json.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests)
      lines.push(
        `FAILED: ${where} > ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}${lineOf(t.failureMessages?.[0], file.name)}`,
      );
    if (file.status === 'failed' && failedTests.length === 0)
      lines.push(`FAILED: ${where} (outside its tests): ${firstLine(file.message)}`);
  }
  if (json.success === false && lines.length === 0) {
    lines.push('FAILED: vitest reported an error outside every test file (see "Unhandled Errors" above)');
  }
  return lines;
}
