import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard of webhook endpoints (DECISIONS §13): a URL must be https and its host must resolve only to public
 * unicast addresses (no loopback, private, unique-local, link-local with the cloud metadata address, CGNAT,
 * unspecified, multicast, broadcast or reserved ranges, nor an IPv4-mapped IPv6 address of one), checked at create and
 * update and again at every send, where the request connects to the address checked (`pinnedLookup`), so a DNS answer
 * that changes between the check and the connection (rebinding) cannot reach a private address.
 * `WEBHOOK_ALLOW_PRIVATE_URLS=1` allows plain http and private addresses (tests, private installs).
 */

/** Names that must never be called whatever they resolve to. */
const BLOCKED_NAMES = [/^localhost$/, /\.localhost$/, /^metadata\.google\.internal$/, /\.internal$/, /\.local$/];

export interface CheckedUrl {
  url: URL;
  /** The address to connect to (the first one resolved), and its family. */
  address: string;
  family: 4 | 6;
}

export class BlockedUrlError extends Error {}

/** Why an address may not be called, or null when it is public unicast. */
export function blockedRange(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return 'not an IP address';
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  const range = addr.range();
  return range === 'unicast' ? null : range;
}

const hostOf = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');

/**
 * Checks `raw` and resolves its host (every address: one private answer is enough to refuse). Throws
 * `BlockedUrlError` with the reason in words.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedUrlError('is not a web address');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new BlockedUrlError('must start with https://');
  }
  const host = hostOf(url);
  if (!allowPrivate && BLOCKED_NAMES.some((re) => re.test(host))) {
    throw new BlockedUrlError(`host ${host} is a local or internal name`);
  }
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new BlockedUrlError(`host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new BlockedUrlError(`host ${host} does not resolve`);
  if (!allowPrivate) {
    for (const a of addresses) {
      const range = blockedRange(a.address);
      if (range) throw new BlockedUrlError(`host ${host} resolves to a blocked address (${a.address}, ${range})`);
    }
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A `lookup` for http(s).request that answers the checked address whatever the name (no second DNS query). */
export function pinnedLookup(checked: CheckedUrl): net.LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (err: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: checked.address, family: checked.family },
      ]);
    } else {
      callback(null, checked.address, checked.family);
    }
  };
}
