/**
 * `npm run bench -- delivery-floor [--pollers 19500] [--runs 3] [--no-write]`
 *
 * The floor under issue 26's delivery target ("a lock to 20,000 devices long-polling on one process: p99 ≤ 1 s"): the
 * same load processes as bench/commands.ts hold `GET events?wait=300` on a bare node:http server — no Fastify, no
 * database, no wake-ups, no reads — which, at a moment t0, writes each held poll a prebuilt answer of the size of a
 * real one carrying a lock (every body built before t0). What the benchmark measures is t0 → arrival at the load
 * processes: the least any server on this machine can take to answer that many polls from one process, with the load
 * generator on the same cores. The product's delivery adds the fan-out's ledger rows, the wake-ups, the batched reads
 * and Fastify's reply on top of it (bench/commands.ts). `--writer socket` writes each answer's whole HTTP bytes
 * (status line, headers, body; built before t0) straight to the poll's socket, below node:http's response object.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { summarise, type LatencySummary } from '@fleetdeck/device-sim';
import type { PollAnswer } from './device-load.ts';
import { LoadProcess } from './load-process.ts';
import * as bench from './support.ts';

const { values } = parseArgs({
  options: {
    pollers: { type: 'string', default: '19500' },
    runs: { type: 'string', default: '3' },
    writer: { type: 'string', default: 'http' },
    'no-write': { type: 'boolean', default: false },
  },
});
const pollers = bench.intOption('pollers', values.pollers, 1, 50_000);
const runs = bench.intOption('runs', values.runs, 1, 10);
if (values.writer !== 'http' && values.writer !== 'socket') throw new Error('--writer is http or socket');
const writer = values.writer;
const TARGET_P99_MS = 1000;

const epochMs = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Busy CPU-seconds of the whole machine so far (every process: server, load generators, kernel; USER_HZ is 100). */
function machineBusySeconds() {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
}

/** A body like the product's `GET events` answer carrying one lock message, with this device's own ids. */
function answerBody(i: number) {
  const id = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
  return JSON.stringify({
    respones_msg: 'OK',
    data: {
      version: 0,
      messages: [
        {
          _id: id(1),
          type: 'command',
          command: {
            _id: id(2),
            type: 'lock',
            params: { message: 'Return this tablet to the front desk' },
            expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          },
          createdAt: new Date().toISOString(),
        },
      ],
    },
  });
}

async function oneRun(run: number) {
  const held: http.ServerResponse[] = [];
  const server = http.createServer((_req, res) => void held.push(res));
  server.keepAliveTimeout = 600_000;
  server.requestTimeout = 0;
  server.headersTimeout = 600_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const tokens = Array.from({ length: pollers }, (_, i) => `floor-${i}`);
  const halves = [tokens.slice(0, Math.ceil(pollers / 2)), tokens.slice(Math.ceil(pollers / 2))];
  const holders = [new LoadProcess(), new LoadProcess()];
  try {
    await Promise.all(
      holders.map((h, i) =>
        h.run({
          cmd: 'hold',
          baseUrl,
          tokens: halves[i],
          wait: 300,
          localAddress: `127.0.${210 + i}.1`,
          openConcurrency: 200,
        }),
      ),
    );
    const deadline = performance.now() + 120_000;
    while (held.length < pollers && performance.now() < deadline) await sleep(100);
    if (held.length < pollers) throw new Error(`only ${held.length} of ${pollers} polls held`);
    const bodies = held.map((_, i) => answerBody(i));
    const wire = bodies.map((body) =>
      Buffer.from(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\ncache-control: no-store\r\n\r\n${body}`,
      ),
    );
    await sleep(1000);
    const answered = holders.map((h) => h.start({ cmd: 'answers', timeoutMs: 60_000 }));
    const load0 = bench.loadAverage();
    const machine0 = machineBusySeconds();
    const cpu0 = process.cpuUsage();
    const t0 = epochMs();
    if (writer === 'socket') for (let i = 0; i < held.length; i += 1) held[i]!.socket!.write(wire[i]!);
    else
      for (let i = 0; i < held.length; i += 1) {
        const body = bodies[i]!;
        held[i]!.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'cache-control': 'no-store',
        });
        held[i]!.end(body);
      }
    const written = epochMs() - t0;
    const serverCpu = process.cpuUsage(cpu0);
    const results = (await Promise.all(answered)) as { answers: PollAnswer[] }[];
    const machineCpu = machineBusySeconds() - machine0;
    const answers = results.flatMap((r) => r.answers);
    const carrying = answers.filter((a) => a.status === 200 && a.message);
    const latency: LatencySummary = summarise(carrying.map((a) => a.at - t0));
    const result = {
      run,
      writer,
      pollers,
      carrying: carrying.length,
      bodyBytes: Buffer.byteLength(bodies[0]!),
      writeLoopMs: Math.round(written),
      serverCpuMsPerAnswer: bench.round((serverCpu.user + serverCpu.system) / 1000 / pollers, 4),
      machineCpuSeconds: bench.round(machineCpu, 2),
      latencyMs: latency,
      loadAverage: { start: load0, end: bench.loadAverage() },
    };
    console.log(
      `run ${run}: ${carrying.length} of ${pollers} polls answered; t0 → arrival ${bench.fmtLatency(latency)}; ` +
        `write loop ${result.writeLoopMs} ms, server CPU ${result.serverCpuMsPerAnswer} ms per answer, ` +
        `machine ${result.machineCpuSeconds} CPU-s (load ${load0.join(' / ')})`,
    );
    return result;
  } finally {
    for (const h of holders) h.stop();
    server.closeAllConnections();
    server.close();
  }
}

bench.runBenchmark(async () => {
  const startedAt = new Date();
  console.log(
    `Delivery floor: ${pollers} long-polls on a bare node:http server, answers written by ${writer} (${os.cpus().length} × ${os.cpus()[0]?.model}), ` +
      `${runs} run(s)`,
  );
  const results = [];
  for (let run = 1; run <= runs; run += 1) {
    results.push(await oneRun(run));
    await sleep(2000);
  }
  const best = results.reduce((a, b) => (b.latencyMs.p99 < a.latencyMs.p99 ? b : a));
  const markdown = [
    `# Delivery floor (${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `\`npm run bench -- delivery-floor --pollers ${pollers} --runs ${runs} --writer ${writer}\` (bench/delivery-floor.ts) on ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model}, node ${process.version}. The load processes of bench/commands.ts ` +
      `hold ${pollers.toLocaleString('en')} \`GET events?wait=300\` on a bare node:http server (no Fastify, no ` +
      `database); at t0 it writes each a prebuilt ${best.bodyBytes}-byte answer carrying a lock. ` +
      `Issue 26's target for the product: p99 ≤ ${TARGET_P99_MS} ms from the send's commit.`,
    '',
    '| run | answered | t0 → arrival p50 / p95 / p99 / max (ms) | write loop | server CPU per answer | machine CPU | load avg (start) |',
    '|---:|---:|---|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.run} | ${r.carrying.toLocaleString('en')} | ${r.latencyMs.p50} / ${r.latencyMs.p95} / ${r.latencyMs.p99} / ${r.latencyMs.max} | ` +
        `${r.writeLoopMs} ms | ${r.serverCpuMsPerAnswer} ms | ${r.machineCpuSeconds} s | ${r.loadAverage.start.join(' / ')} |`,
    ),
    '',
  ].join('\n');
  if (!values['no-write'])
    await bench.writeResults(`delivery-floor-${writer}`, startedAt, { pollers, runs, writer, results }, markdown);
  else console.log(markdown);
});
