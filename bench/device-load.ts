/**
 * The load generator of `npm run bench -- device` (bench/device.ts), in its own process (issue 14: the server's CPU
 * is not shared with the simulated fleet's event loop). Driven over the IPC channel of `fork`: one command at a time,
 * one answer per command. Keep-alive sockets, node:http's where the generator's own CPU does not matter, plain TCP
 * with requests written by hand where it does (`hold`, `postEach`); nothing but the requests and a clock.
 *
 *   { cmd: 'enrol' }     enrols `count` devices (POST enrol only), `concurrency` in flight, `perAddress` per loopback
 *                        source address (the per-IP enrolment limit), then one more that must be refused;
 *   { cmd: 'checkins' }  POST status + GET policy with If-None-Match (→ 304) per device in turn, `concurrency` in
 *                        flight, a warm-up then `durationMs`;
 *   { cmd: 'hold' }      opens GET events?wait=… for every token (one plain TCP socket each, the request written by
 *                        hand: see `hold`) and reports when all were sent; then records when each answer arrives and
 *                        whether it carried a message (`{ cmd: 'answers' }`);
 *   { cmd: 'fetch' }     GET policy once per token, `concurrency` in flight (what a woken device does before it acks).
 *   { cmd: 'acks' }      POST policy/ack once per item ({token, version, result, message}), `concurrency` in flight;
 *                        answers each ack's status and the wall-clock time its answer arrived, and the generator's
 *                        own CPU (bench/fleet.ts).
 *   { cmd: 'posts' }     POST each item's JSON body to its path with its token (`commands/:id/result` in
 *                        bench/commands.ts), `concurrency` in flight; answers as `acks` does.
 */
import http from 'node:http';
import net from 'node:net';
import { summarise } from '@fleetdeck/device-sim';

type Msg =
  | {
      cmd: 'enrol';
      baseUrl: string;
      enrolmentToken: string;
      count: number;
      concurrency: number;
      perAddress: number;
      prefix: string;
    }
  | { cmd: 'checkins'; baseUrl: string; tokens: string[]; concurrency: number; warmupMs: number; durationMs: number }
  | { cmd: 'hold'; baseUrl: string; tokens: string[]; wait: number; localAddress: string; openConcurrency: number }
  | { cmd: 'answers'; timeoutMs: number }
  | { cmd: 'acks'; baseUrl: string; items: AckItem[]; concurrency: number }
  | { cmd: 'fetch'; baseUrl: string; tokens: string[]; concurrency: number }
  | { cmd: 'posts'; baseUrl: string; items: PostItem[]; concurrency: number }
  | { cmd: 'exit' };

/** One device's acknowledgement of a policy version. */
export interface AckItem {
  token: string;
  version: number;
  result: 'Success' | 'Failed';
  message: string;
}

/** Wall-clock ms with sub-ms precision, comparable with the server process's (same machine). */
const epochMs = () => performance.timeOrigin + performance.now();

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

