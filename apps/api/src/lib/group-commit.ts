/**
 * Group commit (issue 25, issue 26): requests that arrive while one batch is written go together in the next
 * transaction, so a burst of small writes of one kind costs one transaction and one statement per table per batch
 * instead of a transaction each. Each request still waits for the commit that writes it and gets its own answer (an
 * outcome, or the error it alone would be refused with); nothing is answered before its commit.
 *
 * The engine only queues and answers: `write` opens the batch's transaction and decides each item. Should that throw
 * (a deadlock, a foreign key one item breaks), each item of the batch is written again alone, so one bad item never
 * fails the others; an item that fails alone is rejected with its error.
 */

export interface GroupCommitOptions<I, O> {
  /** What the items are, for the log line of a failed batch ("policy acks"). */
  name: string;
  /** Items one batch writes at most (a bigger backlog waits for the next batch). */
  maxBatch: number;
  /**
   * Batches written at once, per process: while one waits for the database, the next gathers and is written beside
   * it (one at a time left one of the machine's two cores idle: bench/fleet.ts).
   */
  atOnce: number;
  /** Writes the batch in one transaction: each item's outcome, or the error it is refused with. */
  write: (batch: readonly I[]) => Promise<Map<I, O | Error>>;
  logger: { warn: (obj: object, msg: string) => void };
}

interface Waiting<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit<I, O> {
  private queue: Waiting<I, O>[] = [];
  /** Batches being written now (at most `atOnce`). */
  private writing = 0;
  /** Transactions that committed a batch, and the items they answered (tests and the benchmarks read them). */
  readonly written = { batches: 0, items: 0 };

  constructor(private readonly options: GroupCommitOptions<I, O>) {}

  /** Answers once the transaction that writes `item` has committed (or rejects with the item's refusal). */
  submit(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      // The items of the same tick go together; at low load an item waits for nothing else. While a batch is written,
      // a second writer takes what arrives meanwhile.
      if (this.queue.length === 1 && this.writing < this.options.atOnce) setImmediate(() => void this.drain());
    });
  }

  private async drain() {
    if (this.writing >= this.options.atOnce || this.queue.length === 0) return;
    this.writing += 1;
    try {
      while (this.queue.length > 0) await this.write(this.queue.splice(0, this.options.maxBatch));
    } finally {
      this.writing -= 1;
    }
  }

  private async write(batch: Waiting<I, O>[]) {
    let answers: Map<I, O | Error>;
    try {
      answers = await this.options.write(batch.map((w) => w.item));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      this.options.logger.warn(
        { err, items: batch.length },
        `a batch of ${this.options.name} failed: each is written alone`,
      );
      for (const waiting of batch) await this.write([waiting]);
      return;
    }
    this.written.batches += 1;
    this.written.items += batch.length;
    for (const { item, resolve, reject } of batch) {
      const answer = answers.get(item);
      if (answer instanceof Error) reject(answer);
      else if (answer === undefined) reject(new Error(`a batch of ${this.options.name} left an item unanswered`));
      else resolve(answer);
    }
  }
}

/** One value per key (a running server's context), made on first use: each process's batcher of a kind. */
export function onePer<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(key)));
    return value;
  };
}
