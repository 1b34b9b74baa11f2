import http from 'node:http';
import { fillPath, type Endpoint, type EndpointResponse } from '@fleetdeck/contract';

/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A minimal `fetch` over node:http for the benchmark's simulated devices: keep-alive sockets from one shared
 * agent, and a chosen loopback source address (`127.0.0.x`), so a thousand devices look like several sites
 * to the per-IP enrolment limit (120 a minute) instead of one. Lighter than the global fetch, so less of the
 * shared CPU goes to the load generator. Only what device-sim sends is supported: string bodies, URLs.
 */
export function loopbackFetch(agent: http.Agent, localAddress: string): typeof fetch {
  const request = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      if (input instanceof Request) throw new Error('loopbackFetch takes a URL, not a Request');
      const url = new URL(String(input));
      const body = typeof init.body === 'string' ? init.body : undefined;
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: init.method ?? 'GET',
          headers,
          agent,
          localAddress,
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let ended = false;
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('close', () => {
            if (!ended) reject(Object.assign(new Error('the response was cut off'), { name: 'AbortError' }));
          });
          res.on('end', () => {
            ended = true;
            const out = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (value === undefined) continue;
              for (const one of Array.isArray(value) ? value : [value]) out.append(name, one);
            }
            const status = res.statusCode ?? 0;
            resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers: out }));
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return request as typeof fetch;
}

export interface ApiCall {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/**
 * The contract's endpoints over real HTTP with one token (a customer's session): method and path from the endpoint,
 * the answer typed with its success response, the time from request sent to the whole body received. Anything but
 * 200 throws with the answer's text.
 */
export function apiCaller(baseUrl: string, fetchFn: typeof fetch, token: string) {
  return async <E extends Endpoint>(endpoint: E, c: ApiCall = {}) => {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(c.query ?? {})) if (v !== undefined) query.set(k, String(v));
    const url = `${baseUrl}${fillPath(endpoint.path, c.params)}${query.size ? `?${query}` : ''}`;
    const t = performance.now();
    const res = await fetchFn(url, {
      method: endpoint.method,
      headers: { authorization: token, ...(c.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
    });
    const text = await res.text();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`${endpoint.method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
    return { ms, body: JSON.parse(text) as EndpointResponse<E> };
  };
}
