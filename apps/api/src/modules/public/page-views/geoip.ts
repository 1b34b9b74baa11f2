import { createRequire } from 'node:module';
import net from 'node:net';

/**
 * Visitor country from the address, offline (DECISIONS §8): the `geoip-country` package ships MaxMind's GeoLite2
 * country data inside the npm package (refreshed in frequent releases, no download at run time, a few MB of memory,
 * country only). Loaded on the first page view, not at start-up. GeoLite2 data: attribution to MaxMind required
 * (docs/adr/0007-payment-dashboard.md).
 */

/** Country of an address we cannot place (loopback, private ranges, unknown to the database). */
export const UNKNOWN_COUNTRY = '--';

interface GeoipCountry {
  lookup(ip: string): { country: string } | null;
}

let geoip: GeoipCountry | null = null;
const load = () => (geoip ??= createRequire(import.meta.url)('geoip-country') as GeoipCountry);

const PRIVATE = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv6');

/** The address without an IPv4-mapped IPv6 prefix (`::ffff:1.2.3.4` → `1.2.3.4`). */
export const plainAddress = (ip: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip);

export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 0) return true;
  return PRIVATE.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** ISO 3166 alpha-2 country of a public address, or `--`. */
export function countryOfAddress(address: string): string {
  const ip = plainAddress(address);
  if (isPrivateAddress(ip)) return UNKNOWN_COUNTRY;
  return load().lookup(ip)?.country?.toUpperCase() ?? UNKNOWN_COUNTRY;
}

/**
 * A country header from the trusted proxy (e.g. Cloudflare's `cf-ipcountry`): two letters; Cloudflare's `XX`
 * (unknown) and `T1` (Tor) are not countries. Anything else is ignored.
 */
export function countryOfHeader(value: string | string[] | undefined): string | null {
  const v = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  if (!v || !/^[A-Z]{2}$/.test(v) || v === 'XX') return null;
  return v;
}
