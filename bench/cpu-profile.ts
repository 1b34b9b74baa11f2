/**
 * `npx tsx bench/cpu-profile.ts <file.cpuprofile> [--from S] [--to S] [--svg out.svg] [--top 25]`
 *
 * Where a process's time went, from a V8 CPU profile (`node --cpu-prof`, e.g. `npm run bench -- pages --no-lighthouse
 * --cpu-prof`): self time by function and by package, and optionally a flame graph as a standalone SVG (no
 * dependency). --from/--to keep the samples of that window, in seconds from the profile's start (a negative number
 * counts from its end), e.g. the seconds autocannon ran; a per-second timeline of busy samples is printed to pick it.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    svg: { type: 'string' },
    top: { type: 'string', default: '25' },
  },
});
const file = positionals[0] ?? '';
if (!file) {
  console.error('usage: tsx bench/cpu-profile.ts <file.cpuprofile> [--from S] [--to S] [--svg out.svg] [--top 25]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Sample times (µs from the profile's start).
const times: number[] = [];
let t = 0;
for (const d of profile.timeDeltas) times.push((t += d));
const total = (profile.endTime - profile.startTime) / 1e6;
const at = (v: string | undefined, fallback: number) => {
  if (v === undefined) return fallback;
  const n = Number(v);
  return (n < 0 ? total + n : n) * 1e6;
};
const from = at(opts.from, 0);
const to = at(opts.to, Infinity);

const IDLE = new Set(['(idle)', '(program)']);
const name = (f: CallFrame) => f.functionName || '(anonymous)';

// Timeline: share of busy samples per second over the whole profile.
const perSecond: { busy: number; all: number }[] = [];
profile.samples.forEach((id, i) => {
  const s = Math.floor(times[i]! / 1e6);
  const slot = (perSecond[s] ??= { busy: 0, all: 0 });
  slot.all += 1;
  if (!IDLE.has(byId.get(id)!.callFrame.functionName)) slot.busy += 1;
});
console.log(`${file}: ${total.toFixed(1)} s, ${profile.samples.length} samples`);
console.log(
  'busy % per second: ' + perSecond.map((s, i) => `${i}:${s ? Math.round((100 * s.busy) / s.all) : 0}`).join(' '),
);

// Self time per node in the window.
const self = new Map<number, number>();
let inWindow = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  if (times[i]! < from || times[i]! > to) return;
  inWindow += 1;
  if (IDLE.has(byId.get(id)!.callFrame.functionName)) idle += 1;
  self.set(id, (self.get(id) ?? 0) + 1);
});
console.log(
  `window ${(from / 1e6).toFixed(1)}–${(Math.min(to, total * 1e6) / 1e6).toFixed(1)} s: ${inWindow} samples, ` +
    `${((100 * idle) / Math.max(inWindow, 1)).toFixed(1)} % idle/program`,
);

/** The package (or node: internal, or the app's own file) a frame belongs to. */
function packageOf(url: string): string {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const nm = url.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + 14).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const m = /\/(apps|packages)\/([^/]+)\/src\/(.*)$/.exec(url);
  return m ? `app: ${m[2]}/${m[3]}` : url.replace(/^file:\/\//, '');
}

const pct = (n: number) => `${((100 * n) / Math.max(inWindow, 1)).toFixed(1).padStart(5)} %`;
const top = Number(opts.top);
const fnSelf = new Map<string, number>();
const pkgSelf = new Map<string, number>();
for (const [id, n] of self) {
  const f = byId.get(id)!.callFrame;
  const key = `${name(f)}  ${packageOf(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  fnSelf.set(key, (fnSelf.get(key) ?? 0) + n);
  const pkg = IDLE.has(f.functionName) ? f.functionName : packageOf(f.url);
  pkgSelf.set(pkg, (pkgSelf.get(pkg) ?? 0) + n);
}
const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
console.log('\nself time by function (share of the window):');
for (const [k, n] of sorted(fnSelf).slice(0, top)) console.log(`  ${pct(n)}  ${k}`);
console.log('\nself time by package:');
for (const [k, n] of sorted(pkgSelf).slice(0, top)) console.log(`  ${pct(n)}  ${k}`);

if (opts.svg) {
  fs.writeFileSync(opts.svg, flameGraph());
  console.log(`\nwrote ${opts.svg}`);
}

/** An icicle-style flame graph (root at the top) of the window's busy samples; hover a frame for its name. */
function flameGraph(): string {
  const inclusive = new Map<number, number>();
  for (const [id, n] of self) {
    if (IDLE.has(byId.get(id)!.callFrame.functionName)) continue;
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      inclusive.set(cur, (inclusive.get(cur) ?? 0) + n);
    }
  }
  const root = profile.nodes[0]!;
  const width = 1600;
  const rowH = 16;
  const totalBusy = inclusive.get(root.id) ?? 1;
  const rects: string[] = [];
  let maxDepth = 0;
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const colour = (pkg: string) => {
    if (pkg.startsWith('app:')) return '#4c6ef5';
    if (pkg.startsWith('node:') || pkg === '(native / V8)') return '#adb5bd';
    let h = 0;
    for (const c of pkg) h = (h * 31 + c.charCodeAt(0)) % 360;
    return `hsl(${20 + (h % 40)}, 85%, ${55 + (h % 15)}%)`;
  };
  const draw = (id: number, x: number, depth: number) => {
    const n = inclusive.get(id) ?? 0;
    const w = (n / totalBusy) * width;
    if (w < 0.3) return;
    maxDepth = Math.max(maxDepth, depth);
    const node = byId.get(id)!;
    const pkg = packageOf(node.callFrame.url);
    const label = `${name(node.callFrame)} (${pkg}) ${((100 * n) / totalBusy).toFixed(1)} %`;
    const text =
      w > 40 ? `<text x="${x + 3}" y="${depth * rowH + 12}">${esc(label.slice(0, Math.floor(w / 6.5)))}</text>` : '';
    rects.push(
      `<g><title>${esc(label)}</title><rect x="${x.toFixed(1)}" y="${depth * rowH}" width="${w.toFixed(1)}" height="${rowH - 1}" fill="${colour(pkg)}"/>${text}</g>`,
    );
    let cx = x;
    for (const c of node.children ?? []) {
      draw(c, cx, depth + 1);
      cx += ((inclusive.get(c) ?? 0) / totalBusy) * width;
    }
  };
  draw(root.id, 0, 0);
  const height = (maxDepth + 1) * rowH + 30;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="monospace" font-size="11">`,
    `<text x="4" y="${height - 10}">${esc(`${file.split('/').pop()} · busy samples ${totalBusy} of ${inWindow} in the window · blue: the app, grey: node/V8, orange: packages`)}</text>`,
    ...rects,
    '</svg>',
    '',
  ].join('\n');
}
