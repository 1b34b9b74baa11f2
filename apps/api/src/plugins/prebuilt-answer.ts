import { validateHeaderName, validateHeaderValue, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply } from 'fastify';

/**
 * A 200 JSON answer written with a head built once, for the device long-poll's answers (issue 14: a broadcast answers
 * every poll of a process at once, 20,000 of them). node:http builds and checks every header of every answer again
 * (~17 here: the security headers, type, caching, length, date, keep-alive): measured on this machine, that was
 * 20–25 µs of a ~70 µs answer, more than the system call that sends it. Here the security headers' lines are checked
 * and joined once; an answer adds its length and the date, and goes out in one write.
 *
 * The bytes are those node:http and Fastify would send for the same reply (prebuilt-answer.test.ts compares them),
 * and Fastify still ends the request as usual (its onResponse hooks: metrics, the request log). Whenever an answer is
 * not the plain case it is made for, `send` returns false and the caller answers the usual way:
 * - the reply carries any header other than the security headers (e.g. `retry-after`), or a different value;
 * - the body is 1 KB or more (the usual path may compress it), or the request is a HEAD;
 * - the connection is not kept alive (HTTP/1.0, `Connection: close`), or another answer is ahead of this one on it;
 * - this Node's `ServerResponse` lacks the fields the fast path relies on (`_header`, `_headerSent`);
 * - there is no network connection under it (`app.inject` in tests).
 */
export interface PrebuiltAnswer {
  send(reply: FastifyReply, body: string): boolean;
}

/** Answers sent by the fast path since start (tests check which path an answer took). */
export const prebuiltAnswerStats = { sent: 0 };

/** What `_header` holds once a prebuilt head was written. */
const SENT = 'HTTP/1.1 200 OK\r\n';

/** Bodies from this size on take the usual path: the compression hook (threshold 1 KB, app.ts) may apply. */
const MAX_PREBUILT_BODY = 1024;

interface NodeResponseInternals {
  _header: string | null;
  _headerSent: boolean;
  _hasBody: boolean;
  _contentLength: number | null;
  shouldKeepAlive: boolean;
}

export function prebuiltJsonAnswer(
  securityHeaders: Readonly<Record<string, string>>,
  contentType: string,
): PrebuiltAnswer {
  const names = Object.keys(securityHeaders);
  let fixed = `content-type: ${contentType}\r\ncache-control: no-store\r\n`;
  validateHeaderValue('content-type', contentType);
  for (const [name, value] of Object.entries(securityHeaders)) {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    fixed += `${name}: ${value}\r\n`;
  }
  // The head's fixed part as bytes: each answer is assembled in a pooled Buffer (outside the JS heap), not as a
  // 1.5 KB string that V8 allocates, flattens and collects 20,000 times in a broadcast.
  const fixedBytes = Buffer.from(`HTTP/1.1 200 OK\r\n${fixed}`, 'latin1');
  // Node's own Date header, refreshed once a second as node:http does.
  let dateSecond = 0;
  let dateLine = '';
  const date = () => {
    const now = Date.now();
    const second = now - (now % 1000);
    if (second !== dateSecond) {
      dateSecond = second;
      dateLine = `Date: ${new Date(second).toUTCString()}\r\n`;
    }
    return dateLine;
  };

  /** True when the reply holds exactly the security headers, as app.ts's onRequest hook set them. */
  const onlySecurityHeaders = (reply: FastifyReply) => {
    const headers = reply.getHeaders();
    let count = 0;
    for (const name in headers) {
      if (headers[name] !== securityHeaders[name]) return false;
      count++;
    }
    return count === names.length;
  };

  return {
    send(reply, body) {
      const res = reply.raw as ServerResponse & Partial<NodeResponseInternals>;
      const socket = res.socket;
      const server = reply.server.server;
      if (
        body.length >= MAX_PREBUILT_BODY ||
        res._header !== null ||
        res._headerSent !== false ||
        res._hasBody !== true ||
        res.shouldKeepAlive !== true ||
        res.statusCode !== 200 ||
        server.maxRequestsPerSocket ||
        // A real connection (not app.inject's stand-in, which records what goes through the response instead).
        !(socket instanceof Socket) ||
        socket.destroyed ||
        !socket.writable ||
        (socket as { _httpMessage?: unknown })._httpMessage !== res ||
        reply.request.raw.httpVersion !== '1.1' ||
        !onlySecurityHeaders(reply)
      )
        return false;
      const length = Buffer.byteLength(body);
      const keepAlive = Math.floor(server.keepAliveTimeout / 1000);
      const rest =
        `content-length: ${length}\r\n${date()}` +
        `Connection: keep-alive\r\n${keepAlive > 0 ? `Keep-Alive: timeout=${keepAlive}\r\n` : ''}\r\n`;
      const answer = Buffer.allocUnsafe(fixedBytes.length + rest.length + length);
      fixedBytes.copy(answer, 0);
      answer.write(rest, fixedBytes.length, 'latin1');
      answer.write(body, fixedBytes.length + rest.length, 'utf8');
      // Fastify must not answer again; its onResponse hooks still run when the response finishes (below).
      reply.hijack();
      // Head and body in one write: one system call, one segment.
      socket.write(answer);
      // The head is out: node:http ends the response without writing one (end() writes nothing more for a
      // response whose head was sent and whose body length was given), then serves the next request on the socket.
      // `_header` only has to be set (node:http tests it); the head itself is not kept.
      res._header = SENT;
      res._headerSent = true;
      res._contentLength = length;
      res.end();
      prebuiltAnswerStats.sent++;
      return true;
    },
  };
}
