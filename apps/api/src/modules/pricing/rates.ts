import { countries, type TCountryCode } from 'countries-list';
import { MAX_CONVERSATION_RATE } from '@fleetdeck/contract/staff';
import { AppError } from '../../lib/errors.ts';
import { BUNDLED_RATES } from './bundled-rates.ts';

/**
 * Rates tables for the currency rules (DECISIONS §8): units of a currency per 1 GBP. The bundled offline table by
 * default; with `FX_RATES_URL`, a real source: the ECB daily reference rates XML (`<Cube currency='USD' rate='1.08'/>`,
 * per EUR) or a JSON table `{ base, date?, rates: { USD: 1.08, … } }` (Frankfurter, exchangerate.host,
 * openexchangerates…). Either is turned into per-GBP rates; a table with a bad rate is refused whole.
 */

export type RateSource = 'bundled' | 'FX_RATES_URL';
export interface RatesTable {
  source: RateSource;
  asOf: string;
  perGbp: ReadonlyMap<string, number>;
}

/** Six decimals, as stored (`numeric(20, 6)`). */
export const roundRate = (n: number) => Math.round(n * 1e6) / 1e6;

export function bundledTable(): RatesTable {
  return { source: 'bundled', asOf: BUNDLED_RATES.asOf, perGbp: new Map(Object.entries(BUNDLED_RATES.perGbp)) };
}

/** Every currency code the bundled table or a country knows (what staff may type as a currency code). */
export function isKnownCurrency(code: string): boolean {
  if (code in BUNDLED_RATES.perGbp) return true;
  return Object.values(countries).some((c) => (c.currency as readonly string[]).includes(code));
}

export interface CountryInfo {
  countryCode: string;
  countryName: string;
  currencyCode: string | null;
}

/** The country of an ISO alpha-2 code (the built-in list of spec 3 §9), with its main currency; null if unknown. */
export function countryInfo(countryCode: string): CountryInfo | null {
  const c = countries[countryCode as TCountryCode] as (typeof countries)[TCountryCode] | undefined;
  if (!c) return null;
  return { countryCode, countryName: c.name, currencyCode: c.currency[0] ?? null };
}

const FETCH_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 2_000_000;

const sourceError = (detail: string) =>
  new AppError(
    502,
    'E_PROVIDER',
    `The rates source (FX_RATES_URL) gave no usable rates: ${detail}. Nothing was changed; the current rates stay.`,
  );

/** A rate as the source wrote it: a positive, finite number within bounds, or the table is refused. */
function checkedRate(code: string, raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n) || n <= 0) throw sourceError(`the rate of ${code} is ${JSON.stringify(raw)}`);
  return n;
}

/** Rates per `base` (the base itself 1) → rates per GBP; every rate checked, GBP required. */
function perGbpOf(base: string, rates: Map<string, number>, asOf: string): RatesTable {
  rates.set(base, 1);
  const gbp = rates.get('GBP');
  if (gbp === undefined) throw sourceError('the table has no GBP rate to convert through');
  const perGbp = new Map<string, number>();
  for (const [code, rate] of rates) {
    const value = roundRate(rate / gbp);
    if (!(value > 0) || value > MAX_CONVERSATION_RATE) {
      throw sourceError(`the rate of ${code} per GBP would be ${value}, outside 0 to ${MAX_CONVERSATION_RATE}`);
    }
    perGbp.set(code, value);
  }
  return { source: 'FX_RATES_URL', asOf, perGbp };
}

const today = () => new Date().toISOString().slice(0, 10);
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The ECB daily XML: rates per EUR. */
function parseEcbXml(body: string): RatesTable {
  const rates = new Map<string, number>();
  for (const m of body.matchAll(/<Cube\s+currency=['"]([A-Za-z]{3})['"]\s+rate=['"]([^'"]*)['"]/g)) {
    const code = m[1]!.toUpperCase();
    rates.set(code, checkedRate(code, m[2]));
  }
  if (rates.size === 0) throw sourceError('the XML holds no <Cube currency rate> entries');
  const time = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]/.exec(body)?.[1];
  return perGbpOf('EUR', rates, time ?? today());
}

/** `{ base | source, date?, rates: { CODE: number } }`. */
function parseJson(body: string): RatesTable {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    throw sourceError('the answer is neither the ECB XML nor JSON');
  }
  const o = (doc ?? {}) as { base?: unknown; source?: unknown; date?: unknown; rates?: unknown };
  const base = typeof o.base === 'string' ? o.base : typeof o.source === 'string' ? o.source : null;
  if (!base || !/^[A-Za-z]{3}$/.test(base)) throw sourceError('the JSON names no 3-letter "base" currency');
  if (!o.rates || typeof o.rates !== 'object' || Array.isArray(o.rates)) {
    throw sourceError('the JSON has no "rates" object');
  }
  const rates = new Map<string, number>();
  for (const [key, raw] of Object.entries(o.rates as Record<string, unknown>)) {
    if (!/^[A-Za-z]{3}$/.test(key)) throw sourceError(`"${key.slice(0, 20)}" is not a currency code`);
    rates.set(key.toUpperCase(), checkedRate(key.toUpperCase(), raw));
  }
  if (rates.size === 0) throw sourceError('the JSON "rates" object is empty');
  return perGbpOf(base.toUpperCase(), rates, isDate(o.date) ? o.date : today());
}

export function parseRatesTable(body: string): RatesTable {
  return body.trimStart().startsWith('<') ? parseEcbXml(body) : parseJson(body);
}

/** https, or plain http to this machine only (a local test peer): rates never travel a network in the clear. */
function isSafeRatesUrl(url: string): boolean {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local = host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
  return u.protocol === 'https:' || (u.protocol === 'http:' && local);
}

/**
 * Downloads and checks the table at `url` (10 s, 2 MB at most). The body is read as a stream and the download cut off
 * once it passes 2 MB, whatever `content-length` says (issue 24: it was read whole first); a redirect to plain http is
 * refused like the URL itself.
 */
export async function fetchRatesTable(url: string): Promise<RatesTable> {
  if (!isSafeRatesUrl(url)) throw sourceError('it is not an https URL');
  const abort = new AbortController();
  const signal = AbortSignal.any([abort.signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]);
  let res: Response;
  let at = url;
  // Redirects are followed by hand (3 at most), each checked like the URL itself before anything is sent to it.
  for (let hops = 0; ; hops++) {
    try {
      res = await fetch(at, { signal, redirect: 'manual' });
    } catch (err) {
      throw sourceError(
        `it could not be reached (${(err as Error).name === 'TimeoutError' ? 'timed out' : 'no answer'})`,
      );
    }
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (location === null) break;
    await res.body?.cancel();
    at = new URL(location, at).toString();
    if (!isSafeRatesUrl(at)) throw sourceError('it redirected to a URL that is not https');
    if (hops === 2) throw sourceError('it redirected more than 3 times');
  }
  if (!res.ok) throw sourceError(`it answered HTTP ${res.status}`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) {
    abort.abort();
    throw sourceError('the answer is larger than 2 MB');
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    const reader = res.body?.getReader();
    for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
      received += next.value.byteLength;
      if (received > MAX_BODY_BYTES) {
        abort.abort();
        throw sourceError('the answer is larger than 2 MB');
      }
      chunks.push(next.value);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw sourceError(`its answer broke off (${(err as Error).name === 'TimeoutError' ? 'timed out' : 'no answer'})`);
  }
  return parseRatesTable(Buffer.concat(chunks).toString('utf8'));
}
