/**
 * One line on how fast this machine is at the three things the test run spends its time on, printed at the top of
 * `.ci/run` so that two runs' times can be compared. The whole run took 619 s on one machine of this kind (at e2276b4)
 * and 20 to 27 minutes on another, a few commits on. On the second, a page fault cost 12.6 µs (usually well under
 * 1 µs) and a system call 1 µs (getppid from C), and `npm test` alone made 11.7 million page faults (new PostgreSQL
 * backends, Chromium renderers, V8 heaps).
 *   - compute: a 300-million-step loop of JavaScript (one core);
 *   - page faults: 256 MiB of fresh memory written once, per 4 KiB page;
 *   - system calls: 200,000 fstat calls on an open file, from Node (its own part of each call included).
 * A measurement, not a check: it never fails the run.
 */
import fs from 'node:fs';

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

let t = process.hrtime.bigint();
let sum = 0;
for (let i = 0; i < 3e8; i += 1) sum += i;
const loopMs = ms(t);

const bytes = 256 * 1024 * 1024;
t = process.hrtime.bigint();
// allocUnsafeSlow: memory fresh from the kernel, not yet touched; fill writes every page once.
Buffer.allocUnsafeSlow(bytes).fill(1);
const faultUs = (ms(t) * 1000) / (bytes / 4096);

const fd = fs.openSync(process.argv[1], 'r');
const calls = 200_000;
t = process.hrtime.bigint();
for (let i = 0; i < calls; i += 1) fs.fstatSync(fd);
const callUs = (ms(t) * 1000) / calls;
fs.closeSync(fd);

// The loop's sum is used, so the loop is not left out.
if (!(sum > 0)) throw new Error(`the loop summed ${sum}`);
console.log(
  `machine: 3e8-step loop ${(loopMs / 1000).toFixed(2)} s; a page fault ${faultUs.toFixed(2)} µs; ` +
    `an fstat call from Node ${callUs.toFixed(2)} µs`,
);
