import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventsResponse } from '@fleetdeck/contract';
import { startTestRuntime, type TestRuntime } from '../../test/support/runtime.ts';
import { customerWithSeats, enrolDevice } from '../../test/support/factory.ts';
import { enqueueDeviceMessage } from '../modules/policy/wakeup.ts';
import { prebuiltAnswerStats } from './prebuilt-answer.ts';

/**
 * The long-poll's answers with a prebuilt head (prebuilt-answer.ts, issue 14) over real connections: the same bytes
 * as the usual path, and the connection goes on serving requests afterwards. app.inject never takes this path (it has
 * no socket), so every request here is raw HTTP/1.1.
 */
const METRICS_TOKEN = 'metrics-token-for-the-test-0123';
let rt: TestRuntime;
let device: Awaited<ReturnType<typeof enrolDevice>>;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'), { listen: true, env: { METRICS_TOKEN } });
  const c = await customerWithSeats(rt, 'PD', 2);
  device = await enrolDevice(rt, c);
});
afterAll(async () => rt?.close());

interface Answer {
  status: number;
  /** Header lines in the order sent, names lower-cased. */
  headers: [string, string][];
  body: string;
}

/** One connection; `answers(n)` resolves once n complete answers (Content-Length bodies) have arrived on it. */
function connection() {
  const { port } = new URL(rt.url!);
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.setEncoding('utf8');
  let data = '';
  let closed = false;
  const parsed: Answer[] = [];
  /** The methods of the requests sent, oldest first: a HEAD's answer has no body whatever its content-length. */
  const methods: string[] = [];
  let waiting: { n: number; resolve: (a: Answer[]) => void } | null = null;
  const parse = () => {
    for (;;) {
      const end = data.indexOf('\r\n\r\n');
      if (end === -1) return;
      const [statusLine = '', ...lines] = data.slice(0, end).split('\r\n');
      const headers = lines.map((l): [string, string] => {
        const i = l.indexOf(':');
        return [l.slice(0, i).toLowerCase(), l.slice(i + 1).trim()];
      });
      const length = methods[0] === 'HEAD' ? 0 : Number(headers.find(([k]) => k === 'content-length')?.[1] ?? 0);
      if (Buffer.byteLength(data.slice(end + 4)) < length) return;
      const body = Buffer.from(data.slice(end + 4))
        .subarray(0, length)
        .toString('utf8');
      data = Buffer.from(data.slice(end + 4))
        .subarray(length)
        .toString('utf8');
      methods.shift();
      parsed.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    }
  };
  const check = () => {
    if (waiting && parsed.length >= waiting.n) {
      const w = waiting;
      waiting = null;
      w.resolve(parsed.splice(0, w.n));
    }
  };
  socket.on('data', (chunk: string) => {
    data += chunk;
    parse();
    check();
  });
  socket.on('close', () => (closed = true));
  return {
    send: (...requests: { query: string; extra?: string; method?: string }[]) => {
      let text = '';
      for (const r of requests) {
        methods.push(r.method ?? 'GET');
        text += request(r.query, r.extra, r.method);
      }
      socket.write(text);
    },
    answers: (n: number) =>
      new Promise<Answer[]>((resolve, reject) => {
        waiting = { n, resolve };
        check();
        setTimeout(() => reject(new Error(`${parsed.length} of ${n} answers within 10 s`)), 10_000).unref();
      }),
    closed: () => closed,
    end: () => socket.destroy(),
  };
}

const request = (query: string, extra = '', method = 'GET') =>
  `${method} /api/v1/device/events${query} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${device.auth}\r\n${extra}\r\n`;

/** The headers that describe the connection or the moment, not the answer. */
const PER_CONNECTION = new Set(['connection', 'keep-alive', 'date']);
const answerHeaders = (a: Answer) =>
  Object.fromEntries(a.headers.filter(([k]) => !PER_CONNECTION.has(k)).sort(([x], [y]) => x.localeCompare(y)));

