/**
 * `npm run bench -- payment-export`: the staff `payment-history.csv` export (`GET payments/history?isExportData=true`)
 * of 1M payments (issue 22 "Speed": ≥ 50,000 rows/s with the server's RSS growing ≤ 100 MB).
 *
 * Starts the real product in this process (embedded PostgreSQL in a throwaway DATA_DIR, HTTP on 127.0.0.1), creates a
 * SuperAdmin with a staff session, seeds --customers customers and --payments payments in SQL (bench/payment-seed.ts,
 * the rows of bench/staff.ts), VACUUM (ANALYZE), then streams the whole export over HTTP, --runs times: rows, rows/s,
 * and the server's RSS before and at its peak (sampled every 50 ms; the server runs in this process). Every run must
 * deliver every row (header + one line per payment).
 *
 *   npm run bench -- payment-export [--customers 100000] [--payments 1000000] [--runs 2] [--max-seconds 300]
 *
 * Writes bench/results/payment-export-<date>.json and bench/results/latest-payment-export.md.
 */
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { staffApi } from '@fleetdeck/contract/staff';
import { measureExport, seedCustomersAndPayments } from './payment-seed.ts';
import * as bench from './support.ts';
import type { Runtime } from '../apps/api/src/runtime.ts';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '100000' },
    payments: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '2' },
    'max-seconds': { type: 'string', default: '300' },
  },
});
const opts = {
  customers: bench.intOption('customers', args.customers, 1, 10_000_000),
  payments: bench.intOption('payments', args.payments, 1, 100_000_000),
  runs: bench.intOption('runs', args.runs, 1, 20),
  maxSeconds: bench.intOption('max-seconds', args['max-seconds'], 5, 3600),
};

/** The targets. */
const TARGET_ROWS_PER_SECOND = 50_000;
const TARGET_RSS_GROWTH_MB = 100;

bench.runBenchmark(async () => {
  const startedAt = new Date();
  const loadAtStart = bench.loadAverage();
  const { dataDir, baseUrl, config, logger } = await bench.benchInstallation('fd-bench-payexport-');
  let rt: Runtime | null = null;
  try {
    rt = (await bench.startProduct(config, logger, dataDir)).rt;
    const { ctx } = rt;
    const token = await bench.benchSuperAdminToken(ctx);

    const bulk = bench.unboundedPool(ctx.pool);
    const t = performance.now();
    const seeded = await seedCustomersAndPayments(bulk, opts);
    await bulk.query('vacuum (analyze) customers, payments');
    await bulk.query('checkpoint');
    await bulk.end();
    const seedSeconds = bench.seconds(performance.now() - t);
    console.log(`Seeded in ${seedSeconds} s`);

    const runs: (Awaited<ReturnType<typeof measureExport>> & { rssGrowthMB: number })[] = [];
    for (let i = 0; i < opts.runs; i++) {
      const r = await measureExport(baseUrl, token, staffApi.paymentHistory, {}, opts.maxSeconds);
      const rssGrowthMB = bench.round(((r.rssPeakMiB - r.rssBeforeMiB) * 2 ** 20) / 1e6);
      runs.push({ ...r, rssGrowthMB });
      console.log(
        `run ${i + 1}: ${r.rows.toLocaleString('en-US')} rows, ${bench.round(r.bytes / 2 ** 20)} MiB in ${r.seconds} s: ` +
          `${r.rowsPerSecond.toLocaleString('en-US')} rows/s; RSS ${r.rssBeforeMiB} → ${r.rssPeakMiB} MiB ` +
          `(+${rssGrowthMB} MB; at the peak ${JSON.stringify(r.atPeakMiB)})${r.complete ? '' : ' — stopped at the limit'}`,
      );
      if (r.complete && r.rows !== opts.payments)
        throw new Error(`the export had ${r.rows} rows, not ${opts.payments}`);
    }
    const best = Math.max(...runs.map((r) => r.rowsPerSecond));
    const worst = Math.min(...runs.map((r) => r.rowsPerSecond));
    const growth = Math.max(...runs.map((r) => r.rssGrowthMB));
    const pass = runs.every((r) => r.complete) && worst >= TARGET_ROWS_PER_SECOND && growth <= TARGET_RSS_GROWTH_MB;
    const result = {
      startedAt,
      machine: bench.machineFacts(),
      loadAverage: { start: loadAtStart, end: bench.loadAverage() },
      options: opts,
      seeded,
      seedSeconds,
      runs,
      targets: { rowsPerSecond: TARGET_ROWS_PER_SECOND, rssGrowthMB: TARGET_RSS_GROWTH_MB },
      pass,
    };
    const md = [
      `# payment-history.csv at ${opts.payments.toLocaleString('en-GB')} payments`,
      '',
      `${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${result.machine.node} · ` +
        `${result.machine.cpus} CPUs (${result.machine.cpuModel}, shared) · load ${loadAtStart.join(' ')} at start, ` +
        `${result.loadAverage.end.join(' ')} at the end`,
      '',
      'Produced by `npm run bench -- payment-export` (bench/payment-export.ts): the real product in-process on the ' +
        `embedded PostgreSQL; ${opts.customers.toLocaleString('en-GB')} customers and ` +
        `${opts.payments.toLocaleString('en-GB')} payments seeded in SQL (${seedSeconds} s); the whole export ` +
        '(`GET /api/v1/super-admin/payments/history?isExportData=true`, no filter) streamed over loopback HTTP; RSS of ' +
        'the server process sampled every 50 ms.',
      '',
      `Targets: ≥ ${TARGET_ROWS_PER_SECOND.toLocaleString('en-GB')} rows/s, RSS growth ≤ ${TARGET_RSS_GROWTH_MB} MB. ` +
        `**${pass ? 'Met' : 'Not met'}** (slowest run ${worst.toLocaleString('en-GB')} rows/s, fastest ` +
        `${best.toLocaleString('en-GB')}; largest RSS growth ${growth} MB).`,
      '',
      '| run | rows | MiB | seconds | rows/s | RSS before MiB | RSS peak MiB | growth MB | at the peak: new / old space, external MiB | complete |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
      ...runs.map(
        (r, i) =>
          `| ${i + 1} | ${r.rows.toLocaleString('en-GB')} | ${bench.round(r.bytes / 2 ** 20)} | ${r.seconds} | ` +
          `${r.rowsPerSecond.toLocaleString('en-GB')} | ${r.rssBeforeMiB} | ${r.rssPeakMiB} | ${r.rssGrowthMB} | ` +
          `${r.atPeakMiB.newSpace} / ${r.atPeakMiB.oldSpace}, ${r.atPeakMiB.external} | ` +
          `${r.complete ? 'yes' : 'stopped at the limit'} |`,
      ),
      '',
    ].join('\n');
    await bench.writeResults('payment-export', startedAt, result, md);
    console.log(`Targets ${pass ? 'met' : 'NOT met'} (slowest run ${worst} rows/s, RSS growth ≤ ${growth} MB)`);
  } finally {
    if (rt) await rt.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
