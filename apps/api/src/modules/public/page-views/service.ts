import type { FastifyRequest } from 'fastify';
import type { PageViewPage } from '@fleetdeck/contract/endpoints/public';
import type { AppContext } from '../../../context.ts';
import { hmac } from '../../../lib/crypto.ts';
import { enforceLimit } from '../../../lib/rate-limit.ts';
import { countryOfAddress, countryOfHeader, plainAddress } from './geoip.ts';
import * as repo from './repository.ts';

/** Views one address may report per minute (a page load sends one; more is a script). */
export const PAGE_VIEW_LIMIT = { max: 30, windowSeconds: 60 };

/**
 * DECISIONS §8 "Page views": the day, the page, the country and an HMAC of the address with the installation's
 * `page_view_key` — the address itself is never stored, not even in the rate-limit counter's key. Country: the trusted
 * proxy's header when `TRUST_PROXY` and `COUNTRY_HEADER` are set (falling back to the database when the header is
 * missing), otherwise the offline GeoIP database; loopback and private addresses are `--`.
 */
export async function recordPageView(ctx: AppContext, req: FastifyRequest, page: PageViewPage) {
  const address = plainAddress(req.ip);
  const ipHash = hmac(ctx.secrets.pageViewKey, address);
  await enforceLimit(ctx.db, `page-view:${ipHash}`, PAGE_VIEW_LIMIT.max, PAGE_VIEW_LIMIT.windowSeconds);
  const fromHeader = ctx.config.countryHeader ? countryOfHeader(req.headers[ctx.config.countryHeader]) : null;
  const country = fromHeader ?? countryOfAddress(address);
  await repo.recordPageView(ctx.db, { page, country, ipHash });
}