function request(
  agent: http.Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: string,
  localAddress?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const h = { ...headers };
    if (body !== undefined) {
      h['content-type'] = 'application/json';
      h['content-length'] = String(Buffer.byteLength(body));
    }
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: h,
        agent,
        ...(localAddress ? { localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

class Reasons {
  readonly counts = new Map<string, number>();
  add(r: string) {
    this.counts.set(r, (this.counts.get(r) ?? 0) + 1);
  }
  lines() {
    return [...this.counts.entries()].map(([r, n]) => `${n} × ${r}`);
  }
}

async function pool<T>(items: readonly T[], concurrency: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

// ------------------------------------------------------------------------------------------------- enrol

async function enrol(m: Extract<Msg, { cmd: 'enrol' }>) {
  const agents = new Map<string, http.Agent>();
  const agentFor = (address: string) => {
    let a = agents.get(address);
    if (!a) agents.set(address, (a = new http.Agent({ keepAlive: true })));
    return a;
  };
  const url = new URL('/api/v1/device/enrol', m.baseUrl);
  const failures = new Reasons();
  const latencies: number[] = [];
  const devices: { token: string; profileId: string; deviceId: string }[] = [];
  const body = (i: number) =>
    JSON.stringify({
      enrolmentToken: m.enrolmentToken,
      serialNumber: `${m.prefix}-${String(i).padStart(6, '0')}`,
      deviceName: `Bench tablet ${i}`,
      appName: 'PD',
      appVersionCode: 412,
      deviceModel: 'SM-T220',
      osVersion: '13',
      macAddress: '02:00:00:00:00:01',
      localIpAddress: '192.168.1.20',
      batteryLevel: 80,
    });
  // Devices take the addresses in turn (a roll-out of 10,000 in 20 s needs 84 sites at 120 a minute each): the
  // enrolments in flight come from different addresses, as they would.
  const addresses = Math.ceil((m.count + 1) / m.perAddress) + 1;
  const addressOf = (i: number) => {
    const a = i % addresses;
    return `127.0.${1 + Math.floor(a / 250)}.${2 + (a % 250)}`;
  };
  const t0 = performance.now();
  await pool(
    Array.from({ length: m.count }, (_, i) => i),
    m.concurrency,
    async (i) => {
      const address = addressOf(i);
      const t = performance.now();
      try {
        const res = await request(agentFor(address), url, 'POST', {}, body(i), address);
        latencies.push(performance.now() - t);
        if (res.status !== 200) {
          failures.add(`${res.status} ${res.body.slice(0, 120)}`);
          return;
        }
        const d = JSON.parse(res.body) as { deviceToken: string; profileId: string; deviceId: string };
        devices.push({ token: d.deviceToken, profileId: d.profileId, deviceId: d.deviceId });
      } catch (err) {
        failures.add((err as Error).message);
      }
    },
  );
  const ms = performance.now() - t0;
  // One more than the seats bought: refused.
  const extraAddress = addressOf(m.count);
  const extra = await request(agentFor(extraAddress), url, 'POST', {}, body(m.count), extraAddress);
  for (const a of agents.values()) a.destroy();
  return {
    ms,
    devices,
    sourceAddresses: agents.size,
    latencyMs: summarise(latencies),
    failures: failures.lines(),
    oneMore: { status: extra.status, code: (JSON.parse(extra.body) as { code?: string }).code ?? null },
  };
}

// ---------------------------------------------------------------------------------------------- check-ins

async function checkins(m: Extract<Msg, { cmd: 'checkins' }>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: m.concurrency * 2 });
  const statusUrl = new URL('/api/v1/device/status', m.baseUrl);
  const policyUrl = new URL('/api/v1/device/policy', m.baseUrl);
  const etags = new Array<string | undefined>(m.tokens.length);
  const battery = new Uint8Array(m.tokens.length).fill(80);
  // Each device's ETag, as a device holds it after its first fetch.
  await pool(m.tokens, m.concurrency, async (token, i) => {
    const res = await request(agent, policyUrl, 'GET', { authorization: `Device ${token}` });
    if (res.status === 200) etags[i] = String(res.headers.etag);
  });
  const run = async (ms: number) => {
    const status: number[] = [];
    const policy: number[] = [];
    const errors = new Reasons();
    let next = 0;
    let done = 0;
    const end = performance.now() + ms;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: m.concurrency }, async () => {
        while (performance.now() < end) {
          const i = next++ % m.tokens.length;
          const auth = { authorization: `Device ${m.tokens[i]!}` };
          try {
            // The battery drains a point every few check-ins: most reports change one field.
            if (next % 3 === 0) battery[i] = battery[i]! > 5 ? battery[i]! - 1 : 100;
            let t = performance.now();
            const s = await request(agent, statusUrl, 'POST', auth, `{"batteryLevel":${battery[i]}}`);
            status.push(performance.now() - t);
            if (s.status !== 200) errors.add(`POST status ${s.status}`);
            t = performance.now();
            const p = await request(agent, policyUrl, 'GET', { ...auth, 'if-none-match': etags[i] ?? '"none"' });
            policy.push(performance.now() - t);
            if (p.status !== 304) errors.add(`GET policy ${p.status} (not 304)`);
            done++;
          } catch (err) {
            errors.add((err as Error).message);
          }
        }
      }),
    );
    return { ms: performance.now() - t0, status, policy, done, errors: errors.lines() };
  };
  if (m.warmupMs > 0) await run(m.warmupMs);
  const r = await run(m.durationMs);
  agent.destroy();
  return {
    ms: r.ms,
    checkIns: r.done,
    requests: r.status.length + r.policy.length,
    latencyMs: {
      all: summarise([...r.status, ...r.policy]),
      status: summarise(r.status),
      policy: summarise(r.policy),
    },
    errors: r.errors,
  };
}