describe('GET events answers with a prebuilt head (prebuilt-answer.ts)', () => {
  it('sends the same status, headers and body as the usual path, and keeps the connection for the next request', async () => {
    const fast = connection();
    const before = prebuiltAnswerStats.sent;
    fast.send({ query: '?wait=0&version=0' });
    const [first] = await fast.answers(1);
    fast.send({ query: '?wait=0&version=0' });
    const [second] = await fast.answers(1);
    expect(prebuiltAnswerStats.sent - before).toBe(2);
    fast.end();

    // `Connection: close` takes the usual path (Fastify and node:http write the head).
    const usual = connection();
    usual.send({ query: '?wait=0&version=0', extra: 'Connection: close\r\n' });
    const [closing] = await usual.answers(1);
    expect(prebuiltAnswerStats.sent - before).toBe(2);

    for (const a of [first!, second!, closing!]) {
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body) as EventsResponse).toEqual({
        respones_msg: 'OK',
        data: { policyVersion: 0, policyChanged: false, messages: [], logout: false },
      });
    }
    expect(first!.body).toBe(closing!.body);
    expect(answerHeaders(first!)).toEqual(answerHeaders(closing!));
    expect(answerHeaders(first!)).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-length': String(Buffer.byteLength(first!.body)),
    });
    expect(answerHeaders(first!)['content-security-policy']).toContain("default-src 'self'");
    // The connection headers node:http writes on a kept-alive connection, and a date of the same form.
    const header = (a: Answer, name: string) => a.headers.find(([k]) => k === name)?.[1];
    expect(header(first!, 'connection')).toBe('keep-alive');
    expect(header(first!, 'keep-alive')).toBe(`timeout=${Math.floor(rt.app.server.keepAliveTimeout / 1000)}`);
    expect(header(closing!, 'connection')).toBe('close');
    expect(new Date(header(first!, 'date')!).toUTCString()).toBe(header(first!, 'date'));
    expect(Math.abs(Date.parse(header(first!, 'date')!) - Date.now())).toBeLessThan(5_000);
  });

  it('is counted by GET /metrics like any answer (Fastify still ends the request)', async () => {
    const eventsAnswered = async () => {
      const res = await rt.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const m = /http_requests_total\{method="GET",route="\/api\/v1\/device\/events",status="200"\} (\d+)/.exec(
        res.body,
      );
      return Number(m?.[1] ?? 0);
    };
    const counted = await eventsAnswered();
    const before = prebuiltAnswerStats.sent;
    const conn = connection();
    conn.send({ query: '?wait=0&version=0' });
    await conn.answers(1);
    conn.send({ query: '?wait=0&version=0' });
    await conn.answers(1);
    conn.end();
    expect(prebuiltAnswerStats.sent - before).toBe(2);
    expect(await eventsAnswered()).toBe(counted + 2);
  });

  it('answers a woken long-poll with its message, then the next request on the same connection', async () => {
    const conn = connection();
    const before = prebuiltAnswerStats.sent;
    conn.send({ query: '?wait=30&version=0' });
    const deadline = Date.now() + 10_000;
    while (rt.ctx.wakeups.waiterCount(device.deviceId) === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    const { id } = await rt.ctx.db.transaction((tx) =>
      enqueueDeviceMessage(rt.ctx, tx, device.deviceId, 'notification', { title: 'Über "all"', message: 'ünï 🚀' }),
    );
    const [woken] = await conn.answers(1);
    expect(woken!.status).toBe(200);
    const data = (JSON.parse(woken!.body) as EventsResponse).data;
    expect(data.messages).toMatchObject([{ _id: id, payload: { title: 'Über "all"', message: 'ünï 🚀' } }]);
    expect(Number(woken!.headers.find(([k]) => k === 'content-length')![1])).toBe(Buffer.byteLength(woken!.body));
    conn.send({ query: '?wait=0&version=0' });
    const [next] = await conn.answers(1);
    expect((JSON.parse(next!.body) as EventsResponse).data.messages).toEqual([]);
    expect(prebuiltAnswerStats.sent - before).toBe(2);
    expect(conn.closed()).toBe(false);
    conn.end();
  });

  it('answers pipelined requests in order, and a HEAD without a body, on one connection', async () => {
    const conn = connection();
    const before = prebuiltAnswerStats.sent;
    conn.send(
      { query: '?wait=0&version=0' },
      { query: '?wait=0&version=0', method: 'HEAD' },
      { query: '?wait=0&version=0' },
    );
    const [a, head, c] = await conn.answers(3);
    for (const x of [a, head, c]) expect(x!.status).toBe(200);
    expect(head!.body).toBe('');
    expect(JSON.parse(c!.body)).toEqual(JSON.parse(a!.body));
    // Only the first had the connection to itself when it was answered (the HEAD never takes the fast path).
    expect(prebuiltAnswerStats.sent - before).toBeLessThanOrEqual(2);
    expect(conn.closed()).toBe(false);
    conn.end();
  });
});
