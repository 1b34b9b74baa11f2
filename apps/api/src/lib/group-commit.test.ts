import { describe, expect, it } from 'vitest';
import { GroupCommit, onePer, type GroupCommitOptions } from './group-commit.ts';

/**
 * The engine of ack-batch.ts and the commands' results (the database side of each is tested with its module): items of
 * one moment share a batch, at most `atOnce` batches at once of at most `maxBatch` items, each item answered with its
 * own outcome or refusal, a failed batch written again item by item.
 */

const warnings: string[] = [];
const logger = { warn: (_obj: object, msg: string) => void warnings.push(msg) };

/** An engine over numbers whose batches are recorded; `decide` answers each batch (by default, each item doubled). */
function engine(
  options: Partial<Omit<GroupCommitOptions<number, number>, 'write'>> = {},
  decide: GroupCommitOptions<number, number>['write'] = async (batch) => new Map(batch.map((n) => [n, n * 2])),
) {
  const batches: number[][] = [];
  const commits = new GroupCommit<number, number>({
    name: 'numbers',
    maxBatch: 500,
    atOnce: 2,
    logger,
    ...options,
    write: (batch) => {
      batches.push([...batch]);
      return decide(batch);
    },
  });
  return { commits, batches };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('writes the items of one moment in one batch and answers each with its own outcome or refusal', async () => {
    const { commits, batches } = engine(
      {},
      async (batch) => new Map(batch.map((n) => [n, n < 0 ? new Error(`refused ${n}`) : n * 2])),
    );
    const answers = await Promise.allSettled([1, 2, -3, 4].map((n) => commits.submit(n)));
    expect(answers).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'fulfilled', value: 4 },
      { status: 'rejected', reason: new Error('refused -3') },
      { status: 'fulfilled', value: 8 },
    ]);
    expect(batches).toEqual([[1, 2, -3, 4]]);
    expect(commits.written).toEqual({ batches: 1, items: 4 });
  });

  it('writes at most `atOnce` batches at once, each of at most `maxBatch` items; what arrives meanwhile next', async () => {
    let inFlight = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const { commits, batches } = engine({ maxBatch: 3, atOnce: 2 }, async (batch) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => release.push(resolve));
      inFlight -= 1;
      return new Map(batch.map((n) => [n, n]));
    });
    const submitted = [1, 2, 3].map((n) => commits.submit(n));
    await tick();
    // Arriving while the first batch is written: a second writer takes them, three of them.
    submitted.push(...[4, 5, 6, 7].map((n) => commits.submit(n)));
    await tick();
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    // Two batches in flight: what arrives now waits for one of them.
    submitted.push(commits.submit(8));
    await tick();
    expect(batches).toHaveLength(2);
    release.shift()!();
    await tick();
    expect(batches.at(-1)).toEqual([7, 8]);
    while (release.length > 0) {
      release.shift()!();
      await tick();
    }
    expect(await Promise.all(submitted)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(most).toBe(2);
    expect(commits.written).toEqual({ batches: 3, items: 8 });
  });

  it('writes a failed batch again item by item: the bad item is rejected with its error, the others answered', async () => {
    warnings.length = 0;
    const { commits, batches } = engine({}, async (batch) => {
      if (batch.includes(13)) throw new Error('13 broke the transaction');
      return new Map(batch.map((n) => [n, n * 2]));
    });
    const answers = await Promise.allSettled([12, 13, 14].map((n) => commits.submit(n)));
    expect(answers).toEqual([
      { status: 'fulfilled', value: 24 },
      { status: 'rejected', reason: new Error('13 broke the transaction') },
      { status: 'fulfilled', value: 28 },
    ]);
    expect(batches).toEqual([[12, 13, 14], [12], [13], [14]]);
    // Two transactions committed (12 and 14 alone).
    expect(commits.written).toEqual({ batches: 2, items: 2 });
    expect(warnings).toEqual(['a batch of numbers failed: each is written alone']);
  });

  it('rejects an item its batch left unanswered', async () => {
    const { commits } = engine({}, async (batch) => new Map(batch.filter((n) => n !== 2).map((n) => [n, n])));
    const answers = await Promise.allSettled([1, 2].map((n) => commits.submit(n)));
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected']);
  });
});

describe('onePer', () => {
  it('makes one value per key, on first use', () => {
    let made = 0;
    const of = onePer((key: object) => ({ key, n: ++made }));
    const a = {};
    const b = {};
    expect(of(a)).toBe(of(a));
    expect(of(b).n).toBe(2);
    expect(made).toBe(2);
  });
});
