import { parseArgs } from 'node:util';
import { COMMAND_TYPES, EVENTS_MAX_WAIT_SECONDS } from '@fleetdeck/contract';
import { groupFromQr, tokenFromQr } from './client.ts';
import { defaultSerialPrefix } from './fleet.ts';

export const USAGE = `Usage: npm run device-sim -- (--qr "<PUBLIC_URL>/enrol?token=…" | --token <enrolmentToken>) [options]

Simulates Android devices against the Fleetdeck device API (/api/v1/device): each enrols with the
customer's enrolment token (the text of the login QR code), reports status and a realistic app inventory,
applies and acknowledges policies, long-polls for events and answers notifications.

Options:
  --url <url>            API base URL        (default: the --qr link's own address, else http://localhost:3000)
  --qr <text>            the login QR text: <PUBLIC_URL>/enrol?token=… (a group's QR, …&group=<id>,
                         enrols the devices into that group)
  --token <token>        the enrolment token itself (instead of --qr)
  --app <code>           app / plan code enrolling: PD, PDOT, SL, PC, KM…  (default PD)
  --count <n>            number of devices                             (default 1)
  --serial-prefix <p>    serial numbers are <p>-0001, <p>-0002…        (default SIM-<random>, unique per run)
  --duration <s>         stop after s seconds; 0 = until Ctrl-C        (default 0)
  --wait <s>             long-poll seconds, 0-${EVENTS_MAX_WAIT_SECONDS}                       (default 30)
  --once                 enrol, report, fetch+ack the policy, then exit
  --concurrency <n>      short requests in flight at once              (default 20)
  --status-interval <s>  seconds between status/log reports            (default 60)
  --fail-rate <r>        fail this share (0-1) of the policies applied, on purpose  (default 0)
  --fail-when <setting>  fail every policy with this setting on (a key or a path:
                         kioskType, advancedSettings.factoryReset…)
  --capabilities <list>  the remote commands the app claims it can run, comma-separated, or "none"
                         (default all: ${COMMAND_TYPES.join(',')};
                         leave out reboot for an app that is not device owner)
  --quiet                print only the summary
  -h, --help             this help

Examples:
  npm run device-sim -- --qr "http://localhost:3100/enrol?token=abc…" --count 5 --once   # talks to localhost:3100
  npm run device-sim -- --url http://localhost:3950 --token abc… --app PD --count 50 --duration 120
  npm run device-sim -- --token abc… --count 20 --fail-rate 0.3     # watch a rollout pause itself
  npm run device-sim -- --token abc… --count 10 --capabilities lock,ring,locate,sync   # no reboot: not device owner`;

export interface CliOptions {
  url: string;
  token: string;
  app: string;
  count: number;
  serialPrefix: string;
  duration: number;
  wait: number;
  once: boolean;
  concurrency: number;
  statusInterval: number;
  quiet: boolean;
  failRate: number;
  failWhen: string | undefined;
  /** The group of a group's enrolment QR (`--qr …&group=<id>`). */
  groupId: string | undefined;
  /** The commands the devices claim they can run (`--capabilities`); undefined: every type. */
  capabilities: string[] | undefined;
}

/** `--capabilities lock,ring` → ['lock', 'ring']; "none" → []; every name must be a command type. */
export function parseCapabilities(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const list = raw.trim().toLowerCase();
  if (list === 'none') return [];
  if (list === 'all') return [...COMMAND_TYPES];
  const names = list
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  const unknown = names.filter((n) => !(COMMAND_TYPES as readonly string[]).includes(n));
  if (names.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `--capabilities must list command types from ${COMMAND_TYPES.join(', ')}, or be "none" (got "${raw}")`,
    );
  }
  return [...new Set(names)];
}

export class UsageError extends Error {}

function intOption(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

/**
 * The console a login QR link belongs to: `https://fleet.example.com/enrol?token=…` → `https://fleet.example.com`
 * (a path before `/enrol`, as behind a proxy, is kept). Null when the text is a bare token, not a link.
 */
export function baseOfQr(qr: string): string | null {
  let link: URL;
  try {
    link = new URL(qr.trim());
  } catch {
    return null;
  }
  if (link.protocol !== 'http:' && link.protocol !== 'https:') return null;
  return `${link.origin}${link.pathname.replace(/\/enrol\/?$/, '').replace(/\/+$/, '')}`;
}

/** Parses the command line; `null` means --help. Throws UsageError with a sentence on bad input. */
export function parseCli(argv: string[], random: () => number = Math.random): CliOptions | null {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        qr: { type: 'string' },
        token: { type: 'string' },
        app: { type: 'string' },
        count: { type: 'string' },
        'serial-prefix': { type: 'string' },
        duration: { type: 'string' },
        wait: { type: 'string' },
        once: { type: 'boolean' },
        concurrency: { type: 'string' },
        'status-interval': { type: 'string' },
        quiet: { type: 'boolean' },
        'fail-rate': { type: 'string' },
        'fail-when': { type: 'string' },
        capabilities: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  if (values.help) return null;
  if (values.qr !== undefined && values.token !== undefined) throw new UsageError('give --qr or --token, not both');
  if (values.qr === undefined && values.token === undefined) {
    throw new UsageError('an enrolment token is required: --qr "<PUBLIC_URL>/enrol?token=…" or --token <token>');
  }
  let token: string;
  try {
    token = values.qr !== undefined ? tokenFromQr(values.qr) : values.token!.trim();
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  if (!token) throw new UsageError('--token is empty');

  const url = values.url ?? (values.qr !== undefined ? baseOfQr(values.qr) : null) ?? 'http://localhost:3000';
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    throw new UsageError(`--url must be an http(s) URL (got "${url}")`);
  }
  const app = (values.app ?? 'PD').trim().toUpperCase();
  if (!/^[A-Z]{1,16}$/.test(app))
    throw new UsageError(`--app must be a plan code such as PD, SL, PC (got "${values.app}")`);
  const prefix = values['serial-prefix']?.trim() || defaultSerialPrefix(random);
  if (prefix.length > 100) throw new UsageError('--serial-prefix is too long (at most 100 characters)');

  const failRate = values['fail-rate'] === undefined ? 0 : Number(values['fail-rate']);
  if (!Number.isFinite(failRate) || failRate < 0 || failRate > 1) {
    throw new UsageError(`--fail-rate must be a number from 0 to 1 (got "${values['fail-rate']}")`);
  }
  const failWhen = values['fail-when']?.trim();
  if (values['fail-when'] !== undefined && !/^[A-Za-z][\w.]{0,99}$/.test(failWhen ?? '')) {
    throw new UsageError(`--fail-when must name a setting, e.g. kioskType (got "${values['fail-when']}")`);
  }

  return {
    url: url.replace(/\/+$/, ''),
    token,
    app,
    count: intOption('count', values.count, 1, 1, 100_000),
    serialPrefix: prefix,
    duration: intOption('duration', values.duration, 0, 0, 7 * 86_400),
    wait: intOption('wait', values.wait, 30, 0, EVENTS_MAX_WAIT_SECONDS),
    once: values.once ?? false,
    concurrency: intOption('concurrency', values.concurrency, 20, 1, 1000),
    statusInterval: intOption('status-interval', values['status-interval'], 60, 1, 86_400),
    quiet: values.quiet ?? false,
    failRate,
    failWhen: failWhen || undefined,
    groupId: values.qr !== undefined ? groupFromQr(values.qr) : undefined,
    capabilities: parseCapabilities(values.capabilities),
  };
}
