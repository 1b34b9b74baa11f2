import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_HASH_COST } from './lib/crypto.ts';
import { isCommonPassword } from './lib/common-passwords.ts';

/** Environment of DECISIONS §3, checked once at start-up: a wrong value stops start-up with a clear message. */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: RegExp, hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => URL.canParse(v) && protocols.test(new URL(v).protocol), { message: hint })
      .optional(),
  );

const envSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'must be a port number (0-65535)' }).int().min(0).max(65535).default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PUBLIC_URL: optionalUrl(/^https?:$/, 'must be an http(s) URL such as https://console.example.com'),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// URL'),
  EMBEDDED_PG_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'must be a port number (1-65535)' }).int().min(1).max(65535).default(54329),
  ),
  ROLE: z.preprocess(emptyToUndefined, z.enum(['all', 'api', 'worker']).default('all')),
  /** Connections of the process's database pool; unset: 20, or 5 for ROLE=worker. */
  DB_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).optional()),
  SMTP_URL: optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('no-reply@localhost')),
  /** Where customers write about their licences (offline customers, DECISIONS §14); default support@<MAIL_FROM's domain>. */
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email({ message: 'must be an email address' }).optional()),
  PRODUCT_NAME: z.preprocess(emptyToUndefined, z.string().max(60).default('Fleetdeck')),
  /** The seller on invoices and credit notes (DECISIONS §14); `\n` in SELLER_ADDRESS starts a new line. */
  SELLER_NAME: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  SELLER_ADDRESS: z.preprocess(emptyToUndefined, z.string().max(500).default('')),
  SELLER_TAX_ID: z.preprocess(emptyToUndefined, z.string().max(64).default('')),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email({ message: 'must be an email address' }).optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, { message: 'must be at least 8 characters' }).max(128).optional(),
  ),
  PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'stripe']).default('sandbox')),
  /** `1` lets the sandbox provider (no real money) run on a public PUBLIC_URL, for a test installation. */
  ALLOW_SANDBOX_PAYMENTS: z.preprocess(emptyToUndefined, z.enum(['0', '1']).optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another Stripe API base (e.g. a local stand-in for tests); unset: https://api.stripe.com. */
  STRIPE_API_BASE: optionalUrl(/^https?:$/, 'must be an http(s) URL such as http://127.0.0.1:12111'),
  OLD_SYSTEM_LOGIN_URL: optionalUrl(/^https?:$/, 'must be an http(s) URL'),
  /** The privacy policy and the terms the site, login and register pages link to; unset: no link (issue 24). */
  PRIVACY_URL: optionalUrl(/^https:$/, 'must be an https URL such as https://www.example.com/privacy'),
  TERMS_URL: optionalUrl(/^https:$/, 'must be an https URL such as https://www.example.com/terms'),
  APK_BASE_URL: optionalUrl(/^https?:$/, 'must be an http(s) URL such as https://downloads.example.com/apk'),
  /** Largest APK staff may upload in the back office, in MB (DECISIONS §14 "APK publishing"). */
  APK_MAX_MB: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'must be a whole number of MB (1-4096)' }).int().min(1).max(4096).default(300),
  ),
  FCM_CREDENTIALS: optionalString,
  /** Where the console's Play Store search looks: the bundled catalogue, or Google Play through the scraper. */
  PLAYSTORE_PROVIDER: z.preprocess(
    emptyToUndefined,
    z.enum(['local', 'google-play-scraper'], { message: 'must be local or google-play-scraper' }).default('local'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  OTP_LENGTH: z.preprocess(emptyToUndefined, z.coerce.number().int().min(4).max(6).default(4)),
  /**
   * Test runs only (NODE_ENV=test, refused otherwise): scrypt's cost as log2 N, below the product's 15 (DECISIONS §4),
   * so the thousands of logins of the test suite do not spend most of its CPU on password hashing.
   */
  TEST_PASSWORD_HASH_COST: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(15).optional()),
  /**
   * Test runs only (NODE_ENV=test, refused otherwise): how often the queues without their own interval (the sweeps,
   * the start-up partition upkeep) look for due jobs, instead of pg-boss's 2 s; a test that waits for the queue to
   * settle waits for those.
   */
  TEST_JOB_POLL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0.5).max(2).optional()),
  /** Months of device logs and audit entries kept: older monthly partitions are dropped (issue 14). */
  LOG_RETENTION_MONTHS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(120).default(13)),
  /**
   * The reverse proxy in front (DECISIONS §3): a hop count (1-10) or a comma-separated list of addresses and CIDRs
   * whose X-Forwarded-For is believed. Never "trust everyone": true, * and the all-address ranges are refused.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((v, ctx) => parseTrustProxy(v, ctx))
      .optional(),
  ),
  /** Header carrying the visitor's country (ISO alpha-2) from the trusted proxy, e.g. cf-ipcountry. */
  COUNTRY_HEADER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]+$/, { message: 'must be a header name such as cf-ipcountry' })
      .optional(),
  ),
  /** Daily currency rates for "Sync Currency Rate" (ECB XML or a JSON `{base, rates}` table); unset: bundled table. */
  FX_RATES_URL: optionalUrl(
    /^https?:$/,
    'must be an http(s) URL such as https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml',
  ),
  /**
   * `1` lets webhook endpoints use plain http and private addresses (DECISIONS §13: tests and private installs);
   * unset: https only, to public addresses, checked at create and at every send.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: z.preprocess(
    emptyToUndefined,
    z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional(),
  ),
  /** Where the built SPA lives; the API serves it when present. */
  WEB_DIST: optionalString,
  /** Bearer token of `GET /metrics` (Prometheus); unset: the endpoint answers 404. */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, { message: 'must be at least 16 characters' }).max(256).optional(),
  ),
  /** Device long-polls (`GET events`) one API process holds at once; beyond it a poll answers as with wait=0. */
  MAX_LONG_POLLS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000_000).default(20_000)),
  /**
   * Device log rows (`POST logs`) one device may write per UTC day, and all of one customer's devices together
   * (issue 24: the per-call limit alone let one device write ~43M rows a day). Over either: 429, nothing written.
   */
  DEVICE_LOG_ROWS_PER_DAY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100_000_000).default(20_000),
  ),
  CUSTOMER_LOG_ROWS_PER_DAY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000_000).default(2_000_000),
  ),
});