// ------------------------------------------------------------------------------------------------- hold

export interface PollAnswer {
  at: number;
  status: number;
  message: boolean;
  /** The `_id`s of the messages it carried (a command's message id is its ledger row's id). */
  messageIds?: string[];
  error?: string;
}
/** Answers as they arrived: the time, and the raw text (read after the broadcast, not on the clock). */
const arrived: { at: number; chunks: Buffer[] }[] = [];
const failed: PollAnswer[] = [];
let holding: Promise<void> | null = null;

/** Status and body of one HTTP/1.1 answer once `text` holds all of it (Content-Length or chunked), else null. */
function completeAnswer(text: string): { status: number; body: string } | null {
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd === -1) return null;
  const head = text.slice(0, headEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const body = text.slice(headEnd + 4);
  const length = /\r\ncontent-length: *(\d+)/.exec(head);
  if (length) return Buffer.byteLength(body) >= Number(length[1]) ? { status, body } : null;
  if (!head.includes('\r\ntransfer-encoding: chunked')) return { status, body };
  if (!body.endsWith('0\r\n\r\n')) return null;
  let out = '';
  for (let i = 0; ;) {
    const eol = body.indexOf('\r\n', i);
    const size = Number.parseInt(body.slice(i, eol), 16);
    if (!size) return { status, body: out };
    out += body.slice(eol + 2, eol + 2 + size);
    i = eol + 2 + size + 2;
  }
}

/**
 * Holds one GET events per token, one socket each, on plain TCP sockets with the request written by hand: the load
 * generator shares the 2 cores with the server, and node:http's client spent more per answer than the server did, so
 * the arrival times of a broadcast's 20,000 answers measured the generator's queue. Here an answer costs one read
 * and a timestamp; it is parsed only once the broadcast is over. The sockets stay open after the answer (as a
 * device's keep-alive client leaves them: the server does not close them either).
 */
async function hold(m: Extract<Msg, { cmd: 'hold' }>) {
  const url = new URL(m.baseUrl);
  const request = (token: string) =>
    `GET /api/v1/device/events?wait=${m.wait}&version=0 HTTP/1.1\r\nHost: ${url.host}\r\n` +
    `Authorization: Device ${token}\r\nConnection: keep-alive\r\n\r\n`;
  let sent = 0;
  const all: Promise<void>[] = [];
  // Open them `openConcurrency` at a time (each counts as sent once its request is written).
  await pool(m.tokens, m.openConcurrency, async (token) => {
    await new Promise<void>((opened) => {
      const p = new Promise<void>((done) => {
        const chunks: Buffer[] = [];
        let received = 0;
        /** Bytes the whole answer takes (head + Content-Length), once the head is in; -1 while it is not. */
        let expected = -1;
        let finished = false;
        const fail = (error: string) => {
          if (finished) return;
          finished = true;
          failed.push({ at: epochMs(), status: 0, message: false, error });
          opened();
          done();
        };
        const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress: m.localAddress });
        socket.on('data', (chunk: Buffer) => {
          const at = epochMs();
          chunks.push(chunk);
          received += chunk.length;
          if (finished) return;
          // Complete once the head is in and the body's length reached (one segment for an events answer). Only
          // the head's bytes are looked at here: the parse waits until the broadcast is over (this process shares the
          // 2 cores with the server, and every microsecond it spends per answer is taken from the server's).
          if (expected === -1) {
            const all = chunks.length === 1 ? chunk : Buffer.concat(chunks);
            const headEnd = all.indexOf('\r\n\r\n');
            if (headEnd === -1) return;
            const length = /\r\ncontent-length: *(\d+)/i.exec(all.toString('latin1', 0, headEnd));
            // Without a length (chunked, or a close-delimited error answer) the text is checked the slow way.
            expected = length ? headEnd + 4 + Number(length[1]) : -2;
          }
          if (expected === -2 ? !completeAnswer(Buffer.concat(chunks).toString('utf8')) : received < expected) return;
          finished = true;
          arrived.push({ at, chunks });
          done();
        });
        socket.on('error', (err) => fail(err.message));
        socket.on('close', () => fail('closed before the answer'));
        socket.write(request(token), () => {
          sent++;
          opened();
        });
      });
      all.push(p);
    });
  });
  holding = Promise.all(all).then(() => undefined);
  const reasons = new Reasons();
  for (const a of failed) reasons.add(a.error!);
  return { sent, errors: failed.length, reasons: reasons.lines() };
}

