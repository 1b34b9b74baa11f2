import type { Db } from '../../src/db/client.ts';
import type { TestRuntime } from './runtime.ts';

/**
 * The test helpers' `rt.app.inject`, sent over HTTP to a real server process (or a proxy in front of several), so
 * factory and call helpers work against `node apps/api/src/server.ts` children. Each call carries its client address
 * in `x-forwarded-for` (and in `clientHeader`, when given, for a proxy that routes by it); `defaultAddress` makes
 * the address of calls that name none.
 */
export function httpRuntime(
  baseUrl: string,
  parts: { db: Db; smtp: TestRuntime['smtp'] },
  opts: { defaultAddress: () => string; clientHeader?: string },
): TestRuntime {
  const app = {
    async inject(req: {
      method: string;
      url: string;
      query?: Record<string, string>;
      payload?: object;
      headers?: Record<string, string>;
      remoteAddress?: string;
    }) {
      const url = new URL(req.url, baseUrl);
      for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
      const address = req.remoteAddress ?? opts.defaultAddress();
      const res = await fetch(url, {
        method: req.method,
        headers: {
          ...(req.payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.clientHeader ? { [opts.clientHeader]: address } : {}),
          'x-forwarded-for': address,
          ...req.headers,
        },
        ...(req.payload === undefined ? {} : { body: JSON.stringify(req.payload) }),
      });
      const body = await res.text();
      return {
        statusCode: res.status,
        body,
        headers: Object.fromEntries(res.headers),
        json: () => JSON.parse(body) as unknown,
      };
    },
  };
  return { app, smtp: parts.smtp, ctx: { db: parts.db } } as unknown as TestRuntime;
}