const TRUST_EVERYONE = new Set(['true', '*', 'all', '0.0.0.0/0', '::/0', '0/0']);

/** `TRUST_PROXY`: a hop count, or addresses and CIDRs (Fastify's `trustProxy` takes both, through proxy-addr). */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): number | string[] {
  const v = value.trim();
  const message =
    'must be a hop count (1-10) or a comma-separated list of proxy addresses or CIDRs, never "trust everyone"';
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops >= 1 && hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const valid = (entry: string) => {
    const [address, bits, ...rest] = entry.split('/');
    if (rest.length || !address || net.isIP(address) === 0) return false;
    if (bits === undefined) return true;
    const max = net.isIP(address) === 4 ? 32 : 128;
    return /^\d+$/.test(bits) && Number(bits) >= 1 && Number(bits) <= max;
  };
  if (list.length === 0 || list.some((e) => TRUST_EVERYONE.has(e.toLowerCase()) || !valid(e))) {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return list;
}

/** localhost, 127.0.0.0/8 or ::1: an address only this machine reaches. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

export type Config = ReturnType<typeof loadConfig>;

/** What an operator should know at start, one line each (logged as warnings by the runtime). */
export function startupWarnings(config: Pick<Config, 'smtpUrl' | 'publicUrl'>): string[] {
  const warnings: string[] = [];
  if (!config.smtpUrl && !isLocalUrl(config.publicUrl)) {
    warnings.push(
      `SMTP_URL is unset: emails (sign-in codes, receipts, reset links) are printed to the log, not sent, although ` +
        `PUBLIC_URL (${config.publicUrl}) is not localhost`,
    );
  }
  return warnings;
}

export class ConfigError extends Error {}

/** support@ at the domain of MAIL_FROM (`Fleetdeck <no-reply@example.com>` → support@example.com). */
export function supportEmailOf(mailFrom: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(mailFrom)?.[1];
  return `support@${domain ?? 'localhost'}`;
}

/**
 * The configuration of a command's process, or its end: a bad environment is said in plain sentences on stderr
 * (with `hint` after them) and the process exits with 1, no stack trace.
 */
export function loadConfigOrExit(hint = '') {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n${hint}`);
    return process.exit(1);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid environment:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // Issue 12, item 8: the sandbox grants licences for test cards, so a public install must not run it by mistake.
  if (e.PAYMENT_PROVIDER === 'sandbox' && !isLocalUrl(publicUrl) && e.ALLOW_SANDBOX_PAYMENTS !== '1') {
    throw new ConfigError(
      `Invalid environment:\n  PAYMENT_PROVIDER=sandbox takes no real money and PUBLIC_URL (${publicUrl}) is not ` +
        'localhost: set PAYMENT_PROVIDER=stripe with its keys, or ALLOW_SANDBOX_PAYMENTS=1 for a test installation',
    );
  }
  for (const name of ['TEST_PASSWORD_HASH_COST', 'TEST_JOB_POLL_SECONDS'] as const) {
    if (e[name] !== undefined && process.env.NODE_ENV !== 'test') {
      throw new ConfigError(`Invalid environment:\n  ${name} is for test runs only (NODE_ENV=test)`);
    }
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid environment:\n  ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  // The first SuperAdmin's password follows the staff password rules (issue 24): a common one is refused at start.
  if (e.ADMIN_PASSWORD && isCommonPassword(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid environment:\n  ADMIN_PASSWORD is a common password: choose a less guessable one');
  }
  // Rates are fetched by the server: plain http only to this machine (a local test peer), never across a network.
  if (e.FX_RATES_URL && new URL(e.FX_RATES_URL).protocol !== 'https:' && !isLocalUrl(e.FX_RATES_URL)) {
    throw new ConfigError('Invalid environment:\n  FX_RATES_URL: must be an https URL (plain http only to localhost)');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    role: e.ROLE,
    dbPoolSize: e.DB_POOL_SIZE ?? (e.ROLE === 'worker' ? 5 : 20),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL ?? supportEmailOf(e.MAIL_FROM),
    productName: e.PRODUCT_NAME,
    /** The seller on invoices and credit notes: name (default PRODUCT_NAME), address lines and tax id. */
    seller: {
      name: e.SELLER_NAME ?? e.PRODUCT_NAME,
      address: e.SELLER_ADDRESS.replace(/\\n/g, '\n'),
      taxId: e.SELLER_TAX_ID,
    },
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    paymentProvider: e.PAYMENT_PROVIDER,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    oldSystemLoginUrl: e.OLD_SYSTEM_LOGIN_URL ?? null,
    privacyUrl: e.PRIVACY_URL ?? null,
    termsUrl: e.TERMS_URL ?? null,
    /** Where the apps' APKs are published (`<APK_BASE_URL>/<FAMILY>.apk`): seeds the plans' empty `apkLink`s. */
    apkBaseUrl: e.APK_BASE_URL ? e.APK_BASE_URL.replace(/\/+$/, '') : null,
    /** Largest APK upload in bytes (APK_MAX_MB). */
    apkMaxBytes: e.APK_MAX_MB * 1024 * 1024,
    fcmCredentials: e.FCM_CREDENTIALS,
    playStoreProvider: e.PLAYSTORE_PROVIDER,
    logLevel: e.LOG_LEVEL,
    otpLength: e.OTP_LENGTH,
    logRetentionMonths: e.LOG_RETENTION_MONTHS,
    /** scrypt's cost (log2 N) of new password hashes: 15, or a test run's TEST_PASSWORD_HASH_COST. */
    passwordHashCost: e.TEST_PASSWORD_HASH_COST ?? PASSWORD_HASH_COST,
    /** The job queue's default polling interval in seconds: pg-boss's own (2 s) unless a test run sets one. */
    jobPollSeconds: e.TEST_JOB_POLL_SECONDS ?? null,
    /** Fastify's `trustProxy`: false (the socket address), a hop count or the proxies' addresses and CIDRs. */
    trustProxy: e.TRUST_PROXY ?? (false as const),
    /** Believed only behind a trusted proxy (TRUST_PROXY set); lower-cased as Node gives header names. */
    countryHeader: e.TRUST_PROXY !== undefined && e.COUNTRY_HEADER ? e.COUNTRY_HEADER.toLowerCase() : null,
    metricsToken: e.METRICS_TOKEN ?? null,
    maxLongPolls: e.MAX_LONG_POLLS,
    deviceLogRowsPerDay: e.DEVICE_LOG_ROWS_PER_DAY,
    customerLogRowsPerDay: e.CUSTOMER_LOG_ROWS_PER_DAY,
    fxRatesUrl: e.FX_RATES_URL ?? null,
    /** Webhook endpoints may use plain http and private addresses (WEBHOOK_ALLOW_PRIVATE_URLS=1). */
    webhookAllowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS === '1',
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
