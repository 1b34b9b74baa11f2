import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers (lower-case names, one value each) and raw body. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1 (a real HTTP server): records every request and answers with `respond`'s status
 * (200 unless changed). `waitFor` resolves with the first request matching, or fails after `timeoutMs`.
 */
export async function startReceiver(respond: (r: Received) => number = () => 200) {
  const received: Received[] = [];
  const waiters: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  let answer = respond;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(',') : (v ?? '');
      const r: Received = {
        path: req.url ?? '/',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(r);
      const status = answer(r);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status >= 200 && status < 300 ? 'ok' : `receiver says ${status}`);
      for (const w of waiters.filter((x) => x.match(r))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(r);
      }
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    /** TCP connections accepted so far (a blocked address is never even connected to). */
    connections: () => connections,
    answerWith(fn: (r: Received) => number) {
      answer = fn;
    },
    waitFor(match: (r: Received) => boolean = () => true, timeoutMs = 15_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<Received>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('webhook receiver: nothing matching arrived')), timeoutMs);
        waiters.push({
          match,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
