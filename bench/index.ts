/**
 * `npm run bench`: runs the benchmarks one after another, each in its own process (each starts and stops its own
 * server and embedded database), and stops at the first that fails.
 *
 *   npm run bench                       device API (bench/device.ts), activity lists (bench/lists.ts), audit list, then pages
 *   npm run bench -- device [options]   only the device API benchmark, with its options (--help lists them)
 *   npm run bench -- lists [options]    only the activity lists benchmark, with its options (--help lists them)
 *   npm run bench -- audit [options]    the audit list at 10M rows of one customer on monthly partitions (bench/audit.ts)
 *   npm run bench -- pages [options]    Lighthouse on the main pages and request overhead against bare node:http
 *   npm run bench -- fanout [options]   a staff notification to 100,000 devices: fan-out time, delivered/s (bench/fanout.ts)
 *   npm run bench -- staff [options]    back-office lists at 1M customers / 10M payments (bench/staff.ts)
 *   npm run bench -- payment-dashboard  the payment dashboard with revenue on the rollups of 10M payments
 *   npm run bench -- payment-export     payment-history.csv of 1M payments: rows/s and RSS growth
 *   npm run bench -- invoice-pdf        an invoice and a credit note PDF rendered, target ≤ 100 ms (bench/invoice-pdf.ts)
 *   npm run bench -- fleet [options]    rollouts: a 10,000-device stage applied, acks/s and the pause, group and
 *                                       rollout device lists at 1M devices (bench/fleet.ts)
 *   npm run bench -- commands [options] remote commands: a command to 100,000 devices, a lock to 20,000 long-polling
 *                                       ones and their results, the ledger list at 10M rows (bench/commands.ts)
 *   npm run bench -- api-keys [options] `profile/list` with an API key vs a session, same run (bench/api-keys.ts)
 *   npm run bench -- webhooks [options] the webhook dispatcher: events/s to a receiver while a failing endpoint's
 *                                       retries run (bench/webhooks.ts)
 *   npm run bench -- delivery-floor     20,000 held long-polls answered by a bare node:http server: the floor under the
 *                                       commands delivery target (bench/delivery-floor.ts)
 *
 * Results: bench/results/<name>-<date>.json and bench/results/latest-<name>.md.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const BENCHMARKS = {
  device: 'device.ts',
  lists: 'lists.ts',
  audit: 'audit.ts',
  pages: 'pages.ts',
  fanout: 'fanout.ts',
  staff: 'staff.ts',
  'payment-dashboard': 'payment-dashboard.ts',
  'payment-export': 'payment-export.ts',
  'invoice-pdf': 'invoice-pdf.ts',
  fleet: 'fleet.ts',
  commands: 'commands.ts',
  'api-keys': 'api-keys.ts',
  webhooks: 'webhooks.ts',
  'delivery-floor': 'delivery-floor.ts',
} as const;
type Name = keyof typeof BENCHMARKS;
const isName = (s: string | undefined): s is Name => s !== undefined && Object.hasOwn(BENCHMARKS, s);

const [first, ...rest] = process.argv.slice(2);
if (first === '--help' || first === '-h' || (first !== undefined && !isName(first))) {
  console.log(
    'npm run bench [-- device|lists|audit|pages|fanout|staff|payment-dashboard|payment-export|invoice-pdf|fleet|commands|api-keys|webhooks|delivery-floor [options]]   (no name: all of them, in order, with their defaults)',
  );
  process.exit(first === '--help' || first === '-h' ? 0 : 2);
}
const plan: [Name, string[]][] = isName(first) ? [[first, rest]] : Object.keys(BENCHMARKS).map((n) => [n as Name, []]);

/** The benchmark in a child process of the same node with the same loader (tsx); Ctrl-C reaches it directly. */
const run = (name: Name, args: string[]) =>
  new Promise<number>((resolve) => {
    const file = path.join(import.meta.dirname, BENCHMARKS[name]);
    const child = spawn(process.execPath, [...process.execArgv, file, ...args], { stdio: 'inherit' });
    child.on('error', (err) => {
      console.error(`bench ${name}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 0)));
  });

// The terminal's Ctrl-C goes to the whole process group: the running benchmark stops itself cleanly, and no other
// one starts after it.
process.on('SIGINT', () => undefined);

for (const [name, args] of plan) {
  if (plan.length > 1) console.log(`\n=== bench ${name} ===`);
  const code = await run(name, args);
  if (code !== 0) {
    console.error(
      `bench ${name} exited with ${code}${plan.length > 1 ? '; the remaining benchmarks did not run' : ''}`,
    );
    process.exit(code);
  }
}