/** The answers, parsed now that the clock no longer matters. */
function answersSoFar(): PollAnswer[] {
  const out: PollAnswer[] = [...failed];
  for (const a of arrived) {
    const r = completeAnswer(Buffer.concat(a.chunks).toString('utf8'))!;
    let messageIds: string[] = [];
    try {
      const messages = (JSON.parse(r.body) as { data?: { messages?: { _id: string }[] } }).data?.messages ?? [];
      messageIds = messages.map((m) => m._id);
    } catch {
      // not JSON: counted as an answer without a message
    }
    out.push({ at: a.at, status: r.status, message: messageIds.length > 0, messageIds });
  }
  return out;
}

async function collect(m: Extract<Msg, { cmd: 'answers' }>) {
  if (holding) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([holding, new Promise((r) => (timer = setTimeout(r, m.timeoutMs)))]);
    clearTimeout(timer);
  }
  return { answers: answersSoFar() };
}

// -------------------------------------------------------------------------------------------------- acks

/** One device's POST of the `posts` command: its token, the path and the JSON body. */
export interface PostItem {
  token: string;
  path: string;
  body: unknown;
}

/**
 * Every item's POST, `concurrency` in flight, in the items' order, over `concurrency` keep-alive TCP sockets with the
 * requests written by hand (like `hold`): node:http's client spent about 0.5 ms of CPU per request, as much as the
 * server's handling of an ack, on the same 2 cores, so a run measured the generator as much as the server. Every
 * request's bytes are built before the clock starts; an answer costs one look at its head (status and length), and
 * only a non-200 answer's body is kept (for the error reasons). Answers, per item, the status and the wall-clock time
 * (epoch ms) its answer arrived, and the first start and last answer.
 */
