/** Small helpers for counting requests and their latencies (the benchmarks and the CLI summary). */

/** Nearest-rank percentile of an ascending-sorted list; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface LatencySummary {
  count: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

export function summarise(samples: readonly number[]): LatencySummary {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.length ? s.reduce((a, b) => a + b, 0) / s.length : Number.NaN;
  return {
    count: s.length,
    min: round(s[0] ?? Number.NaN),
    p50: round(percentile(s, 50)),
    p95: round(percentile(s, 95)),
    p99: round(percentile(s, 99)),
    max: round(s[s.length - 1] ?? Number.NaN),
    mean: round(mean),
  };
}

/** Counts of requests by "METHOD path status", for a readable end-of-run summary. */
export class RequestCounter {
  readonly counts = new Map<string, number>();
  add(method: string, path: string, status: number) {
    const key = `${method} ${path.replace(/\?.*$/, '')} ${status}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  lines(): string[] {
    return [...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}: ${n}`);
  }
}

/** At most `n` tasks run at once; the rest wait their turn (FIFO). */
export function createLimiter(n: number) {
  if (!Number.isInteger(n) || n < 1) throw new Error('concurrency must be a whole number of at least 1');
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (active >= n) return;
    const run = queue.shift();
    if (run) {
      active++;
      run();
    }
  };
  return {
    get active() {
      return active;
    },
    get pending() {
      return queue.length;
    },
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          task()
            .then(resolve, reject)
            .finally(() => {
              active--;
              next();
            });
        });
        next();
      });
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
