import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRatesTable } from './rates.ts';

/**
 * The rates download (issue 24): a real local HTTP server sends what a hostile or broken source could. The body is
 * read as a stream and cut off past 2 MB even without a content-length; plain http travels to this machine only.
 */
let server: http.Server;
let base: string;
let bytesSent = 0;
const JSON_TABLE = JSON.stringify({ base: 'EUR', date: '2026-11-23', rates: { GBP: 0.84, USD: 1.05 } });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/endless') {
      // Chunked, no content-length: 64 KB chunks until the client goes away (or 50 MB).
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (bytesSent < 50_000_000) {
          bytesSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => undefined);
      pump();
      return;
    }
    if (req.url === '/to-plain-http') {
      res.writeHead(302, { location: 'http://rates.example.com/daily.json' }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON_TABLE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchRatesTable', () => {
  it('reads a table from a local peer', async () => {
    const table = await fetchRatesTable(`${base}/daily.json`);
    expect(JSON.stringify(table)).toContain('2026-11-23');
  });

  it('cuts a body without content-length off past 2 MB instead of reading it whole', async () => {
    await expect(fetchRatesTable(`${base}/endless`)).rejects.toThrow(/larger than 2 MB/);
    // The server stopped well before its 50 MB: the client went away near the cap (socket buffers aside).
    expect(bytesSent).toBeLessThan(20_000_000);
  });

  it('refuses plain http across a network, and a redirect to it, before reading anything', async () => {
    await expect(fetchRatesTable('http://rates.example.com/daily.json')).rejects.toThrow(/not an https URL/);
    await expect(fetchRatesTable(`${base}/to-plain-http`)).rejects.toThrow(/redirected to a URL that is not https/);
  });
});