async function postEach(baseUrl: string, items: readonly PostItem[], concurrency: number) {
  const url = new URL(baseUrl);
  const requests = items.map((item) => {
    const body = Buffer.from(JSON.stringify(item.body));
    const head =
      `POST ${item.path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Device ${item.token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`;
    return Buffer.concat([Buffer.from(head, 'latin1'), body]);
  });
  const status = new Array<number>(items.length).fill(0);
  const answeredAt = new Array<number>(items.length).fill(0);
  const latencies: number[] = [];
  const errors = new Reasons();
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const startedAt = epochMs();
  /** One socket sending the next item's request once the previous answer is in; a broken socket is replaced. */
  const lane = async () => {
    while (next < items.length) {
      const socket = net.connect({ host: url.hostname, port: Number(url.port) });
      socket.setNoDelay(true);
      const broken = await new Promise<boolean>((laneDone) => {
        let i = -1;
        let t = 0;
        let chunks: Buffer[] = [];
        let received = 0;
        /** Bytes of the whole answer once its head is in; -1 while it is not; -2 chunked. */
        let expected = -1;
        const send = () => {
          if (next >= items.length) {
            socket.destroy();
            return laneDone(false);
          }
          i = next++;
          chunks = [];
          received = 0;
          expected = -1;
          t = performance.now();
          socket.write(requests[i]!);
        };
        socket.on('connect', send);
        socket.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (expected === -1) {
            const all = chunks.length === 1 ? chunk : Buffer.concat(chunks);
            const headEnd = all.indexOf('\r\n\r\n');
            if (headEnd === -1) return;
            const head = all.toString('latin1', 0, headEnd);
            const length = /\r\ncontent-length: *(\d+)/i.exec(head);
            expected = length ? headEnd + 4 + Number(length[1]) : -2;
          }
          if (expected !== -2 && received < expected) return;
          const answer = completeAnswer(Buffer.concat(chunks).toString('utf8'));
          if (!answer) return;
          answeredAt[i] = epochMs();
          latencies.push(performance.now() - t);
          status[i] = answer.status;
          if (answer.status !== 200) errors.add(`${answer.status} ${answer.body.slice(0, 160)}`);
          send();
        });
        const fail = (reason: string) => {
          if (i >= 0 && !answeredAt[i]) {
            answeredAt[i] = epochMs();
            errors.add(reason);
          }
          socket.destroy();
          laneDone(true);
        };
        socket.on('error', (err) => fail(err.message));
        socket.on('close', () => fail('closed before the answer'));
      });
      if (!broken) return;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  const endedAt = epochMs();
  const cpu = process.cpuUsage(cpuBefore);
  /** This generator's own CPU (user + system), to compare with the server's and the database's per request. */
  const generatorCpuMs = (cpu.user + cpu.system) / 1000;
  return {
    startedAt,
    endedAt,
    status,
    answeredAt,
    latencyMs: summarise(latencies),
    errors: errors.lines(),
    generatorCpuMs,
  };
}

/** Every item's `POST policy/ack` (bench/fleet.ts). */
const acks = (m: Extract<Msg, { cmd: 'acks' }>) =>
  postEach(
    m.baseUrl,
    m.items.map((item) => ({
      token: item.token,
      path: '/api/v1/device/policy/ack',
      body: { version: item.version, result: item.result, message: item.message },
    })),
    m.concurrency,
  );

/** Every token's `GET policy`, `concurrency` in flight: answers the count of 200s and the reasons of the rest. */
async function fetchPolicies(m: Extract<Msg, { cmd: 'fetch' }>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: m.concurrency });
  const url = new URL('/api/v1/device/policy', m.baseUrl);
  const errors = new Reasons();
  let ok = 0;
  await pool(m.tokens, m.concurrency, async (token) => {
    const res = await request(agent, url, 'GET', { authorization: `Device ${token}` });
    if (res.status === 200) ok += 1;
    else errors.add(`GET policy ${res.status} ${res.body.slice(0, 160)}`);
  });
  agent.destroy();
  return { ok, errors: errors.lines() };
}

// ------------------------------------------------------------------------------------------------- loop

process.on('message', (m: Msg) => {
  const reply = (out: unknown) => process.send!({ ok: true, cmd: m.cmd, ...(out as object) });
  const fail = (err: unknown) =>
    process.send!({ ok: false, cmd: m.cmd, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  switch (m.cmd) {
    case 'enrol':
      return void enrol(m).then(reply, fail);
    case 'checkins':
      return void checkins(m).then(reply, fail);
    case 'hold':
      return void hold(m).then(reply, fail);
    case 'answers':
      return void collect(m).then(reply, fail);
    case 'acks':
      return void acks(m).then(reply, fail);
    case 'fetch':
      return void fetchPolicies(m).then(reply, fail);
    case 'posts':
      return void postEach(m.baseUrl, m.items, m.concurrency).then(reply, fail);
    case 'exit':
      process.exit(0);
  }
});
process.send!({ ok: true, cmd: 'ready' });
