import { parseCli, USAGE, UsageError, type CliOptions } from './args.ts';
import { runFleet } from './fleet.ts';

/** `npm run device-sim -- …`: runs a fleet of simulated devices; Ctrl-C stops it cleanly. */
async function main() {
  let opts: CliOptions | null;
  try {
    opts = parseCli(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`device-sim: ${err.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    throw err;
  }
  if (!opts) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  const controller = new AbortController();
  let interrupts = 0;
  const stop = (why: string) => {
    if (controller.signal.aborted) return;
    process.stderr.write(`\n${why}: stopping devices…\n`);
    controller.abort();
  };
  const onSignal = () => {
    if (++interrupts > 1) process.exit(130);
    stop('Interrupted (Ctrl-C again to quit at once)');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const timer =
    opts.duration > 0 && !opts.once ? setTimeout(() => stop(`${opts.duration} s elapsed`), opts.duration * 1000) : null;

  const log = opts.quiet
    ? undefined
    : (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  process.stdout.write(
    `device-sim: ${opts.count} ${opts.app} device(s) ${opts.serialPrefix}-… → ${opts.url}` +
      (opts.once
        ? ' (once)\n'
        : ` (long-poll ${opts.wait} s, ${opts.duration ? `${opts.duration} s` : 'until Ctrl-C'})\n`),
  );
  const report = await runFleet(
    {
      baseUrl: opts.url,
      enrolmentToken: opts.token,
      appName: opts.app,
      count: opts.count,
      serialPrefix: opts.serialPrefix,
      concurrency: opts.concurrency,
      wait: opts.wait,
      once: opts.once,
      statusIntervalMs: opts.statusInterval * 1000,
      failRate: opts.failRate,
      failWhen: opts.failWhen,
      groupId: opts.groupId,
      ...(opts.capabilities ? { capabilities: opts.capabilities } : {}),
      log,
    },
    controller.signal,
  );
  if (timer) clearTimeout(timer);

  const lines = [
    '',
    `Devices: ${report.devices}, enrolled: ${report.enrolled}, ${report.seconds} s`,
    'Requests:',
    ...report.requests.map((l) => `  ${l}`),
  ];
  const problems = Object.entries(report.problems);
  if (problems.length) lines.push('Problems:', ...problems.map(([reason, n]) => `  ${n} × ${reason}`));
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exitCode = report.enrolled === 0 || (opts.once && problems.length > 0) ? 1 : 0;
}

main().catch((err: unknown) => {
  process.stderr.write(`device-sim failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
