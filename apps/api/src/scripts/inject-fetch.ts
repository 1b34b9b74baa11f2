import type { FastifyInstance, InjectOptions } from 'fastify';

/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` that answers from an in-process Fastify app through `app.inject` (no socket, no port): what
 * `seed:demo` hands to the device simulator so the demo devices go through the real device API even while
 * `npm start` holds the port. Only what the simulator sends is supported: string bodies, absolute URLs (the
 * host is ignored). `remoteAddress` is the client address the API sees (per-IP rate limits).
 */
export function injectFetch(app: FastifyInstance, remoteAddress = '127.0.0.1'): typeof fetch {
  const injected = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (input instanceof Request) throw new Error('injectFetch takes a URL, not a Request');
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
      throw new Error('injectFetch sends string bodies only');
    }
    init.signal?.throwIfAborted();
    const url = new URL(String(input));
    const res = await app.inject({
      method: (init.method ?? 'GET').toUpperCase() as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      remoteAddress,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    const body = NULL_BODY.has(res.statusCode) ? null : new Uint8Array(res.rawPayload);
    return new Response(body, { status: res.statusCode, headers });
  };
  return injected as typeof fetch;
}
