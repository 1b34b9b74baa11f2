import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { AppError } from './errors.ts';

/**
 * Staff CSV exports (DECISIONS §8 "Exports"): RFC 4180, UTF-8, the fixed file name and header row of spec 3 §9,
 * streamed from a database cursor so memory stays constant whatever the row count, with the formula-injection guard,
 * and 404 `E_NO_DATA` "No data to export" when nothing matches.
 *
 * A list route answers its `isExportData=true` variant with
 *   `return sendCsv(reply, { fileName: 'payment-history.csv', columns, rows: streamQuery(ctx.pool, query.toSQL()) })`
 * where `query` is the repository's Drizzle select for the same filters (no limit, same order).
 */

export type CsvCell = string | number | boolean | Date | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

export const NO_DATA_MESSAGE = 'No data to export';

/** Cells a spreadsheet would run as a formula start with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A phone number in E.164 (`+447700900123`, DECISIONS §14): a plus and digits only, nothing a spreadsheet can run. */
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * A cell as text: dates in ISO 8601 UTC, nothing for null, and a `'` before anything a spreadsheet would evaluate
 * (except an E.164 phone number, exported as it is).
 */
export const csvCell = (value: CsvCell): string => {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return typeof value === 'string' && FORMULA_START.test(text) && !E164.test(text) ? `'${text}` : text;
};

/** The filename part of `content-disposition` (the names are fixed ASCII; anything else is replaced). */
const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * Streams `rows` as CSV with a header row. Reads the first row before answering, so an empty result is a clean 404
 * JSON error rather than an empty file. The caller returns the reply.
 */
export async function sendCsv<Row>(
  reply: FastifyReply,
  { fileName, columns, rows }: { fileName: string; columns: readonly CsvColumn<Row>[]; rows: AsyncIterable<Row> },
): Promise<FastifyReply> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) {
    await iterator.return?.();
    throw new AppError(404, 'E_NO_DATA', NO_DATA_MESSAGE);
  }

  async function* records(): AsyncGenerator<string[]> {
    yield columns.map((c) => c.header);
    let next: IteratorResult<Row> = first;
    while (!next.done) {
      yield columns.map((c) => csvCell(c.value(next.value as Row)));
      next = await iterator.next();
    }
  }

  const csv = stringify({ record_delimiter: '\r\n', quoted_match: /[",\r\n]/ });
  // The generator feeds the stringifier with backpressure; a client that goes away stops the cursor (return()).
  void pipeline(Readable.from(records()), csv).catch(() => iterator.return?.());

  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safeFileName(fileName)}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(csv);
}

/**
 * Rows of one query read through a server-side cursor in batches (constant memory). Pass a Drizzle query's
 * `.toSQL()`. The connection goes back to the pool when the iteration ends or is abandoned.
 */
export async function* streamQuery<Row = Record<string, unknown>>(
  pool: pg.Pool,
  { sql, params }: { sql: string; params: unknown[] },
  batchSize = 1000,
): AsyncGenerator<Row> {
  const client = await pool.connect();
  const cursor = client.query(new Cursor<Row>(sql, params as unknown[]));
  let failed: unknown;
  try {
    for (;;) {
      const batch = await cursor.read(batchSize);
      if (batch.length === 0) return;
      yield* batch;
    }
  } catch (error) {
    failed = error;
    throw error;
  } finally {
    await cursor.close().catch(() => undefined);
    client.release(failed instanceof Error ? failed : undefined);
  }
}

/**
 * Rows of a keyset-ordered query fetched in batches (constant memory, no connection held between batches): the
 * Drizzle-friendly way to feed `sendCsv`. `fetchBatch(after, limit)` answers the rows after `after` (undefined:
 * from the start) in the list's order; `keyOf` gives the key of the last row to continue from.
 */
export async function* keysetBatches<Row, Key>(
  fetchBatch: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  batchSize = 1000,
): AsyncGenerator<Row> {
  let after: Key | undefined;
  for (;;) {
    const batch = await fetchBatch(after, batchSize);
    yield* batch;
    if (batch.length < batchSize) return;
    after = keyOf(batch[batch.length - 1]!);
  }
}
