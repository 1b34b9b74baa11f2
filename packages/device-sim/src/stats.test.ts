import { describe, expect, it } from 'vitest';
import { createLimiter, percentile, RequestCounter, summarise } from './stats.ts';
import { createRandom, hashSeed, pick, randomInt } from './random.ts';

describe('percentile / summarise', () => {
  it('uses the nearest rank', () => {
    const s = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(s, 50)).toBe(50);
    expect(percentile(s, 95)).toBe(95);
    expect(percentile(s, 99)).toBe(99);
    expect(percentile(s, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('summarises unsorted samples', () => {
    expect(summarise([3, 1, 2, 4])).toEqual({ count: 4, min: 1, p50: 2, p95: 4, p99: 4, max: 4, mean: 2.5 });
    expect(summarise([]).count).toBe(0);
  });
});

describe('RequestCounter', () => {
  it('groups by method, path without query, and status', () => {
    const c = new RequestCounter();
    c.add('GET', '/api/v1/device/events?wait=30', 200);
    c.add('GET', '/api/v1/device/events?wait=0', 200);
    c.add('GET', '/api/v1/device/policy', 304);
    expect(c.lines()).toEqual(['GET /api/v1/device/events 200: 2', 'GET /api/v1/device/policy 304: 1']);
  });
});

describe('createLimiter', () => {
  it('never runs more than n tasks at once and runs them all', async () => {
    const limiter = createLimiter(3);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limiter.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 1 + (i % 3)));
          running--;
          return i;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(peak).toBe(3);
    expect(limiter.active).toBe(0);
  });

  it('passes rejections through and keeps going', async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('refuses a concurrency below 1', () => {
    expect(() => createLimiter(0)).toThrow();
  });
});

describe('random', () => {
  it('is deterministic and in range', () => {
    const a = createRandom(hashSeed('x'));
    const b = createRandom(hashSeed('x'));
    const xs = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    const r = createRandom(5);
    for (let i = 0; i < 100; i++) {
      const n = randomInt(r, 2, 4);
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(4);
    }
    expect(() => pick(r, [])).toThrow();
    expect(hashSeed('a')).not.toBe(hashSeed('b'));
  });
});
