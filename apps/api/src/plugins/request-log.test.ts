import type { FastifyReply, FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLog } from './request-log.ts';

/** The request log's levels, from a pino logger at `info` writing to memory (what production runs). */
function logAtInfo() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (chunk: string) => void lines.push(JSON.parse(chunk)) });
  const requestLog = new RequestLog(log);
  const complete = (url: string, statusCode: number) =>
    requestLog.requestCompleted(
      null,
      { url, method: 'GET', ip: '127.0.0.1', id: 'req-1' } as unknown as FastifyRequest,
      { statusCode, elapsedTime: 1.25 } as unknown as FastifyReply,
    );
  return { lines, complete };
}

describe('the request log levels (issue 24)', () => {
  it('logs successful static asset requests at debug only, their failures and the API at info', () => {
    const { lines, complete } = logAtInfo();
    complete('/assets/index-Cx12ab.js', 200);
    complete('/assets/login-9Fz.css?v=1', 304);
    complete('/assets/missing.js', 404);
    complete('/api/v1/users/login', 200);
    complete('/login', 200);
    expect(lines.map((l) => [l.url, l.level])).toEqual([
      ['/assets/missing.js', 30],
      ['/api/v1/users/login', 30],
      ['/login', 30],
    ]);
  });

  it('keeps the device API and the probes at debug, as before', () => {
    const { lines, complete } = logAtInfo();
    complete('/api/v1/device/status', 200);
    complete('/healthz', 200);
    expect(lines).toEqual([]);
  });
});
