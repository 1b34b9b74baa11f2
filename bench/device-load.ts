/**
 * The load generator of `npm run bench -- device` (bench/device.ts), in its own process (issue 14: the server's CPU
 * is not shared with the simulated fleet's event loop). Driven over the IPC channel of `fork`: one command at a time,
 * one answer per command. Plain node:http with keep-alive sockets; nothing but the requests and a clock.
 *
 *   { cmd: 'enrol' }     enrols `count` devices (POST enrol only), `concurrency` in flight, `perAddress` per loopback
 *                        source address (the per-IP enrolment limit), then one more that must be refused;
 *   { cmd: 'checkins' }  POST status + GET policy with If-None-Match (→ 304) per device in turn, `concurrency` in
 *                        flight, a warm-up then `durationMs`;
 *   { cmd: 'hold' }      opens GET events?wait=… for every token (one socket each) and reports when all were sent;
 *                        then records when each answers and whether it carried a message (`{ cmd: 'answers' }`).
 */
import http from 'node:http';
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
  | { cmd: 'exit' };

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

const answers: { at: number; status: number; message: boolean; error?: string }[] = [];
let holding: Promise<void> | null = null;

async function hold(m: Extract<Msg, { cmd: 'hold' }>) {
  // One socket per poll: a long-poll occupies its connection. Kept alive after the answer, as a device's HTTP client
  // does (the simulator's fetch, the app's client): the device polls again on it, so the server does not close it.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const url = new URL(`/api/v1/device/events?wait=${m.wait}&version=0`, m.baseUrl);
  let sent = 0;
  const all: Promise<void>[] = [];
  let release!: () => void;
  const allSent = new Promise<void>((r) => (release = r));
  // Open them `openConcurrency` at a time (each counts as sent once its request is written).
  await pool(m.tokens, m.openConcurrency, async (token) => {
    await new Promise<void>((opened) => {
      const p = new Promise<void>((done) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: `${url.pathname}${url.search}`,
            headers: { authorization: `Device ${token}` },
            agent,
            localAddress: m.localAddress,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const at = epochMs();
              const text = Buffer.concat(chunks).toString('utf8');
              let message = false;
              try {
                message = ((JSON.parse(text) as { data?: { messages?: unknown[] } }).data?.messages?.length ?? 0) > 0;
              } catch {
                // not JSON: counted as an answer without a message
              }
              answers.push({ at, status: res.statusCode ?? 0, message });
              done();
            });
            res.on('error', (err) => {
              answers.push({ at: epochMs(), status: 0, message: false, error: err.message });
              done();
            });
          },
        );
        req.on('error', (err) => {
          answers.push({ at: epochMs(), status: 0, message: false, error: err.message });
          opened();
          done();
        });
        req.end(() => {
          sent++;
          opened();
        });
      });
      all.push(p);
    });
  });
  release();
  await allSent;
  holding = Promise.all(all).then(() => undefined);
  const reasons = new Reasons();
  for (const a of answers) if (a.error) reasons.add(a.error);
  return { sent, errors: answers.filter((a) => a.error).length, reasons: reasons.lines() };
}

async function collect(m: Extract<Msg, { cmd: 'answers' }>) {
  if (holding) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([holding, new Promise((r) => (timer = setTimeout(r, m.timeoutMs)))]);
    clearTimeout(timer);
  }
  return { answers };
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
    case 'exit':
      process.exit(0);
  }
});
process.send!({ ok: true, cmd: 'ready' });
